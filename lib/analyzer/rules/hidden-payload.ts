import type { HiddenPayloadFact } from "../facts/hidden-payloads";
import { defineRule } from "./rule";
import { evidence } from "./evidence";

const PLACES: Record<HiddenPayloadFact["where"], string> = {
  "before-header": "before the %PDF header",
  "between-objects": "between the objects",
  "after-eof": "after %%EOF",
  stream: "as the data of a stream no attachment presents",
};

/**
 * What makes a hidden payload one: a program; a zip whose names run when opened; a RAR or 7z whatever
 * it holds (no writer appends one to a document: a RAR/PDF polyglot is made for the archiver; a RAR's
 * names are shown when its headers can be read); an Office file with macros. A zip of documents is left
 * to the structure rules (data-after-eof, high-entropy-outside-streams).
 */
function isRunnablePayload(p: HiddenPayloadFact): boolean {
  if (
    p.kind === "pe-executable" ||
    p.kind === "elf-executable" ||
    p.kind === "macho-executable" ||
    p.kind === "rar" ||
    p.kind === "7z"
  )
    return true;
  if (p.kind === "zip") return p.runnableNames.length > 0;
  return p.macros;
}

function describe(p: HiddenPayloadFact): string {
  const names = p.runnableNames.length
    ? `: ${p.runnableNames.slice(0, 5).join(", ")}${p.runnableNames.length > 5 ? ` (+${p.runnableNames.length - 5} more)` : ""}`
    : "";
  const what =
    p.kind === "ole-office"
      ? "an Office file with macros"
      : p.kind === "zip" || (p.kind === "rar" && p.entries > 0)
        ? `a ${p.kind.toUpperCase()} of ${p.entries} entries${names}`
        : `a ${p.kind.replace("-", " ")}`;
  return `${what} ${PLACES[p.where]}${p.offset >= 0 ? `, at byte ${p.offset}` : ""}`;
}

export const hiddenPayload = defineRule({
  id: "hidden-payload",
  title: "Program or archive hidden where no reader shows it",
  description:
    "A program (PE, ELF, Mach-O), an archive holding programs or scripts, an archive whose contents cannot be listed (RAR, 7z), or an Office file with macros lies in bytes no reader shows: appended after %%EOF, put before the header, between the objects, or (a program) as the data of a stream that no attachment presents. Nothing offers it to the reader. A loader sent alongside carves it out by offset (a shortcut or script that reads the document), or an archiver opens the file as the archive appended to it (ZIP concatenation): the document is the carrier that gets the payload past filters that see a PDF.",
  category: "embedded-file",
  severity: "high",
  weight: 60,
  attack: ["T1027.009", "T1036.008", "T1204.002"],
  mitigations: ["do_not_open", "sanitize_with_cdr"],
  confidence: "high",
  check({ hiddenPayloads }) {
    const hits = hiddenPayloads.filter(isRunnablePayload);
    if (!hits.length) return null;
    return {
      evidence: hits.map((p) =>
        evidence({ objectRef: p.objectRef, offset: p.offset >= 0 ? p.offset : undefined, excerpt: describe(p) }),
      ),
    };
  },
});
