import { isUrlShortener } from "./url-reputation";
import { hostOf } from "./action-targets";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Reasons a link target is suspicious by its form alone, without any reputation lookup. */
export function linkRedFlags(target: string): string[] {
  const t = target.trim();
  const flags: string[] = [];
  if (/^(javascript|vbscript|data):/i.test(t)) flags.push(`${t.split(":")[0].toLowerCase()}: URI`);
  const host = hostOf(t);
  if (host) {
    if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith("[")) flags.push("IP-literal host");
    if (host.split(".").some((l) => l.startsWith("xn--"))) flags.push("punycode host");
    if (isUrlShortener(host)) flags.push("URL shortener");
    if (/^[a-z][\w+.-]*:\/\/[^/?#]*@/i.test(t)) flags.push("credentials in URL (host disguise)");
  }
  // a direct download of an executable or script from a link
  if (/^(https?|ftp):/i.test(t) && /\.(exe|scr|msi|bat|cmd|vbs|js|jse|hta|ps1|jar|lnk|iso|img|dll|apk)(\?|#|$)/i.test(t)) flags.push("executable download");
  return flags;
}

export const suspiciousLink = defineRule({
  id: "suspicious-link",
  title: "Link with a suspicious target",
  description: "A URI action or link points where legitimate documents rarely do: an IP-literal host, a URL shortener, a punycode look-alike domain, a javascript:/data: URI, a disguised host, or a direct executable download.",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.002", "T1204.001"],
  mitigations: ["block_indicators", "report_phishing"],
  check({ actions }) {
    const hits = actions.filter((a) => (a.type === "URI" || a.type === "SubmitForm" || a.type === "Launch") && a.target).map((a) => ({ a, flags: linkRedFlags(a.target!) })).filter((h) => h.flags.length);
    if (!hits.length) return null;
    return {
      evidence: hits.slice(0, 10).map(({ a, flags }) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: `${flags.join(", ")}: ${excerpt(a.target!)}` })),
      detail: `${[...new Set(hits.flatMap((h) => h.flags))].join(", ")}.`,
    };
  },
});
