// What an XFA script reads back from its own form: the values of the data packet (<xfa:datasets>
// <xfa:data>, XFA 3.3 ch. 4 "Data") and the default values of template fields (<field name><value>
// <text>…). Kits keep the encoded next stage there and run eval(decode(field.rawValue)) from an
// initialize script, so the sandbox must return these values or the script stops at its first layer.
// Linear scans of bounded text (lib/analyzer/text); names are the elements' local names, as scripts resolve them.
import { decodeXmlEntities } from "../facts/xfa";
import { xmlElements } from "../text/xml-elements";

export interface XfaValue {
  name: string;
  value: string;
}

const MAX_XFA_VALUES = 2_000;
const MAX_XFA_VALUE_CHARS = 2 * 1024 * 1024;
const MAX_SCAN_CHARS = 16 * 1024 * 1024;

/** a leaf element of the data packet: <prefix:name attrs>text</prefix:name> */
const DATA_LEAF = /<(?:[\w.-]+:)?([\w.-]+)(?:\s[^<>]*)?>([^<]+)<\/(?:[\w.-]+:)?\1\s*>/g;
/** a template field's body is looked at up to this size (a field holds a value, not a document) */
const MAX_FIELD_BODY_CHARS = 65_536;
const FIELD_NAME = /\bname\s*=\s*["']([^"']+)["']/;
/** the first value element inside a field */
const FIELD_VALUE = /<value\b[^<>]*>\s*<(text|exData|integer|decimal|float|date|time|dateTime|image)\b[^<>]*>([^<]*)<\/\1\s*>/;

export function collectXfaValues(xml: string): XfaValue[] {
  const text = xml.length > MAX_SCAN_CHARS ? xml.slice(0, MAX_SCAN_CHARS) : xml;
  const out: XfaValue[] = [];
  let budget = MAX_XFA_VALUE_CHARS * 4;
  const push = (name: string, raw: string) => {
    const value = decodeXmlEntities(raw.length > MAX_XFA_VALUE_CHARS ? raw.slice(0, MAX_XFA_VALUE_CHARS) : raw);
    if (!value.trim() || out.length >= MAX_XFA_VALUES || budget < value.length) return;
    budget -= value.length;
    out.push({ name, value });
  };
  for (const field of xmlElements(text, "field", { maxBodyChars: MAX_FIELD_BODY_CHARS, where: (a) => FIELD_NAME.test(a) })) {
    if (out.length >= MAX_XFA_VALUES) break;
    const v = field.body === null ? null : FIELD_VALUE.exec(field.body);
    if (v) push(FIELD_NAME.exec(field.attributes)![1], v[2]);
  }
  const data = dataPacket(text);
  DATA_LEAF.lastIndex = 0;
  for (let m = data ? DATA_LEAF.exec(data) : null; m && out.length < MAX_XFA_VALUES; m = DATA_LEAF.exec(data!)) push(m[1], m[2]);
  return out;
}

/** The <xfa:data> (or <xfa:datasets>) part of the XFA text, where the form's data lives. */
function dataPacket(text: string): string | null {
  const start = text.search(/<(?:[\w.-]+:)?datasets\b/);
  if (start < 0) return null;
  const end = text.slice(start).search(/<\/(?:[\w.-]+:)?datasets\s*>/);
  return end < 0 ? text.slice(start) : text.slice(start, start + end);
}
