import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const xfaForm = defineRule({
  id: "xfa-form",
  title: "XFA form",
  description:
    "The document embeds an XML Forms Architecture form. XFA is deprecated (removed in PDF 2.0) and was the carrier of several exploits (CVE-2010-0188, CVE-2013-0640); few benign documents still use it.",
  category: "form",
  severity: "low",
  weight: 10,
  attack: ["T1203"],
  mitigations: ["sanitize_with_cdr", "update_reader"],
  confidence: "high",
  check({ xfa, keywords }) {
    if (!xfa && !keywords.counts["/XFA"]) return null;
    return {
      evidence: [
        evidence({
          objectRef: xfa?.objectRef,
          path: "/Root/AcroForm/XFA",
          excerpt: xfa ? `${xfa.text.length} characters, ${xfa.scripts.length} script(s)` : "XFA keyword",
        }),
      ],
    };
  },
});

/** the malformations libtiff's CVE-2010-0188 overflow needs: a pair tag's count, or value arrays whose size wraps */
const EXPLOIT_TIFF_ANOMALIES = new Set(["pair-tag-count-overflow", "tag-size-overflow", "strip-counts-mismatch"]);

export const xfaTiffExploit = defineRule({
  id: "xfa-tiff-exploit",
  title: "Malformed TIFF image inside an XFA form (CVE-2010-0188)",
  description:
    "The XFA form carries a base64 TIFF image whose directory is malformed the way the CVE-2010-0188 exploit needs: a DotRange or HalftoneHints tag with far more than the 2 values (per sample) libtiff stores (the public exploit writes 204), or tag value counts that overflow. Acrobat's libtiff copied those values into a fixed stack buffer. A well-formed TIFF in a form is not reported.",
  category: "exploit",
  severity: "critical",
  weight: 85,
  attack: ["T1203"],
  cve: ["CVE-2010-0188"],
  mitigations: ["do_not_open", "update_reader"],
  check({ xfa, formats }) {
    const ev = [];
    for (const { offset, tiff } of formats.xfaImages) {
      const bad = tiff?.anomalies.filter((a) => EXPLOIT_TIFF_ANOMALIES.has(a.code)) ?? [];
      if (!tiff || !bad.length) continue;
      const sled = tiff.longestNopRun >= 64 ? `; ${tiff.longestNopRun}-byte 0x90 run` : "";
      ev.push(
        evidence({
          objectRef: xfa?.objectRef,
          path: "/Root/AcroForm/XFA",
          excerpt: excerpt(
            `TIFF (${tiff.byteOrder}) at XFA character ${offset}: ${bad.map((a) => a.message).join("; ")}${sled}`,
          ),
        }),
      );
    }
    return ev.length ? { evidence: ev } : null;
  },
});
