import { defineRule } from "./rule";
import { evidence } from "./evidence";

const DAMAGE_CODES = new Set([
  "xref-rebuilt",
  "xref-entry-mismatch",
  "startxref-invalid",
  "endobj-missing",
  "endstream-missing",
  "stream-length-mismatch",
  "syntax-error",
  "objstm-invalid",
  "trailer-missing",
]);

export const malformedStructure = defineRule({
  id: "malformed-structure",
  title: "Malformed file structure",
  description:
    "The reader had to repair the file (broken cross-reference data, unterminated objects or streams). Damaged files are common; malware also breaks structure on purpose to derail scanners. Reported as context.",
  category: "structure",
  severity: "info",
  weight: 3,
  attack: ["T1027"],
  mitigations: ["sanitize_with_cdr"],
  confidence: "high",
  check({ structure }) {
    const items = structure.anomalies.filter((a) => DAMAGE_CODES.has(a.code));
    if (!items.length) return null;
    const codes = [...new Set(items.map((a) => a.code))];
    return {
      evidence: items.map((a) =>
        evidence({
          objectRef: a.objectRef ? `${a.objectRef} R` : undefined,
          offset: a.offset >= 0 ? a.offset : undefined,
          excerpt: `${a.code}: ${a.message}`,
        }),
      ),
      detail: `Repairs: ${codes.join(", ")}.`,
    };
  },
});

export const headerNotAtStart = defineRule({
  id: "header-not-at-start",
  title: "PDF header is not at the start of the file",
  description:
    "Bytes precede %PDF- (or the header is missing). Readers tolerate it; it is used to build polyglot files that pass as another type, and to evade type detection.",
  category: "structure",
  severity: "medium",
  weight: 15,
  attack: ["T1036.008"],
  mitigations: ["sanitize_with_cdr"],
  confidence: "high",
  check({ structure }) {
    const a = structure.anomalies.find(
      (x) => x.code === "header-not-at-start" || (x.code === "header-missing" && structure.objectCount > 0),
    );
    return a ? { evidence: [evidence({ offset: a.offset, excerpt: a.message })] } : null;
  },
});

/** a little trailing junk is common (padding, a newline); a real payload is larger */
const MIN_TRAILING_BYTES = 64;

export const dataAfterEof = defineRule({
  id: "data-after-eof",
  title: "Data after the last %%EOF",
  description:
    "Bytes follow the end-of-file marker. Readers ignore them, so they can carry a hidden payload (an appended executable, archive or script) that travels with an innocent-looking document.",
  category: "structure",
  severity: "low",
  weight: 10,
  attack: ["T1027.009"],
  mitigations: ["sanitize_with_cdr"],
  confidence: "high",
  check({ structure }) {
    const a = structure.anomalies.find((x) => x.code === "data-after-eof");
    if (!a || structure.fileBytes - a.offset < MIN_TRAILING_BYTES) return null;
    return { evidence: [evidence({ offset: a.offset, excerpt: a.message })] };
  },
});

export const objectsOutsideXref = defineRule({
  id: "objects-outside-xref",
  title: "Objects not listed in the cross-reference table",
  description:
    "The file holds objects that its own xref does not index. Different readers then see different documents (a parser differential), a trick to show scanners one thing and the victim another.",
  category: "structure",
  severity: "low",
  weight: 8,
  attack: ["T1027"],
  mitigations: ["sanitize_with_cdr"],
  check({ structure }) {
    const items = structure.anomalies.filter((x) => x.code === "object-outside-xref");
    if (!items.length) return null;
    return {
      evidence: items.map((a) =>
        evidence({ objectRef: a.objectRef ? `${a.objectRef} R` : undefined, offset: a.offset }),
      ),
      detail: `${structure.anomalyCounts["object-outside-xref"] ?? 0} object(s).`,
    };
  },
});

/** incremental saves by form fillers and signers rarely exceed a handful */
const MANY_REVISIONS = 10;

export const manyRevisions = defineRule({
  id: "many-revisions",
  title: "Many incremental updates",
  description:
    "The file was updated incrementally many times. Each update can replace objects that earlier revisions showed; signed or scanned content may differ from what is displayed.",
  category: "structure",
  severity: "info",
  weight: 3,
  attack: ["T1027"],
  mitigations: ["sanitize_with_cdr"],
  confidence: "high",
  check({ structure: { revisions } }) {
    return revisions >= MANY_REVISIONS ? { evidence: [evidence({ excerpt: `${revisions} revisions` })] } : null;
  },
});
