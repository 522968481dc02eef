// A tolerant scan of an XMP packet (ISO 16684-1; PDF §14.3.2) for the properties a report shows.
// No XML parser: packets in the wild are truncated, mis-encoded or padded, and we need a few simple
// properties only. A property is written either as an attribute of rdf:Description
// (`pdf:Producer="..."`) or as an element, whose value may be an rdf:Alt/Seq/Bag of rdf:li items.
import { ownEntry } from "../own-entry";

import { replaceDelimited } from "../text/replace-delimited";
import { xmlElements } from "../text/xml-elements";

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
  const attributes = attributeValues(xml);
  for (const prop of XMP_PROPERTIES) {
    const attribute = attributes.get(prop);
    const value = elementValue(xml, prop) ?? (attribute === undefined ? null : clean(attribute) || null);
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

/** `prefix:name="value"` (either quote): the properties written as attributes of rdf:Description */
const ATTRIBUTE = /[\s<]([\w.-]+:[\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The first value of each prefixed attribute in `xml`, one pass (a search per property cost one each). */
function attributeValues(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(xml); m; m = ATTRIBUTE.exec(xml)) if (!out.has(m[1])) out.set(m[1], m[2] ?? m[3]);
  return out;
}

/** The value of the first `<prop>...</prop>` element: its text, or its rdf:li items. */
function elementValue(xml: string, prop: string): string | null {
  const inner = firstBody(xml, prop);
  if (inner === null) return null;
  const items: string[] = [];
  for (const li of xmlElements(inner, "rdf:li")) {
    if (li.body === null) break;
    if (!li.attributes.endsWith("/")) items.push(li.body);
    if (items.length >= MAX_LIST_ITEMS) break;
  }
  if (items.length) {
    // rdf:Alt is language alternatives of one value: the first (x-default by convention) is the value
    const alt = /<rdf:Alt[\s>]/.test(inner);
    const values = items.map(clean).filter(Boolean);
    return (alt ? values.slice(0, 1) : values).join("; ") || null;
  }
  return clean(inner) || null;
}

/** Body of the first element `name` that has one (none after an open tag without a close: none at all). */
function firstBody(xml: string, name: string): string | null {
  for (const e of xmlElements(xml, name)) {
    if (e.body === null) return null;
    if (!e.attributes.endsWith("/")) return e.body;
  }
  return null;
}

function clean(s: string): string {
  return decodeEntities(replaceDelimited(s, "<![CDATA[", "]]>", (_, inner) => inner).replace(/<[^<>]*>/g, " "))
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
