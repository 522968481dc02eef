import type { UrlFacts } from "../iocs/classify-url";
import { classifyUrl } from "../iocs/classify-url";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Schemes that run code or carry a whole page inside the link instead of pointing at a server. */
const INLINE_SCHEME = /^(javascript|vbscript|data):/i;

/**
 * Reasons a link target is suspicious by its form alone, without any reputation lookup. Read from the
 * URL's classification: the host decides IP-literal, IDN look-alike and shortener; the final path
 * segment decides an executable download (a `.js` file on a code-hosting page is source, not a dropper).
 */
export function linkRedFlags(target: string, url: UrlFacts | null = classifyUrl(target)): string[] {
  const t = target.trim();
  if (INLINE_SCHEME.test(t)) return [`${t.split(":")[0].toLowerCase()}: URI`];
  if (!url) return [];
  const flags: string[] = [];
  if (url.hostKind !== "domain") flags.push("IP-literal host");
  if (url.idnLookAlike) flags.push("punycode look-alike host");
  if (url.shortener) flags.push("URL shortener");
  if (url.credentials) flags.push("credentials in URL (host disguise)");
  if (url.executableDownload) flags.push(`executable download (.${url.extension})`);
  return flags;
}

export const suspiciousLink = defineRule({
  id: "suspicious-link",
  title: "Link with a suspicious target",
  description: "A URI action or link points where legitimate documents rarely do: an IP-literal host, a URL shortener, a punycode host that imitates a Latin name (mixed scripts), a javascript:/data: URI, a disguised host, or a direct download of a program, script, disk image or shortcut (a script shown on a code-hosting page is not one).",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.002", "T1204.001"],
  mitigations: ["block_indicators", "report_phishing"],
  check({ actions, urls }) {
    const hits = actions
      .filter((a) => (a.type === "URI" || a.type === "SubmitForm" || a.type === "Launch") && a.target)
      .map((a) => ({ a, flags: linkRedFlags(a.target!, urls.get(a.target!) ?? null) }))
      .filter((h) => h.flags.length);
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ a, flags }) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: `${flags.join(", ")}: ${excerpt(a.target!)}` })),
      detail: `${[...new Set(hits.flatMap((h) => h.flags))].join(", ")}.`,
    };
  },
});
