// What YARA scans: the raw file, every decoded stream except images (whose data stays in its image
// encoding and only produces noise), and the scripts that live in strings rather than streams.
// Decoding goes through the document's budgeted, cached decoder.
import type { FastFacts } from "../../analyzer";
import { PdfName, PdfStream } from "../../pdf/objects";
import type { YaraScanTarget } from "./create-yara-scanner";

export function collectYaraTargets(input: Uint8Array, facts: FastFacts): YaraScanTarget[] {
  const { doc, limits } = facts;
  const targets: YaraScanTarget[] = [{ name: "file", data: input }];
  for (const inst of doc.table.values()) {
    const num = inst.num;
    if (targets.length >= limits.YARA_MAX_TARGETS) break;
    const v = inst.value;
    if (!(v instanceof PdfStream)) continue;
    const sub = v.dict.get("Subtype");
    if (sub instanceof PdfName && sub.name === "Image") continue;
    const d = doc.decode(v);
    // undecoded (no filter, or encrypted) data is already covered by the raw file
    if (d.encrypted || d.imageFilter || !d.filters.length || !d.data.length) continue;
    targets.push({ name: `stream ${num} ${inst.gen} R`, data: d.data });
  }
  for (const s of facts.scripts) {
    if (targets.length >= limits.YARA_MAX_TARGETS) break;
    // scripts in streams were decoded above; string scripts (e.g. hex-encoded /JS) only exist here
    targets.push({ name: `script ${s.path}`, data: Buffer.from(s.source, "latin1") });
  }
  return targets;
}
