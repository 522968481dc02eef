// Linear replacement of delimited blocks (`<![CDATA[ ... ]]>`, `<!-- ... -->`). The lazy regex
// /open[\s\S]*?close/g rescans to the end of the text from every `open` that has no `close` after it:
// quadratic on a document of repeated openers (issue 19). Here each character is read once: when one
// `open` has no `close` after it, neither has any later one.

/**
 * `text` with every `open ... close` block (the shortest, left to right, as /open[\s\S]*?close/g)
 * replaced by `replace(whole, inner)`; an `open` without a `close` after it stays as it is.
 */
export function replaceDelimited(
  text: string,
  open: string,
  close: string,
  replace: (whole: string, inner: string) => string,
): string {
  let at = text.indexOf(open);
  if (at < 0) return text;
  const parts: string[] = [];
  let copied = 0;
  while (at >= 0) {
    const end = text.indexOf(close, at + open.length);
    if (end < 0) break;
    parts.push(text.slice(copied, at), replace(text.slice(at, end + close.length), text.slice(at + open.length, end)));
    copied = end + close.length;
    at = text.indexOf(open, copied);
  }
  parts.push(text.slice(copied));
  return parts.join("");
}
