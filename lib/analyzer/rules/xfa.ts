import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const xfaForm = defineRule({
  id: "xfa-form",
  title: "XFA form",
  description: "The document embeds an XML Forms Architecture form. XFA is deprecated (removed in PDF 2.0) and was the carrier of several exploits (CVE-2010-0188, CVE-2013-0640); few benign documents still use it.",
  category: "form",
  severity: "low",
  weight: 10,
  attack: ["T1203"],
  mitigations: ["sanitize_with_cdr", "update_reader"],
  confidence: "high",
  check({ xfa, keywords }) {
    if (!xfa && !keywords.counts["/XFA"]) return null;
    return { evidence: [evidence({ objectRef: xfa?.objectRef, path: "/Root/AcroForm/XFA", excerpt: xfa ? `${xfa.text.length} characters, ${xfa.scripts.length} script(s)` : "XFA keyword" })] };
  },
});

/** base64 of a TIFF header: "II*\0" -> SUkqA, "MM\0*" -> TU0AK */
const TIFF_IN_XML = /<image\b[^>]*>\s*(SUkqA|TU0AK)|(SUkqA|TU0AK)[A-Za-z0-9+/]{200,}/;

export const xfaTiffExploit = defineRule({
  id: "xfa-tiff-exploit",
  title: "TIFF image inside an XFA form (CVE-2010-0188)",
  description: "The XFA form carries a base64 TIFF image. CVE-2010-0188 exploits a libtiff overflow in Acrobat's XFA image handling with exactly this construction; legitimate XFA forms use JPEG/PNG.",
  category: "exploit",
  severity: "critical",
  weight: 85,
  attack: ["T1203"],
  cve: ["CVE-2010-0188"],
  mitigations: ["do_not_open", "update_reader"],
  check({ xfa }) {
    if (!xfa) return null;
    const m = TIFF_IN_XML.exec(xfa.text);
    if (!m) return null;
    return { evidence: [evidence({ objectRef: xfa.objectRef, path: "/Root/AcroForm/XFA", excerpt: excerpt(xfa.text.slice(Math.max(0, m.index - 40), m.index + 80)) })] };
  },
});
