// Evidence helpers: excerpts are truncated and defanged so a report never carries a live link.
// The evidence cap and the final excerpt clip are applied once, in toFinding (lib/analyzer/analyze.ts).
import { clip } from "../text/excerpt";
import type { Evidence } from "../report";

// the rules read these from here with the rest of their evidence helpers
export { excerpt } from "../text/excerpt";
export { defangText } from "../iocs/defang";

export function evidence(e: Evidence): Evidence {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as Evidence;
}

/** An evidence entry with its excerpt clipped to `maxChars` (idempotent: a clipped excerpt stays as it is). */
export function clipEvidence(e: Evidence, maxChars: number): Evidence {
  const x = e.excerpt;
  if (x === undefined || x.length <= maxChars || (x.length === maxChars + 1 && x.endsWith("…"))) return e;
  return { ...e, excerpt: clip(x, maxChars) };
}
