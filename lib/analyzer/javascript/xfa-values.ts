// What an XFA script reads back from its own form: the values of the data packet (<xfa:datasets>
// <xfa:data>, XFA 3.3 ch. 4 "Data") and the default values of template fields (<field name><value>
// <text>…). Kits keep the encoded next stage there and run eval(decode(field.rawValue)) from an
// initialize script, so the sandbox must return these values or the script stops at its first layer.
// Linear scans of bounded text (lib/analyzer/text); names are the elements' local names, as scripts resolve them.
import type { Budget, BudgetName } from "../../limits";
import { decodeXmlEntities } from "../content/xfa";
import { xmlElements } from "../text/xml-elements";

export interface XfaValue {
  name: string;
  value: string;
}

/** a leaf element of the data packet: <prefix:name attrs>text</prefix:name> */
const DATA_LEAF = /<(?:[\w.-]+:)?([\w.-]+)(?:\s[^<>]*)?>([^<]+)<\/(?:[\w.-]+:)?\1\s*>/g;
const FIELD_NAME = /\bname\s*=\s*["']([^"']+)["']/;
/** the first value element inside a field */
const FIELD_VALUE =
  /<value\b[^<>]*>\s*<(text|exData|integer|decimal|float|date|time|dateTime|image)\b[^<>]*>([^<]*)<\/\1\s*>/;

export function collectXfaValues(xml: string, budget: Budget): XfaValue[] {
  const {
    JS_CONTEXT_MAX_XFA_VALUES: maxValues,
    JS_CONTEXT_MAX_XFA_VALUE_CHARS: maxValueChars,
    JS_CONTEXT_XFA_SCAN_CHARS: maxScan,
    JS_CONTEXT_MAX_XFA_FIELD_BODY_CHARS: maxFieldBody,
  } = budget.limits;
  const hit = (name: BudgetName) => budget.budgetHits.add(name);
  if (xml.length > maxScan) hit("JS_CONTEXT_XFA_SCAN_CHARS");
  const text = xml.length > maxScan ? xml.slice(0, maxScan) : xml;
  const out: XfaValue[] = [];
  let left = maxValueChars * 4;
  const push = (name: string, raw: string) => {
    if (raw.length > maxValueChars) hit("JS_CONTEXT_MAX_XFA_VALUE_CHARS");
    const value = decodeXmlEntities(raw.length > maxValueChars ? raw.slice(0, maxValueChars) : raw);
    if (!value.trim()) return;
    if (out.length >= maxValues) return hit("JS_CONTEXT_MAX_XFA_VALUES");
    if (left < value.length) return hit("JS_CONTEXT_MAX_XFA_VALUE_CHARS");
    left -= value.length;
    out.push({ name, value });
  };
  for (const field of xmlElements(text, "field", { maxBodyChars: maxFieldBody, where: (a) => FIELD_NAME.test(a) })) {
    if (out.length >= maxValues) {
      hit("JS_CONTEXT_MAX_XFA_VALUES");
      break;
    }
    if (field.bodyTooLong) hit("JS_CONTEXT_MAX_XFA_FIELD_BODY_CHARS");
    const v = field.body === null ? null : FIELD_VALUE.exec(field.body);
    if (v) push(FIELD_NAME.exec(field.attributes)![1], v[2]);
  }
  const data = dataPacket(text);
  DATA_LEAF.lastIndex = 0;
  let m = data ? DATA_LEAF.exec(data) : null;
  for (; m && out.length < maxValues; m = DATA_LEAF.exec(data!)) push(m[1], m[2]);
  if (m) hit("JS_CONTEXT_MAX_XFA_VALUES");
  return out;
}

/** The <xfa:data> (or <xfa:datasets>) part of the XFA text, where the form's data lives. */
function dataPacket(text: string): string | null {
  const start = text.search(/<(?:[\w.-]+:)?datasets\b/);
  if (start < 0) return null;
  const end = text.slice(start).search(/<\/(?:[\w.-]+:)?datasets\s*>/);
  return end < 0 ? text.slice(start) : text.slice(start, start + end);
}
