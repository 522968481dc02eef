import { PdfStream } from "../../pdf/objects";
import { sniffPayload } from "../facts/file-magic";
import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const embeddedFlash = defineRule({
  id: "embedded-flash",
  title: "Embedded Flash (SWF)",
  description: "A stream holds a Shockwave Flash file. Flash in PDFs (RichMedia) was the vector of many exploits (CVE-2010-1297, CVE-2011-0611, CVE-2012-0754) and has no legitimate use since Flash's end of life.",
  category: "exploit",
  severity: "high",
  weight: 60,
  attack: ["T1203"],
  mitigations: ["do_not_open", "update_reader"],
  confidence: "high",
  check({ doc, embedded }) {
    const hits: { ref: string; path: string }[] = embedded.filter((f) => f.kind === "flash").map((f) => ({ ref: f.objectRef ?? "", path: f.path }));
    for (const [num, inst] of doc.table) {
      const v = inst.value;
      if (!(v instanceof PdfStream) || v.raw.length < 8) continue;
      // only streams that are not page content, fonts or images: those cannot be SWF
      if (v.dict.has("Subtype") && !v.dict.has("Type")) continue;
      // a magic-number check needs only the first bytes: decode no more than that
      if (sniffPayload(doc.decodeHead(v, 64)) === "flash") hits.push({ ref: `${num} ${inst.gen} R`, path: `${num} ${inst.gen} R` });
      if (hits.length >= 10) break;
    }
    const unique = [...new Map(hits.map((h) => [h.ref, h])).values()];
    if (!unique.length) return null;
    return { evidence: unique.map((h) => evidence({ objectRef: h.ref || undefined, path: h.path, excerpt: "SWF header" })) };
  },
});
