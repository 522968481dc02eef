// Elements of tolerant XML (XFA, XDP, XMP) found by a linear scan instead of
// /<name(\s[^>]*)?>([\s\S]*?)<\/name\s*>/g, which rescans to the end from every open tag without a
// close tag after it and scans every `<<<<` run once per `<`: quadratic on hostile text (issue 19).
// Each `<` is looked at once; the close-tag search only moves forward.

export interface XmlElement {
  /** offset of the open tag's `<` */
  start: number;
  /** the open tag's text between the name and `>` (a self-closing tag's ends with "/") */
  attributes: string;
  /** offset just after the open tag */
  bodyStart: number;
  /** text up to the close tag; null when none follows (within `maxBodyChars`); "" for `<name/>` */
  body: string | null;
  /** offset just after the close tag, or after the open tag when there is no body */
  end: number;
  /** set when the body was left unread because its close tag lies past `maxBodyChars` (a caller's budget hit) */
  bodyTooLong?: true;
}

export interface XmlElementOptions {
  /** tag names compared without case (XFA readers accept `<SCRIPT>`) */
  ignoreCase?: boolean;
  /** a body longer than this counts as absent (as a bounded lazy regex would not match) */
  maxBodyChars?: number;
  /** open tags whose attributes fail this are passed over, their body searched for elements too */
  where?: (attributes: string) => boolean;
}

const isSpace = (c: string) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v";

function nameAt(text: string, at: number, name: string, ignoreCase: boolean): boolean {
  const s = text.slice(at, at + name.length);
  return ignoreCase ? s.toLowerCase() === name.toLowerCase() : s === name;
}

/** The open tags `<name ...>` of `text` (name followed by space, `/` or `>`), in order. */
export function* xmlOpenTags(
  text: string,
  name: string,
  ignoreCase = false,
): Generator<{ start: number; attributes: string; end: number }> {
  for (let lt = text.indexOf("<"); lt >= 0;) {
    const after = text[lt + 1 + name.length];
    if (
      after !== undefined &&
      (after === ">" || after === "/" || isSpace(after)) &&
      nameAt(text, lt + 1, name, ignoreCase)
    ) {
      // the tag ends at the first `>`; a `<` first means it never closed (XML attribute values hold no `<`)
      let i = lt + 1 + name.length;
      while (i < text.length && text[i] !== ">" && text[i] !== "<") i++;
      if (text[i] === ">") {
        yield { start: lt, attributes: text.slice(lt + 1 + name.length, i), end: i + 1 };
        lt = text.indexOf("<", i + 1);
        continue;
      }
      lt = i < text.length ? i : -1;
      continue;
    }
    lt = text.indexOf("<", lt + 1);
  }
}

/** Finds `</name\s*>` at or after a position; positions asked for never go back, so the text is read once. */
function closeTagFinder(
  text: string,
  name: string,
  ignoreCase: boolean,
): (from: number) => { at: number; end: number } | null {
  let searchedFrom = -1;
  let found: { at: number; end: number } | null = null;
  return (from) => {
    if (searchedFrom >= 0 && from >= searchedFrom && (found === null || from <= found.at)) return found;
    searchedFrom = from;
    found = null;
    for (let lt = text.indexOf("</", from); lt >= 0; lt = text.indexOf("</", lt + 2)) {
      if (!nameAt(text, lt + 2, name, ignoreCase)) continue;
      let i = lt + 2 + name.length;
      while (i < text.length && isSpace(text[i])) i++;
      if (text[i] === ">") {
        found = { at: lt, end: i + 1 };
        break;
      }
    }
    return found;
  };
}

/** The elements `<name ...>body</name>` of `text`, left to right; a found element's body is skipped. */
export function* xmlElements(text: string, name: string, options: XmlElementOptions = {}): Generator<XmlElement> {
  const ignoreCase = !!options.ignoreCase;
  const maxBody = options.maxBodyChars ?? Number.POSITIVE_INFINITY;
  const closeAfter = closeTagFinder(text, name, ignoreCase);
  let resumeAt = 0;
  for (const tag of xmlOpenTags(text, name, ignoreCase)) {
    if (tag.start < resumeAt || (options.where && !options.where(tag.attributes))) continue;
    if (tag.attributes.endsWith("/")) {
      yield { start: tag.start, attributes: tag.attributes, bodyStart: tag.end, body: "", end: tag.end };
      continue;
    }
    const close = closeAfter(tag.end);
    if (!close) {
      yield { start: tag.start, attributes: tag.attributes, bodyStart: tag.end, body: null, end: tag.end };
      continue;
    }
    if (close.at - tag.end > maxBody) {
      yield {
        start: tag.start,
        attributes: tag.attributes,
        bodyStart: tag.end,
        body: null,
        end: tag.end,
        bodyTooLong: true,
      };
      continue;
    }
    yield {
      start: tag.start,
      attributes: tag.attributes,
      bodyStart: tag.end,
      body: text.slice(tag.end, close.at),
      end: close.end,
    };
    resumeAt = close.end;
  }
}
