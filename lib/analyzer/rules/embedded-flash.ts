import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const embeddedFlash = defineRule({
  id: "embedded-flash",
  title: "Embedded Flash (SWF)",
  description:
    "A stream holds a Shockwave Flash file. Flash in PDFs (RichMedia) was the vector of many exploits (CVE-2010-1297, CVE-2011-0611, CVE-2012-0754) and has no legitimate use since Flash's end of life.",
  category: "exploit",
  severity: "high",
  weight: 60,
  attack: ["T1203"],
  mitigations: ["do_not_open", "update_reader"],
  confidence: "high",
  check({ embedded, swfStreams }) {
    // asset streams with a /Subtype and no /Type are richmedia-flash-asset's part
    const hits = [
      ...embedded.filter((f) => f.kind === "flash").map((f) => ({ ref: f.objectRef ?? "", path: f.path })),
      ...swfStreams.filter((s) => !s.subtypeOnly).map((s) => ({ ref: s.objectRef, path: s.objectRef })),
    ];
    const unique = [...new Map(hits.map((h) => [h.ref, h])).values()];
    if (!unique.length) return null;
    return {
      evidence: unique.map((h) => evidence({ objectRef: h.ref || undefined, path: h.path, excerpt: "SWF header" })),
    };
  },
});
