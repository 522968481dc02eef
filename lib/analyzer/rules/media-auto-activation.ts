import { PdfName } from "../../pdf/objects";
import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const mediaAutoActivation = defineRule({
  id: "media-auto-activation",
  title: "3D or rich media activates when the page opens",
  description: "A 3D (U3D/PRC) or RichMedia annotation is set to activate on page open (/3DA /A /PO or /PV, RichMediaActivation /Condition /PO or /PV), so its complex parser runs on untrusted data without a click. Exploits of these parsers (CVE-2011-2462, CVE-2009-3953) rely on it.",
  category: "exploit",
  severity: "medium",
  weight: 25,
  attack: ["T1203"],
  mitigations: ["update_reader", "sanitize_with_cdr"],
  check({ doc }) {
    const hits: string[] = [];
    for (const [num, inst] of doc.table) {
      const d = doc.dict(inst.value);
      const sub = d?.get("Subtype");
      if (!d || !(sub instanceof PdfName) || (sub.name !== "3D" && sub.name !== "RichMedia")) continue;
      const act = sub.name === "3D" ? doc.dict(d.get("3DA"))?.get("A") : doc.dict(doc.dict(d.get("RichMediaSettings"))?.get("Activation"))?.get("Condition");
      const cond = doc.resolve(act);
      if (cond instanceof PdfName && (cond.name === "PO" || cond.name === "PV")) hits.push(`${num} ${inst.gen} R`);
    }
    if (!hits.length) return null;
    return { evidence: hits.slice(0, 10).map((ref) => evidence({ objectRef: ref, excerpt: "activates on page open" })) };
  },
});
