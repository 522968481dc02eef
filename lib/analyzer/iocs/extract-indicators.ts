// Finds indicators in decoded text (strings, streams, scripts, metadata) and hands them to a collector,
// which validates and normalises them. Input is hostile: megabytes of binary decoded as latin1. Every
// scan is therefore linear: regexes are single character classes or fixed literals (no nested
// quantifiers), and each candidate is expanded over a span that later candidates reuse instead of
// rescanning.
import type { IocCollector } from "./collector";
import type { IocSource, IocSourceKind } from "./ioc-source";
import { isAddressInContext } from "./ipv4-context";
import { MAX_UNC_CHARS } from "./normalize-unc";
import { MAX_URL_CHARS, normalizeUrl } from "./normalize-url";
import { ownEntry } from "../own-entry";

export type { IocSource, IocSourceKind } from "./ioc-source";

/** Running text and metadata: an address there is cut or wrapped as often as written whole. */
const PROSE_SOURCES: ReadonlySet<IocSourceKind> = new Set(["string", "stream", "metadata", "rendered-page"]);

// URLs found inside one URL (redirect parameters, `http://http://...` x 1e6) are bounded by
// limits.ts MAX_NESTED_URLS_PER_SPAN, read from the collector's budget.
/** a format limit, not a budget: RFC 5321 §4.5.3.1.1, a local part has at most 64 octets */
const MAX_EMAIL_LOCAL_CHARS = 64;
/** a format limit, not a budget: RFC 1035 §2.3.4, a domain name has at most 253 characters as text */
const MAX_EMAIL_DOMAIN_CHARS = 253;
/**
 * a format limit, not a budget: the host of a UNC path, a domain name (RFC 1035, 253 characters) and a
 * WebDAV `@SSL@port` suffix (10), with room to spare
 */
const MAX_UNC_HOST_CHARS = 270;

// `ftp` after a letter is sftp/tftp. `www.` only at the start of a word, and not after `/` so that a
// defanged `hxxp://www.x.com` stays defanged.
const URL_ANCHOR = /(?:https?|(?<![a-z])ftp|file):\/\/|(?<![\w.\-/\\@:])www\./gi;
const BACKSLASH_RUN = /\\{2,}/g;

/** `productName`: the text names software and its version (a Producer or Creator value). */
export function extractIndicators(
  text: string,
  source: { objectRef?: string; source: IocSourceKind; productName?: boolean },
  sink: IocCollector,
): void {
  const src: IocSource =
    source.objectRef === undefined ? { source: source.source } : { objectRef: source.objectRef, source: source.source };
  let scanned = text;
  if (src.source === "javascript" || src.source === "xfa") scanned = joinStringLiterals(scanned);
  if (src.source === "metadata" || src.source === "xfa") scanned = decodeXmlEntities(scanned);

  // An action's target is one address, taken whole: its path and query may hold characters that end a
  // URL in running text (spaces, parentheses, quotes), and without a scheme it is opened as http.
  const wholeTarget =
    (src.source === "uri-action" || src.source === "submit-form") && addWholeTarget(scanned, src, sink);
  if (wholeTarget) scanned = scanned.trimStart();
  const authorities = scanUrls(scanned, src, sink, wholeTarget);
  scanUncPaths(scanned, src, sink);
  scanEmails(scanned, authorities, src, sink);
  // a product name and version (`LuraDocument PDF Compressor Server 5.5.46.38`) holds no bare address
  if (!source.productName) scanIpv4(scanned, src, sink);
  scanIpv6(scanned, src, sink);
}

/** Adds an action target as one URL (tabs and newlines dropped, other spaces encoded, as WHATWG URL does). */
function addWholeTarget(text: string, src: IocSource, sink: IocCollector): boolean {
  const target = text
    .trim()
    .replace(/[\t\n\r]/g, "")
    .replace(/\s/g, "%20");
  if (target.length === 0 || target.length > MAX_URL_CHARS || normalizeUrl(target) === null) return false;
  sink.addUrl(target, src);
  return true;
}

/** Characters that end a URL or UNC path: whitespace, controls, and the ASCII delimiters of `table`. */
function isStopChar(code: number, table: Uint8Array): boolean {
  if (code <= 0x20 || code === 0x7f) return true;
  if (code < 0x80) return table[code] === 1;
  return (
    code <= 0xa0 || // C1 controls and no-break space
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff ||
    code === 0xfffd
  );
}

// Backslash ends a URL: it is an escape in PDF and JS strings (and WHATWG reads it as `/`).
const URL_STOP_ASCII = asciiTable(`"'\`<>()[]{}\\`);
const UNC_STOP_ASCII = asciiTable(`"'\`<>()[]{}|*?`);
const IPV6_LITERAL = asciiTable("0123456789abcdefABCDEF:.");
const TRAILING_PUNCTUATION = asciiTable(`.,;:!?'"`);
const EMAIL_LOCAL = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-");
const EMAIL_DOMAIN = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-");
const UNC_HOST = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-@");
const WORD = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
const LETTER_OR_UNDERSCORE = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");
const NON_HEX_WORD = asciiTable("ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ_");
// Before `\\`: a word char or one of these means a local path (`C:\\Windows`) or an escape, not a UNC start.
const NOT_BEFORE_UNC = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:.$%/-");

function asciiTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}

function inTable(table: Uint8Array, code: number): boolean {
  return code < 128 && table[code] === 1;
}

function trimTrailingPunctuation(text: string, start: number, end: number): number {
  while (end > start && inTable(TRAILING_PUNCTUATION, text.charCodeAt(end - 1))) end--;
  return end;
}

/** Returns the [start, end) ranges of the URL authorities found, in order, for the e-mail scan. */
/**
 * `skipFirst`: the text is an action target already added whole; an anchor at its start only records
 * its authority (URLs nested in its query are still added).
 */
function scanUrls(text: string, src: IocSource, sink: IocCollector, skipFirst = false): Array<[number, number]> {
  const authorities: Array<[number, number]> = [];
  let spanEnd = -1;
  let nested = 0;
  const maxNested = sink.budget.limits.MAX_NESTED_URLS_PER_SPAN;
  URL_ANCHOR.lastIndex = 0;
  for (let match = URL_ANCHOR.exec(text); match !== null; match = URL_ANCHOR.exec(text)) {
    const start = match.index;
    const bodyStart = match[0].endsWith("//") ? start + match[0].length : start;
    if (start < spanEnd) {
      // Every anchor inside a span ends where the span ends, so the span is scanned only once.
      if (++nested > maxNested) {
        sink.budget.budgetHits.add("MAX_NESTED_URLS_PER_SPAN");
        URL_ANCHOR.lastIndex = spanEnd;
        continue;
      }
    } else {
      spanEnd = skipIpv6Literal(text, bodyStart);
      while (spanEnd < text.length && !isStopChar(text.charCodeAt(spanEnd), URL_STOP_ASCII)) spanEnd++;
      nested = 0;
    }
    const end = trimTrailingPunctuation(text, bodyStart, Math.min(spanEnd, start + MAX_URL_CHARS));
    // The shortest host is `a.bc`; a bare `www.` is no host either.
    if (end - bodyStart < 4 || end - start <= 4) continue;
    let authorityEnd = bodyStart;
    while (authorityEnd < end && !"/?#".includes(text[authorityEnd])) authorityEnd++;
    authorities.push([bodyStart, authorityEnd]);
    if (skipFirst && start === 0) continue;
    const raw = wrappedAtHyphen(text, src, start, authorityEnd, spanEnd) ?? text.slice(start, end);
    if (match[0].length === 7 && match[0].toLowerCase() === "file://") sink.addUnc(raw, src);
    else sink.addUrl(raw, src, PROSE_SOURCES.has(src.source));
  }
  return authorities;
}

/**
 * A URL of running text that a line break cut right after a hyphen in its path goes on at the start of
 * the next line: typesetters break long URLs after a hyphen without adding one (pdf.js's tracemonkey
 * paper: ".../lists/lua-l/2008-" then "02/msg00051.html"). The two parts as one URL, or undefined.
 */
function wrappedAtHyphen(
  text: string,
  src: IocSource,
  start: number,
  authorityEnd: number,
  spanEnd: number,
): string | undefined {
  if (
    !PROSE_SOURCES.has(src.source) ||
    text.charCodeAt(spanEnd) !== 0x0a ||
    text.charCodeAt(spanEnd - 1) !== 0x2d ||
    authorityEnd >= spanEnd - 1
  )
    return undefined;
  const limit = Math.min(text.length, start + MAX_URL_CHARS + 1);
  let next = spanEnd + 1;
  while (next < limit && !isStopChar(text.charCodeAt(next), URL_STOP_ASCII)) next++;
  const end = trimTrailingPunctuation(text, spanEnd + 1, next);
  return end > spanEnd + 1 ? text.slice(start, spanEnd) + text.slice(spanEnd + 1, end) : undefined;
}

/** `[2001:db8::1]` right after `//`: the brackets belong to the URL here, not to a PDF array. */
function skipIpv6Literal(text: string, start: number): number {
  if (text.charCodeAt(start) !== 0x5b) return start;
  const limit = Math.min(text.length, start + 48);
  let i = start + 1;
  while (i < limit && inTable(IPV6_LITERAL, text.charCodeAt(i))) i++;
  return text.charCodeAt(i) === 0x5d ? i + 1 : start;
}

function scanUncPaths(text: string, src: IocSource, sink: IocCollector): void {
  BACKSLASH_RUN.lastIndex = 0;
  for (let match = BACKSLASH_RUN.exec(text); match !== null; match = BACKSLASH_RUN.exec(text)) {
    const start = match.index;
    if (start > 0 && inTable(NOT_BEFORE_UNC, text.charCodeAt(start - 1))) continue;
    const hostStart = start + match[0].length;
    let hostEnd = hostStart;
    const hostLimit = Math.min(text.length, hostStart + MAX_UNC_HOST_CHARS);
    while (hostEnd < hostLimit && inTable(UNC_HOST, text.charCodeAt(hostEnd))) hostEnd++;
    if (hostEnd === hostStart || text.charCodeAt(hostEnd) !== 0x5c) continue;
    let end = hostEnd;
    const limit = Math.min(text.length, start + MAX_UNC_CHARS);
    while (end < limit && !isStopChar(text.charCodeAt(end), UNC_STOP_ASCII)) end++;
    end = trimTrailingPunctuation(text, hostEnd, end);
    sink.addUnc(text.slice(start, end), src);
    // The separators inside this path are not new UNC starts.
    BACKSLASH_RUN.lastIndex = Math.max(BACKSLASH_RUN.lastIndex, end);
  }
}

/**
 * Expands around each `@` over address characters. `@` is in neither class, so the text between two
 * `@` is walked at most twice overall. `mailto:` needs no case: `:` ends the local part.
 */
function scanEmails(text: string, authorities: Array<[number, number]>, src: IocSource, sink: IocCollector): void {
  let next = 0;
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    // user@host inside a URL authority is userinfo, not an address.
    while (next < authorities.length && authorities[next][1] <= at) next++;
    if (next < authorities.length && authorities[next][0] <= at) continue;

    let start = at;
    const startLimit = Math.max(0, at - MAX_EMAIL_LOCAL_CHARS);
    while (start > startLimit && inTable(EMAIL_LOCAL, text.charCodeAt(start - 1))) start--;
    if (start === startLimit && start > 0 && inTable(EMAIL_LOCAL, text.charCodeAt(start - 1))) continue;
    while (start < at && text.charCodeAt(start) === 0x2e) start++;
    if (start === at) continue;

    let end = at + 1;
    const endLimit = Math.min(text.length, end + MAX_EMAIL_DOMAIN_CHARS);
    while (end < endLimit && inTable(EMAIL_DOMAIN, text.charCodeAt(end))) end++;
    while (end > at + 1 && (text.charCodeAt(end - 1) === 0x2e || text.charCodeAt(end - 1) === 0x2d)) end--;
    const domain = text.slice(at + 1, end);
    if (!domain.includes(".")) continue;
    sink.addEmail(text.slice(start, at + 1) + domain, src);
  }
}

/**
 * Every valid address holds its hint (a dotted quad's middle `d.ddd.ddd.d`; two colons near each
 * other or `::` before a digit), made of the run's own characters: only the runs around a hint are
 * looked at. Page content is full of numbers and hex words, each of which used to be a run to check.
 */
const IPV4_HINT = /\d\.\d{1,3}\.\d{1,3}\.\d/g;
const IPV4_RUN_CHARS = asciiTable("0123456789.");
const IPV6_RUN_CHARS = asciiTable("0123456789abcdefABCDEF:.");
const HEX_DIGIT = asciiTable("0123456789abcdefABCDEF");

/** Each maximal run of digits and dots that holds IPV4_HINT, once, in order. */
function* ipv4RunsWithHint(text: string): Generator<{ run: string; index: number }> {
  IPV4_HINT.lastIndex = 0;
  for (let match = IPV4_HINT.exec(text); match !== null; match = IPV4_HINT.exec(text)) {
    let start = match.index;
    while (start > 0 && inTable(IPV4_RUN_CHARS, text.charCodeAt(start - 1))) start--;
    let end = match.index + match[0].length;
    while (end < text.length && inTable(IPV4_RUN_CHARS, text.charCodeAt(end))) end++;
    yield { run: text.slice(start, end), index: start };
    IPV4_HINT.lastIndex = end;
  }
}

/**
 * Each maximal run of IPv6 characters that holds the IPv6 hint (`[0-9a-f]:[0-9a-f]{0,4}:` or
 * `::[0-9a-f]`, case-insensitive), once, in order. Found from the colons every hint holds: as a
 * regex, the hint was tried at every position of the text.
 */
export function* ipv6RunsWithHint(text: string): Generator<{ run: string; index: number }> {
  for (let colon = text.indexOf(":"); colon !== -1;) {
    let start = colon;
    while (start > 0 && inTable(IPV6_RUN_CHARS, text.charCodeAt(start - 1))) start--;
    let end = colon + 1;
    while (end < text.length && inTable(IPV6_RUN_CHARS, text.charCodeAt(end))) end++;
    if (holdsIpv6Hint(text, colon, end)) yield { run: text.slice(start, end), index: start };
    colon = text.indexOf(":", end);
  }
}

/** Whether the run ending at `end` holds the IPv6 hint at one of its colons from `colon` on. */
function holdsIpv6Hint(text: string, colon: number, end: number): boolean {
  for (let c = colon; c !== -1 && c < end; c = text.indexOf(":", c + 1)) {
    if (text.charCodeAt(c + 1) === 0x3a && inTable(HEX_DIGIT, text.charCodeAt(c + 2))) return true;
    if (c === 0 || !inTable(HEX_DIGIT, text.charCodeAt(c - 1))) continue;
    let k = c + 1;
    while (k < c + 5 && inTable(HEX_DIGIT, text.charCodeAt(k))) k++;
    if (text.charCodeAt(k) === 0x3a) return true;
  }
  return false;
}

/**
 * Dotted quads as maximal runs of digits and dots, so `1.2.3.4.5` is one run and rejected as a whole.
 * A letter glued to the run (`v1.2.3.4`, `1.2.3.4.example.com`) makes it a version or a host name.
 */
export function scanIpv4(text: string, src: IocSource, sink: IocCollector): void {
  for (const match of ipv4RunsWithHint(text)) {
    const run = match.run;
    if (run.length < 7) continue;
    let start = 0;
    let end = run.length;
    while (start < end && run.charCodeAt(start) === 0x2e) start++;
    while (end > start && run.charCodeAt(end - 1) === 0x2e) end--;
    if (end - start < 7 || end - start > 15) continue;
    const before = text.charCodeAt(match.index - 1);
    const after = text.charCodeAt(match.index + run.length);
    if (inTable(start > 0 ? WORD : LETTER_OR_UNDERSCORE, before)) continue;
    if (inTable(end < run.length ? WORD : LETTER_OR_UNDERSCORE, after)) continue;
    const candidate = run.slice(start, end);
    if (candidate.split(".").length !== 4) continue;
    if (!isAddressInContext(text, match.index + start, match.index + end, src.source)) continue;
    sink.addIp(candidate, src);
  }
}

/**
 * IPv6 as maximal runs of hex digits, colons and dots, validated by node:net. Times (`12:30:45`), MAC
 * addresses and C++ scopes (`std::`) are excluded by requiring a hex letter or `::` and three groups.
 */
export function scanIpv6(text: string, src: IocSource, sink: IocCollector): void {
  for (const match of ipv6RunsWithHint(text)) {
    const run = match.run;
    if (run.length < 5 || run.length > 64) continue;
    const firstColon = run.indexOf(":");
    if (firstColon === -1 || run.indexOf(":", firstColon + 1) === -1) continue;
    let start = 0;
    let end = run.length;
    while (end > start && run.charCodeAt(end - 1) === 0x2e) end--;
    // A single colon at either end is punctuation ("addr:fe80::1", "is 2001:db8::1:").
    if (run.startsWith(":") && !run.startsWith("::")) start++;
    if (run.endsWith(":", end) && !run.endsWith("::", end)) end--;
    if (start === 0 && inTable(NON_HEX_WORD, text.charCodeAt(match.index - 1))) continue;
    if (end === run.length && inTable(NON_HEX_WORD, text.charCodeAt(match.index + run.length))) continue;
    const candidate = run.slice(start, end);
    if (!candidate.includes("::") && !/[a-f]/i.test(candidate)) continue;
    const groups = candidate.split(":").filter((g) => g !== "");
    const groupCount = groups.length + (groups.length > 0 && groups[groups.length - 1].includes(".") ? 1 : 0);
    if (groupCount < 3) continue;
    sink.addIp(candidate, src);
  }
}

/** `"http://ev" + 'il.com/x'` -> `"http://evil.com/x'`, and JSON-style `\/` -> `/`. */
function joinStringLiterals(text: string): string {
  return text.replace(/["']\s*\+\s*["']/g, "").replaceAll("\\/", "/");
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** XMP and XFA are XML: `&amp;` in a query string is `&`. */
function decodeXmlEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#[0-9]{1,7}|#x[0-9a-f]{1,6});/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    const named = ownEntry(XML_ENTITIES, lower);
    if (named !== undefined) return named;
    const code = lower.startsWith("#x") ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
