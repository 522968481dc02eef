// A tolerant scan of an XMP packet (ISO 16684-1; PDF §14.3.2) for the properties a report shows.
// No XML parser: packets in the wild are truncated, mis-encoded or padded, and we need a few simple
// properties only. A property is written either as an attribute of rdf:Description
// (`pdf:Producer="..."`) or as an element, whose value may be an rdf:Alt/Seq/Bag of rdf:li items.
import { ownEntry } from "../own-entry";

/** Properties kept, by their conventional prefixes (XMP spec part 1 §8 / Adobe XMP schemas). */
export const XMP_PROPERTIES = [
  "dc:title",
  "dc:creator",
  "dc:description",
  "xmp:CreatorTool",
  "xmp:CreateDate",
  "xmp:ModifyDate",
  "xmp:MetadataDate",
  "pdf:Producer",
  "pdf:Keywords",
  "pdf:PDFVersion",
  "xmpMM:DocumentID",
  "xmpMM:InstanceID",
] as const;

const MAX_VALUE_CHARS = 1024;
const MAX_LIST_ITEMS = 32;

/** The known properties found in `xml`, values trimmed, entities decoded, list items joined by "; ". */
export function extractXmp(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const prop of XMP_PROPERTIES) {
    const value = elementValue(xml, prop) ?? attributeValue(xml, prop);
    if (value) out[prop] = value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value;
  }
  return out;
}

/** Text of an XMP packet's bytes: UTF-16 when a BOM says so (XMP §7.2 allows it), else UTF-8. */
export function xmpText(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  return new TextDecoder("utf-8", { fatal: false }).decode(bytes);
}

function attributeValue(xml: string, prop: string): string | null {
  const m = new RegExp(`[\\s<]${escapeRe(prop)}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(xml);
  return m ? clean(m[1] ?? m[2]) : null;
}

function elementValue(xml: string, prop: string): string | null {
  const p = escapeRe(prop);
  const m = new RegExp(`<${p}(?:\\s[^>]*)?>([\\s\\S]*?)</${p}\\s*>`).exec(xml);
  if (!m) return null;
  const inner = m[1];
  const items = [...inner.matchAll(/<rdf:li(?:\s[^>]*)?>([\s\S]*?)<\/rdf:li\s*>/g)].slice(0, MAX_LIST_ITEMS);
  if (items.length) {
    // rdf:Alt is language alternatives of one value: the first (x-default by convention) is the value
    const alt = /<rdf:Alt[\s>]/.test(inner);
    const values = items.map((i) => clean(i[1])).filter(Boolean);
    return (alt ? values.slice(0, 1) : values).join("; ") || null;
  }
  return clean(inner) || null;
}

function clean(s: string): string {
  return decodeEntities(s.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, "$1").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
    if (e[0] !== "#") return ownEntry(ENTITIES, e.toLowerCase()) ?? all;
    const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
  });
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
