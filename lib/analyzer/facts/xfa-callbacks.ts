// What an XFA form (XFA 3.3) sends or loads from outside the document: `<submit target>` actions with
// the event they are bound to, FormCalc's URL functions (Get, Post, Put) and $host.gotoURL, data
// connections (`<connectionSet>`: wsdlConnection soap/wsdl addresses, xml/xsd connection URIs) and
// whether an open-time event executes them, external entities and DTDs of a DOCTYPE (XXE), XSLT
// stylesheets of an `<?xml-stylesheet?>` instruction, and `<image>` / `<exData>` content loaded from an href. One linear pass over the form's tags (indexOf from
// tag to tag, attributes read within a bounded tag); JavaScript scripts are left to script signals.
import type { Budget } from "../../limits";
import { classifyLocation, isRemote, type LocationKind } from "../content/classify-location";
import { xfaActivityConsent } from "./trigger-consent";
import { decodeXmlEntities } from "../content/xfa";
import { isDeclarationAt, readDeclaration } from "../content/xml-declarations";
import { readStringLiteral } from "../javascript/callback-apis";
import { indexOfText } from "../../pdf/fast-search";

export interface XfaCallbackFact {
  /** what calls out: `<submit>`, `FormCalc Post`, `<!ENTITY x SYSTEM>`, `<wsdlConnection "c"> <soapAddress>`, `<image href>`... */
  element: string;
  /** the URL, path or address; "(computed)" when a FormCalc call builds it */
  target: string;
  kind: LocationKind | "computed";
  /** the event activity it is bound to (initialize, click, ...) */
  event?: string;
  /**
   * runs without a click: bound to an event of consent "none" (initialize, docReady, formReady, ...,
   * trigger-consent.ts), a calculate/validate script, an entity or DTD (read when the XML is parsed), an
   * image or exData (loaded when drawn), a data connection executed from such an event or script
   */
  onOpen: boolean;
  /** character offset in the XFA text */
  offset: number;
}

/**
 * Windows, not budgets: a tag (name and attributes) is read this far at most, and an address or a
 * URL literal this far (a location is its head: classify-location.ts). Callbacks kept per form, event
 * nesting and calls per script body are budgets (MAX_XFA_CALLBACKS, MAX_XFA_EVENT_DEPTH, MAX_XFA_SCRIPT_CALLS).
 */
const MAX_TAG_CHARS = 8192;
const MAX_TEXT_CHARS = 2048;
const FORMCALC_URL_FUNCTIONS = ["get", "post", "put"];
const CONNECTION_ELEMENTS = new Set(["wsdlConnection", "xmlConnection", "xsdConnection"]);
const CONNECTION_ADDRESSES = new Set(["soapAddress", "wsdlAddress", "uri"]);
/** the tags the walk below acts on, opening and closing */
const OPENING_NAMES = new Set([
  "event",
  "variables",
  "submit",
  "execute",
  "image",
  "exData",
  "script",
  ...CONNECTION_ELEMENTS,
  ...CONNECTION_ADDRESSES,
]);
const CLOSING_NAMES = new Set(["event", "variables", ...CONNECTION_ELEMENTS]);

export function collectXfaCallbacks(xml: string, budget: Budget): XfaCallbackFact[] {
  const out: XfaCallbackFact[] = [];
  const { MAX_XFA_CALLBACKS: maxCallbacks, MAX_XFA_EVENT_DEPTH: maxEventDepth } = budget.limits;
  const add = (f: XfaCallbackFact) => {
    if (out.length < maxCallbacks) out.push(f);
    else budget.budgetHits.add("MAX_XFA_CALLBACKS");
  };
  const events: string[] = [];
  const connections: { element: string; name: string; target: string; kind: LocationKind; offset: number }[] = [];
  const executedOnOpen = new Set<string>();
  let connection: { element: string; name: string } | null = null;
  let variablesDepth = 0;
  const eventNow = () => events[events.length - 1];

  let lt = xml.indexOf("<");
  while (lt !== -1 && out.length < maxCallbacks) {
    const second = xml.charCodeAt(lt + 1);
    // comments, CDATA, processing instructions and declarations all start `<!` or `<?`
    const markup = second === 0x21 || second === 0x3f;
    if (markup && xml.startsWith("<!--", lt)) {
      lt = next(xml, xml.indexOf("-->", lt + 4));
      continue;
    }
    if (markup && xml.startsWith("<![CDATA[", lt)) {
      lt = next(xml, xml.indexOf("]]>", lt + 9));
      continue;
    }
    if (second === 0x3f) {
      const end = xml.indexOf("?>", lt + 2);
      // <?xml-stylesheet href="..."?>: Reader fetched the XSLT the form names as it parsed the form
      // (CVE-2019-7089: a UNC href hands over the NTLM hash, an http one tells the sender it was opened)
      if (xml.startsWith("<?xml-stylesheet", lt)) {
        const href = attribute(xml.slice(lt + 2, Math.min(end === -1 ? xml.length : end, lt + MAX_TAG_CHARS)), "href");
        const l = href ? classifyLocation(href, "uri") : undefined;
        if (href && l && isRemote(l.kind))
          add({ element: "<?xml-stylesheet href?>", target: href, kind: l.kind, onOpen: true, offset: lt });
      }
      lt = next(xml, end);
      continue;
    }
    if (markup && isDeclarationAt(xml, lt)) {
      const declaration = readDeclaration(xml, lt);
      if (declaration)
        add({ ...declaration, ...classifyLocation(declaration.target, "uri"), onOpen: true, offset: lt });
      lt = xml.indexOf("<", lt + 2);
      continue;
    }
    const gt = xml.indexOf(">", lt);
    if (gt === -1) break;
    const tagEnd = Math.min(gt, lt + MAX_TAG_CHARS);
    const closing = second === 0x2f;
    const name = localName(xml, lt + (closing ? 2 : 1), tagEnd);
    // most of a form's tags (fields, values, layout) do not matter here: no copy of their text
    if (name === undefined || !(closing ? CLOSING_NAMES : OPENING_NAMES).has(name)) {
      lt = xml.indexOf("<", gt + 1);
      continue;
    }
    const tag = xml.slice(lt + 1, tagEnd);
    const selfClosing = tag.endsWith("/");
    let after = gt + 1;
    if (closing) {
      if (name === "event") events.pop();
      else if (name === "variables") variablesDepth = Math.max(0, variablesDepth - 1);
      else if (CONNECTION_ELEMENTS.has(name)) connection = null;
    } else if (name === "event") {
      // an event without an activity is a click (XFA 3.3 "event": activity defaults to click)
      if (!selfClosing && events.length < maxEventDepth) events.push(attribute(tag, "activity") ?? "click");
      else if (!selfClosing) budget.budgetHits.add("MAX_XFA_EVENT_DEPTH");
    } else if (name === "variables") {
      if (!selfClosing) variablesDepth++;
    } else if (name === "submit") {
      // XFA names the address `target`; an HTML form's `action` (with method="soap", malicious-pdf's
      // test48) is what generators write for processors that read either
      const target = attribute(tag, "target") ?? attribute(tag, "action");
      const event = eventNow();
      if (target) {
        const l = classifyLocation(target, "uri");
        // a submit outside any event is run by nothing
        if (l.kind === "mail" || isRemote(l.kind))
          add({
            element: "<submit>",
            target,
            ...l,
            event,
            onOpen: event !== undefined && xfaActivityConsent(event) === "none",
            offset: lt,
          });
      }
    } else if (name === "execute") {
      const c = attribute(tag, "connection");
      const event = eventNow();
      if (c && event !== undefined && xfaActivityConsent(event) === "none") executedOnOpen.add(c);
    } else if (CONNECTION_ELEMENTS.has(name)) {
      if (!selfClosing) connection = { element: name, name: attribute(tag, "name") ?? "" };
    } else if (connection && CONNECTION_ADDRESSES.has(name) && !selfClosing) {
      const target = elementText(xml, after);
      const l = classifyLocation(target, "uri");
      if (isRemote(l.kind))
        connections.push({
          element: `<${connection.element} "${connection.name}"> <${name}>`,
          name: connection.name,
          target,
          kind: l.kind,
          offset: lt,
        });
    } else if (name === "image" || name === "exData") {
      const href = attribute(tag, "href");
      if (href) {
        const l = classifyLocation(href, "uri");
        if (isRemote(l.kind))
          add({ element: `<${name} href>`, target: href, kind: l.kind, event: eventNow(), onOpen: true, offset: lt });
      }
    } else if (name === "script" && !selfClosing) {
      const end = indexOfText(xml, "</script", gt);
      const event = eventNow();
      const runsAlone = event !== undefined ? xfaActivityConsent(event) === "none" : variablesDepth === 0;
      const formCalc = /formcalc/i.test(attribute(tag, "contentType") ?? "application/x-formcalc");
      if (formCalc || runsAlone) {
        const body = decodeXmlEntities(xml.slice(gt + 1, end === -1 ? xml.length : end));
        if (formCalc)
          for (const call of formCalcCallbacks(body, budget)) add({ ...call, event, onOpen: runsAlone, offset: lt });
        if (runsAlone) for (const c of executedConnections(body, budget)) executedOnOpen.add(c);
      }
      after = end === -1 ? xml.length : end;
    }
    lt = xml.indexOf("<", after);
  }
  // full, with the rest of the form not read
  if (lt !== -1 && out.length >= maxCallbacks) budget.budgetHits.add("MAX_XFA_CALLBACKS");
  for (const c of connections)
    add({ element: c.element, target: c.target, kind: c.kind, onOpen: executedOnOpen.has(c.name), offset: c.offset });
  return out;
}

function next(xml: string, end: number): number {
  return end === -1 ? -1 : xml.indexOf("<", end);
}

/** Local-name lengths of the tags the walk acts on: any other tag's name is not made into a string. */
const ACTED_ON_LENGTHS = new Set([...OPENING_NAMES, ...CLOSING_NAMES].map((n) => n.length));

/** A tag's name without its namespace prefix; undefined when no tag the walk acts on has its length. */
function localName(xml: string, from: number, to: number): string | undefined {
  let end = from;
  let colon = -1;
  for (; end < to; end++) {
    const c = xml.charCodeAt(end);
    if (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a || c === 0x2f || c === 0x3e) break;
    if (c === 0x3a && colon === -1) colon = end;
  }
  const start = colon === -1 ? from : colon + 1;
  return ACTED_ON_LENGTHS.has(end - start) ? xml.slice(start, end) : undefined;
}

/** An attribute's value in a tag's text (entities decoded), or undefined. */
export function attribute(tag: string, name: string): string | undefined {
  for (let at = tag.indexOf(name); at !== -1; at = tag.indexOf(name, at + name.length)) {
    const before = tag[at - 1];
    if (before !== " " && before !== "\t" && before !== "\n" && before !== "\r") continue;
    let i = at + name.length;
    while (tag[i] === " " || tag[i] === "\t" || tag[i] === "\n" || tag[i] === "\r") i++;
    if (tag[i] !== "=") continue;
    i++;
    while (tag[i] === " " || tag[i] === "\t" || tag[i] === "\n" || tag[i] === "\r") i++;
    const q = tag[i];
    if (q !== '"' && q !== "'") continue;
    const close = tag.indexOf(q, i + 1);
    if (close === -1) return undefined;
    return decodeXmlEntities(tag.slice(i + 1, close));
  }
  return undefined;
}

function elementText(xml: string, from: number): string {
  const end = xml.indexOf("<", from);
  return decodeXmlEntities(xml.slice(from, Math.min(end === -1 ? xml.length : end, from + MAX_TEXT_CHARS))).trim();
}

/**
 * FormCalc's URL functions Get(url), Post(url, data, ...), Put(url, data, ...) (XFA 3.3 "FormCalc
 * Specification", URL functions; function names are case-insensitive) and $host.gotoURL(url).
 */
export function formCalcCallbacks(
  body: string,
  budget: Budget,
): Omit<XfaCallbackFact, "event" | "onOpen" | "offset">[] {
  const out: Omit<XfaCallbackFact, "event" | "onOpen" | "offset">[] = [];
  const lower = body.toLowerCase();
  const max = budget.limits.MAX_XFA_SCRIPT_CALLS;
  for (const fn of [...FORMCALC_URL_FUNCTIONS, "gotourl"]) {
    let at = lower.indexOf(fn);
    for (; at !== -1 && out.length < max; at = lower.indexOf(fn, at + fn.length)) {
      const before = lower.charCodeAt(at - 1);
      // a whole word, not a method of another object (gotoURL is one: $host.gotoURL)
      if (isNameChar(before) || (fn !== "gotourl" && before === 0x2e)) continue;
      let i = at + fn.length;
      while (i < lower.length && (lower[i] === " " || lower[i] === "\t")) i++;
      if (lower[i] !== "(" || isNameChar(lower.charCodeAt(at + fn.length))) continue;
      // the URL is the first argument: a literal there, or an expression that builds it
      let j = i + 1;
      while (j < body.length && (body[j] === " " || body[j] === "\t" || body[j] === "\n" || body[j] === "\r")) j++;
      const literal = body[j] === '"' ? readStringLiteral(body, j, MAX_TEXT_CHARS) : undefined;
      const element = fn === "gotourl" ? "FormCalc $host.gotoURL" : `FormCalc ${fn[0].toUpperCase()}${fn.slice(1)}`;
      out.push(
        literal
          ? { element, target: literal, kind: classifyLocation(literal, "uri").kind }
          : { element, target: "(computed)", kind: "computed" },
      );
    }
    if (at !== -1) budget.budgetHits.add("MAX_XFA_SCRIPT_CALLS");
  }
  return out;
}

/** Names of data connections a script executes: `xfa.connectionSet.NAME.execute(...)`. */
function executedConnections(body: string, budget: Budget): string[] {
  const out: string[] = [];
  const max = budget.limits.MAX_XFA_SCRIPT_CALLS;
  let at = indexOfText(body, "connectionSet");
  for (; at !== -1 && out.length < max; at = indexOfText(body, "connectionSet", at + 13)) {
    let i = at + 13;
    if (body[i] !== ".") continue;
    const start = ++i;
    while (i < body.length && isNameChar(body.charCodeAt(i))) i++;
    if (i > start && body.startsWith(".execute", i)) out.push(body.slice(start, i));
  }
  if (at !== -1) budget.budgetHits.add("MAX_XFA_SCRIPT_CALLS");
  return out;
}

function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x24;
}
