// The full text of each script and of its deobfuscated layers, for the report's script viewer. The
// excerpts (excerpt, deobfuscated_layers) stay what the rules and exports read; this adds the verbatim
// text beside them, bounded per text (JS_REPORT_SCRIPT_CHARS) and per report (JS_REPORT_TOTAL_CHARS)
// so a document of huge or many scripts cannot blow up the stored report.
import type { Limits } from "../../limits";
import type { JavaScriptEntry } from "../report";

type FullText = Pick<JavaScriptEntry, "source" | "full_layers" | "full_text_truncated">;

/**
 * Keeps report-wide state: a script seen before (same sha256, e.g. one handler on 500 widgets) gets
 * no text of its own, the viewer reads the first entry's; once the total is spent, texts are left out.
 */
export function createFullTextBudget(limits: Pick<Limits, "JS_REPORT_SCRIPT_CHARS" | "JS_REPORT_TOTAL_CHARS">) {
  let remaining = limits.JS_REPORT_TOTAL_CHARS;
  const seen = new Set<string>();
  /** a text within both budgets, or null when nothing of it fits */
  const take = (text: string): { text: string; cut: boolean } | null => {
    const max = Math.min(limits.JS_REPORT_SCRIPT_CHARS, remaining);
    if (max <= 0 && text.length > 0) return null;
    const kept = text.length > max ? text.slice(0, max) : text;
    remaining -= kept.length;
    return { text: kept, cut: kept.length < text.length };
  };
  return function fullTextOf(sha256: string, source: string, layers: readonly string[]): FullText {
    if (seen.has(sha256)) return {};
    seen.add(sha256);
    const src = take(source);
    if (!src) return { full_text_truncated: true };
    const full_layers: string[] = [];
    let truncated = src.cut;
    for (const layer of layers) {
      const l = take(layer);
      if (!l) {
        truncated = true;
        break;
      }
      full_layers.push(l.text);
      truncated ||= l.cut;
    }
    return { source: src.text, full_layers, full_text_truncated: truncated };
  };
}
