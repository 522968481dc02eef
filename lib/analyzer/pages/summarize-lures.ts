// The `lures` section of the deep result from what rendering showed.
import type { DeepResult } from "../report";
import { defangText } from "../iocs/defang";
import type { RenderFacts } from "./render-facts";

/** presentation: characters of rendered text shown in the report */
export const LURE_TEXT_EXCERPT_CHARS = 2000;

export function summarizeLures(
  render: RenderFacts | undefined,
  maxChars = LURE_TEXT_EXCERPT_CHARS,
): DeepResult["lures"] {
  if (!render) return { pages_rendered: 0, qr_codes: [], text_excerpt: "" };
  const text = render.pages
    .map((p) => p.text.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n")
    .slice(0, maxChars);
  return {
    pages_rendered: render.pagesRendered,
    // QR texts stay as decoded (like indicator values); the excerpt is free text and is defanged
    qr_codes: render.qrCodes.map((q) => ({ page: q.page, text: q.text.slice(0, 4096) })),
    text_excerpt: defangText(text),
  };
}
