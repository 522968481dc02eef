import { defineRule } from "./rule";
import { evidence } from "./evidence";

/** page opened (PO) or page visible (PV): the annotation activates without a click (§13.6.2 Table 301) */
const ON_PAGE = new Set(["PO", "PV"]);

export const mediaAutoActivation = defineRule({
  id: "media-auto-activation",
  title: "3D or rich media activates when the page opens",
  description:
    "A 3D (U3D/PRC) or RichMedia annotation is set to activate on page open (/3DA /A /PO or /PV, RichMediaActivation /Condition /PO or /PV), so its complex parser runs on untrusted data without a click. Exploits of these parsers (CVE-2011-2462, CVE-2009-3953) rely on it.",
  category: "exploit",
  severity: "medium",
  weight: 25,
  attack: ["T1203"],
  mitigations: ["update_reader", "sanitize_with_cdr"],
  check({ media }) {
    const hits = media.annotations.filter((a) => a.activation && ON_PAGE.has(a.activation));
    if (!hits.length) return null;
    return { evidence: hits.map((a) => evidence({ objectRef: a.objectRef, excerpt: "activates on page open" })) };
  },
});
