// Evidence helpers: excerpts are truncated and defanged so a report never carries a live link.
// The evidence cap and the final excerpt clip are applied once, in toFinding (lib/analyzer/analyze.ts).
import { DEFAULT_LIMITS } from "../../limits";
import { defang } from "../iocs";
import type { Evidence } from "../report";

export function excerpt(text: string, max = DEFAULT_LIMITS.MAX_EXCERPT_CHARS): string {
  // flatten only the head: a multi-megabyte script must not be rewritten to show 160 characters
  const flat = text.slice(0, max * 4).replace(/\s+/g, " ").trim();
  return defangText(clip(flat, max));
}

/** Defangs every URL-ish token of free text (http -> hxxp, dots in hosts bracketed). */
export function defangText(text: string): string {
  return text.replace(/\b(?:https?|ftp|file):\/\/[^\s"'<>()]+/gi, (u) => defang(u)).replace(/\\\\([\w.-]+)\\/g, (_m, host: string) => `\\\\${host.replace(/\./g, "[.]")}\\`);
}

export function evidence(e: Evidence): Evidence {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as Evidence;
}

/** An evidence entry with its excerpt clipped to `maxChars` (idempotent: a clipped excerpt stays as it is). */
export function clipEvidence(e: Evidence, maxChars: number): Evidence {
  const x = e.excerpt;
  if (x === undefined || x.length <= maxChars || (x.length === maxChars + 1 && x.endsWith("…"))) return e;
  return { ...e, excerpt: clip(x, maxChars) };
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
