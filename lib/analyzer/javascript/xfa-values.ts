// What an XFA script reads back from its own form: the values of the data packet (<xfa:datasets>
// <xfa:data>, XFA 3.3 ch. 4 "Data") and the default values of template fields (<field name><value>
// <text>…). Kits keep the encoded next stage there and run eval(decode(field.rawValue)) from an
// initialize script, so the sandbox must return these values or the script stops at its first layer.
// Regex over bounded text; names are the elements' local names, as scripts resolve them.
import { decodeXmlEntities } from "../facts/xfa";

export interface XfaValue {
  name: string;
  value: string;
}

const MAX_XFA_VALUES = 2_000;
const MAX_XFA_VALUE_CHARS = 2 * 1024 * 1024;
const MAX_SCAN_CHARS = 16 * 1024 * 1024;

/** a leaf element of the data packet: <prefix:name attrs>text</prefix:name> */
const DATA_LEAF = /<(?:[\w.-]+:)?([\w.-]+)(?:\s[^<>]*)?>([^<]+)<\/(?:[\w.-]+:)?\1\s*>/g;
/** a template field and the first value element inside it */
const FIELD = /<field\b[^>]*\bname\s*=\s*["']([^"']+)["'][^>]*>([\s\S]{0,65536}?)<\/field\s*>/g;
const FIELD_VALUE = /<value\b[^>]*>\s*<(text|exData|integer|decimal|float|date|time|dateTime|image)\b[^>]*>([^<]*)<\/\1\s*>/;

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
  FIELD.lastIndex = 0;
  for (let m = FIELD.exec(text); m && out.length < MAX_XFA_VALUES; m = FIELD.exec(text)) {
    const v = FIELD_VALUE.exec(m[2]);
    if (v) push(m[1], v[2]);
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
