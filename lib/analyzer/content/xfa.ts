// XFA forms (/AcroForm /XFA, ISO 32000-1 §12.7.8): the XML packets as text, and their scripts.
import type { Budget } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { PdfStream, PdfRef, type PdfObject } from "../../pdf/objects";
import { replaceDelimited } from "../text/replace-delimited";
import { readText } from "./text";

export interface XfaFact {
  text: string;
  objectRef?: string;
  scripts: { source: string; contentType: string; offset: number; activity?: string }[];
}

/**
 * A `<script>` element and its body. The body ends at `</script>`, or, when the packet was cut off
 * (a truncated template stream: a common shape of malicious XFA forms, which readers still run), at the
 * next script, at the end of the template packet, or at the end of the text.
 */
// (attributes stop at `<` too: an open tag never closed must not be rescanned from every `<script`)
const SCRIPT =
  /<script\b([^<>]*)>([\s\S]*?)(?:<\/script\s*>|(?=<script\b|<\/template\s*>|<xfa:datasets\b|<\/xdp:xdp\s*>)|$)/gi;

export function collectXfa(doc: PdfDocument): XfaFact | null {
  const acro = doc.dict(doc.catalog?.get("AcroForm"));
  const xfa = acro?.get("XFA");
  if (xfa === undefined) return null;
  const resolved = doc.resolve(xfa);
  // either one stream, or an array of [packet-name stream ...] (§12.7.8)
  const parts: PdfObject[] = Array.isArray(resolved) ? resolved.filter((_, i) => i % 2 === 1) : [xfa];
  let text = "";
  let objectRef: string | undefined;
  const max = doc.limits.MAX_XFA_CHARS;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (!objectRef && part instanceof PdfRef) objectRef = part.toString();
    if (!(doc.resolve(part) instanceof PdfStream)) continue;
    const room = max - text.length;
    const piece = readText(doc, part, room);
    text += piece?.text ?? "";
    if (text.length < max) continue;
    if (piece?.cut || i < parts.length - 1) doc.budgetHits.add("MAX_XFA_CHARS");
    break;
  }
  return { text, objectRef, scripts: extractXmlScripts(text, doc) };
}

/** `<script>` bodies of XFA/XDP XML, with their contentType (JavaScript or FormCalc), at most MAX_XFA_SCRIPTS. */
export function extractXmlScripts(xml: string, budget: Budget): XfaFact["scripts"] {
  const out: XfaFact["scripts"] = [];
  const max = budget.limits.MAX_XFA_SCRIPTS;
  SCRIPT.lastIndex = 0;
  let m = SCRIPT.exec(xml);
  for (; m && out.length < max; m = SCRIPT.exec(xml)) {
    const type = /contentType\s*=\s*["']([^"']+)/i.exec(m[1])?.[1] ?? "application/x-formcalc";
    // the enclosing <event activity="..."> says when it runs (XFA 3.3 "event" element)
    const before = xml.slice(Math.max(0, m.index - 400), m.index);
    const activity = lastEventActivity(before);
    out.push({ source: decodeXmlEntities(m[2]), contentType: type, offset: m.index, activity });
  }
  if (m) budget.budgetHits.add("MAX_XFA_SCRIPTS");
  return out;
}

const EVENT_TAG = /<event\b/gi;
const ACTIVITY = /^<event\b[^<>]*?\bactivity\s*=\s*["']([^"'<>]+)["'][^<>]*>/i;

/** The activity of the last `<event>` tag in `text`, if it names one (the event a script runs on). */
function lastEventActivity(text: string): string | undefined {
  let last = -1;
  EVENT_TAG.lastIndex = 0;
  for (let m = EVENT_TAG.exec(text); m; m = EVENT_TAG.exec(text)) last = m.index;
  return last < 0 ? undefined : ACTIVITY.exec(text.slice(last))?.[1];
}

export function decodeXmlEntities(s: string): string {
  return replaceDelimited(s, "<![CDATA[", "]]>", (_, inner) => inner)
    .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCharCode(parseInt(h, 16) & 0xffff))
    .replace(/&#(\d+);/g, (_, d) => String.fromCharCode(Number(d) & 0xffff))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}
