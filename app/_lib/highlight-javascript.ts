// Syntax highlighting of a document's scripts for the viewer, as HTML. highlight.js escapes its input
// (&, <, >, ", ') and only adds <span class="hljs-..."> tags: this output, and nothing else from a
// report, may go through dangerouslySetInnerHTML (test/ui/highlight-javascript.test.ts proves it).
import hljs from "highlight.js/lib/core";
import javascript from "highlight.js/lib/languages/javascript";

hljs.registerLanguage("javascript", javascript);

/** Above this size text is shown plain: highlighting megabytes would freeze the page for seconds. */
export const HIGHLIGHT_MAX_CHARS = 256 * 1024;

/** Highlighted HTML of `code`, or null when it is too large to highlight (show it as plain text). */
export function highlightJavaScript(code: string): string | null {
  if (code.length > HIGHLIGHT_MAX_CHARS) return null;
  return hljs.highlight(code, { language: "javascript", ignoreIllegals: true }).value;
}

/** Lines of `code` as the viewer numbers them (a trailing newline does not start a line). */
export function lineCount(code: string): number {
  if (!code) return 1;
  let n = 1;
  for (let i = code.indexOf("\n"); i !== -1 && i < code.length - 1; i = code.indexOf("\n", i + 1)) n++;
  return n;
}
