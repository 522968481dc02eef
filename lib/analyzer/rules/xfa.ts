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
/** XFA image fields: <image> in the template, or data elements declaring an image contentType. */
const IMAGE_ELEMENT = /<([\w:.-]+)\b([^>]*)>([^<]{8,})/g;

/**
 * The position of a TIFF carried as an XFA image, or -1. Kits split the base64 one character a line
 * to defeat byte patterns: whitespace is removed before the TIFF header ("II*\0" / "MM\0*") is checked.
 */
function findTiff(xml: string): number {
  const direct = TIFF_IN_XML.exec(xml);
  if (direct) return direct.index;
  IMAGE_ELEMENT.lastIndex = 0;
  for (let m = IMAGE_ELEMENT.exec(xml); m; m = IMAGE_ELEMENT.exec(xml)) {
    const isImage = m[1] === "image" || /contentType\s*=\s*["']image\//i.test(m[2]);
    if (!isImage) continue;
    const head = m[3].slice(0, 256).replace(/\s+/g, "");
    if (head.startsWith("SUkqA") || head.startsWith("TU0AK")) return m.index;
  }
  return -1;
}

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
    const at = findTiff(xfa.text);
    if (at < 0) return null;
    return { evidence: [evidence({ objectRef: xfa.objectRef, path: "/Root/AcroForm/XFA", excerpt: excerpt(xfa.text.slice(Math.max(0, at - 40), at + 80)) })] };
  },
});
