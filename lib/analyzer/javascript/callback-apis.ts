// Acrobat and XFA JavaScript APIs that reach outside the document (JavaScript for Acrobat API
// Reference; XFA 3.3 host model): what a script can send, fetch, mail or read without the reader
// seeing it. Found in the text for the fast stage; the sandbox (javascript-network-or-launch) sees the
// calls a script really makes, obfuscated ones included.
import type { Budget } from "../../limits";
import { classifyLocation, isRemote } from "../content/classify-location";
import { firstExternalDeclaration } from "../content/xml-declarations";
import { IDENT, SPACE } from "./js-chars";
import { runsOnLoad, type ScriptLayout } from "./runs-on-load";
import { includesText } from "../../pdf/fast-search";

/** network: opens a URL, posts data or talks to a web service; mail: sends the document or form by e-mail; file: reads a local file into the document */
export type CallbackRole = "network" | "mail" | "file";

export interface CallbackApi {
  api: string;
  role: CallbackRole;
  /** a word the pattern cannot match without, looked for with includes() first */
  anchor: string;
  /** linear (no nested quantifiers), global */
  pattern: RegExp;
  /** counts only when its first string argument names a remote location (app.openDoc of a local file is navigation, insertPages of one is assembly) */
  remoteArgument?: boolean;
  /** counts only when the script declares an external XML entity, which is then the target (XMLData.parse of a DOCTYPE: XXE) */
  externalEntity?: boolean;
}

export interface CallbackCall {
  api: string;
  role: CallbackRole;
  /** offset of the call in the script */
  offset: number;
  /** the call as written, clipped */
  text: string;
  /** the first string literal among its arguments (URL, address or path), clipped */
  target?: string;
  /** runs when the script runs: not inside a function the script only defines for buttons to call (runs-on-load.ts) */
  onLoad: boolean;
  /** runs only if the reader answers a dialog: the call is the statement of an `if (app.alert(...)...)` or `if (app.response(...)...)` */
  afterDialog: boolean;
}

// Each name is matched as written and as a computed member with a string key: `this["getURL"](...)`,
// `SOAP["connect"](...)` (the optional `"]` after a name, `[ "` for a member after its receiver). A
// pentest generator's bracket-notation level (jonaslejon/malicious-pdf, --obfuscate 2) writes every
// call that way, and the dot-only patterns saw none of them.
export const CALLBACK_APIS: readonly CallbackApi[] = [
  { api: "submitForm", role: "network", anchor: "submitForm", pattern: /\bsubmitForm(?:["']\s*\])?\s*\(/g },
  { api: "app.launchURL", role: "network", anchor: "launchURL", pattern: /\blaunchURL(?:["']\s*\])?\s*\(/g },
  { api: "getURL", role: "network", anchor: "getURL", pattern: /\bgetURL(?:["']\s*\])?\s*\(/g },
  { api: "xfa.host.gotoURL", role: "network", anchor: "gotoURL", pattern: /\bgotoURL(?:["']\s*\])?\s*\(/g },
  {
    api: "SOAP",
    role: "network",
    anchor: "SOAP",
    pattern:
      /\bSOAP\s*(?:\.\s*|\[\s*["'])(?:request|connect|response|queryServices|resolveService)(?:["']\s*\])?\s*\(/g,
  },
  // RSS.addFeed subscribes the viewer to a feed and fetches it (the April 2026 Reader zero-day's beacon)
  { api: "RSS.addFeed", role: "network", anchor: "addFeed", pattern: /\baddFeed(?:["']\s*\])?\s*\(/g },
  { api: "Net.HTTP", role: "network", anchor: "Net", pattern: /\bNet\s*(?:\.\s*|\[\s*["'])(?:HTTP|SOAP|Discovery)\b/g },
  {
    api: "ADBC.newConnection",
    role: "network",
    anchor: "ADBC",
    pattern: /\bADBC\s*(?:\.\s*|\[\s*["'])newConnection(?:["']\s*\])?\s*\(/g,
  },
  {
    api: "app.openDoc (remote)",
    role: "network",
    anchor: "openDoc",
    pattern: /\bopenDoc(?:["']\s*\])?\s*\(/g,
    remoteArgument: true,
  },
  { api: "mailDoc", role: "mail", anchor: "mailDoc", pattern: /\bmailDoc(?:["']\s*\])?\s*\(/g },
  { api: "mailForm", role: "mail", anchor: "mailForm", pattern: /\bmailForm(?:["']\s*\])?\s*\(/g },
  { api: "app.mailMsg", role: "mail", anchor: "mailMsg", pattern: /\bmailMsg(?:["']\s*\])?\s*\(/g },
  { api: "app.mailGetAddrs", role: "mail", anchor: "mailGetAddrs", pattern: /\bmailGetAddrs(?:["']\s*\])?\s*\(/g },
  {
    api: "importDataObject",
    role: "file",
    anchor: "importDataObject",
    pattern: /\bimportDataObject(?:["']\s*\])?\s*\(/g,
  },
  {
    api: "util.readFileIntoStream",
    role: "file",
    anchor: "readFileIntoStream",
    pattern: /\breadFileIntoStream(?:["']\s*\])?\s*\(/g,
  },
  { api: "importTextData", role: "file", anchor: "importTextData", pattern: /\bimportTextData(?:["']\s*\])?\s*\(/g },
  { api: "importAnFDF", role: "file", anchor: "importAnFDF", pattern: /\bimportAnFDF(?:["']\s*\])?\s*\(/g },
  { api: "importXFAData", role: "file", anchor: "importXFAData", pattern: /\bimportXFAData(?:["']\s*\])?\s*\(/g },
  // the further URL and path loaders of the data-leak literature (Müller et al., "Processing Dangerous
  // Paths", NDSS 2021): each fetches what its argument names, and a UNC path hands over the NTLM hash
  { api: "app.media.getURLData", role: "network", anchor: "getURLData", pattern: /\bgetURLData(?:["']\s*\])?\s*\(/g },
  // Foxit Reader's app.opencPDFWebPage opens its argument with the system's handler: a web page, or a
  // program given by path (Foxit's command-injection advisories, 2020-2022)
  {
    api: "app.opencPDFWebPage (Foxit)",
    role: "network",
    anchor: "opencPDFWebPage",
    pattern: /\bopencPDFWebPage(?:["']\s*\])?\s*\(/g,
  },
  {
    api: "app.openFDF (remote)",
    role: "network",
    anchor: "openFDF",
    pattern: /\bopenFDF(?:["']\s*\])?\s*\(/g,
    remoteArgument: true,
  },
  { api: "importAnXFDF", role: "file", anchor: "importAnXFDF", pattern: /\bimportAnXFDF(?:["']\s*\])?\s*\(/g },
  { api: "importIcon", role: "file", anchor: "importIcon", pattern: /\bimportIcon(?:["']\s*\])?\s*\(/g },
  { api: "importSound", role: "file", anchor: "importSound", pattern: /\bimportSound(?:["']\s*\])?\s*\(/g },
  {
    api: "xfa.host.importData",
    role: "file",
    anchor: "importData",
    pattern: /\bhost\s*(?:\.\s*|\[\s*["'])importData(?:["']\s*\])?\s*\(/g,
  },
  // CVE-2014-8452: XMLData.parse resolved a DOCTYPE's external entities, reading local files or URLs
  {
    api: "XMLData.parse (external entity)",
    role: "network",
    anchor: "XMLData",
    pattern: /\bXMLData\s*(?:\.\s*|\[\s*["'])parse(?:["']\s*\])?\s*\(/g,
    externalEntity: true,
  },
  // the web platform's requests, for viewers that run document scripts in a browser (PDF101's
  // callback tests): no Acrobat form calls them
  {
    api: "fetch (remote)",
    role: "network",
    anchor: "fetch",
    pattern: /(?<![\w$.])fetch(?:["']\s*\])?\s*\(/g,
    remoteArgument: true,
  },
  { api: "XMLHttpRequest", role: "network", anchor: "XMLHttpRequest", pattern: /\bnew\s+XMLHttpRequest\b/g },
  { api: "WebSocket", role: "network", anchor: "WebSocket", pattern: /\bnew\s+WebSocket\s*\(/g },
  { api: "navigator.sendBeacon", role: "network", anchor: "sendBeacon", pattern: /\bsendBeacon(?:["']\s*\])?\s*\(/g },
  // an image (or script) element whose source is set to a web address: the browser fetches it at
  // once, the web platform's oldest beacon (`new Image().src = url`). Remote addresses only
  { api: "Image.src (remote)", role: "network", anchor: "src", pattern: /\.\s*src\s*=(?!=)/g, remoteArgument: true },
  // document assembly reads local files as a matter of course: these count for a remote path only
  {
    api: "insertPages (remote)",
    role: "file",
    anchor: "insertPages",
    pattern: /\binsertPages(?:["']\s*\])?\s*\(/g,
    remoteArgument: true,
  },
  {
    api: "replacePages (remote)",
    role: "file",
    anchor: "replacePages",
    pattern: /\breplacePages(?:["']\s*\])?\s*\(/g,
    remoteArgument: true,
  },
  {
    api: "addWatermarkFromFile (remote)",
    role: "file",
    anchor: "addWatermarkFromFile",
    pattern: /\baddWatermarkFromFile(?:["']\s*\])?\s*\(/g,
    remoteArgument: true,
  },
];

/** a detection window, not a budget: how far past the call's "(" its first string argument is looked for (an argument, not the script) */
const ARGUMENT_WINDOW = 300;
/** presentation: characters of the call as written, and of its target, kept in a CallbackCall */
const CALL_TEXT_CHARS = 120;
const TARGET_CHARS = 200;

/**
 * Any API's anchor: one pass over a script that names none (nearly all of them), where a search per
 * anchor read the script 17 times (about 3 ms of the ~40 ms the script signals take per pass over
 * ../shared/corpus, against under 1 ms for the one regex).
 */
export const ANY_CALLBACK_API = new RegExp(
  CALLBACK_APIS.map((a) => a.anchor.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"),
);

/** The calls of `text` to the APIs above, JS_MAX_CALLS_PER_API per API (evidence, not a census: a hit when more are left unread). */
export function findCallbackCalls(text: string, budget: Budget): CallbackCall[] {
  const out: CallbackCall[] = [];
  if (!ANY_CALLBACK_API.test(text)) return out;
  const maxPerApi = budget.limits.JS_MAX_CALLS_PER_API;
  let layout: ScriptLayout | undefined;
  // the script's external entity is the same for each of its calls: read once (per call, a script of
  // 100,000 XMLData.parse calls read its whole text 100,000 times)
  let entity: { target: string | undefined } | undefined;
  // a call with no quote in its argument window has no string argument and is not scanned for one (a
  // script of 300,000 `fetch(` scanned the whole window at each: 1.9 s for 2 MB). The cache holds the
  // first quote at or after quoteFrom and answers for any later offset that has not passed it
  let quoteFrom = Infinity;
  let nextQuote = -1;
  const quoteWithinWindow = (from: number): boolean => {
    if (from < quoteFrom || (nextQuote !== -1 && nextQuote < from)) {
      const d = text.indexOf('"', from);
      const s = text.indexOf("'", from);
      nextQuote = d === -1 ? s : s === -1 ? d : Math.min(d, s);
      quoteFrom = from;
    }
    return nextQuote !== -1 && nextQuote < from + ARGUMENT_WINDOW;
  };
  for (const api of CALLBACK_APIS) {
    if (!includesText(text, api.anchor)) continue;
    api.pattern.lastIndex = 0;
    let kept = 0;
    let m = api.pattern.exec(text);
    for (; m && kept < maxPerApi; m = api.pattern.exec(text)) {
      layout ??= runsOnLoad(text, budget);
      // a call written in a comment (a disabled block of an old form) is no call
      if (layout.inComment(m.index)) continue;
      const from = m.index + m[0].length;
      const target = api.externalEntity
        ? (entity ??= { target: externalEntityOf(text) }).target
        : quoteWithinWindow(from)
          ? firstStringArgument(text, from)
          : undefined;
      if (api.externalEntity && target === undefined) continue;
      if (api.remoteArgument && !(target && isRemote(classifyLocation(target, "windows-path").kind))) continue;
      out.push({
        api: api.api,
        role: api.role,
        offset: m.index,
        text: text.slice(m.index, m.index + CALL_TEXT_CHARS),
        target,
        onLoad: layout.runs(m.index),
        afterDialog: afterDialog(text, m.index),
      });
      kept++;
    }
    if (m) budget.budgetHits.add("JS_MAX_CALLS_PER_API");
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/** The URI of an external entity or DTD the script declares (in a string it parses: quotes escaped). */
function externalEntityOf(text: string): string | undefined {
  return firstExternalDeclaration(text, true)?.target;
}

/** a detection window, not a budget: how far before a call its `if (app.alert(...))` is looked for */
const DIALOG_WINDOW = 400;

/**
 * The call at `offset` is the statement of an if whose condition asks the reader (app.alert with
 * buttons, app.response): `if (app.alert(msg, 1, 2) == 4) this.getURL(url)`. The reader's answer is the
 * consent; Adobe's form-version check does this on every XFA form it generated.
 */
export function afterDialog(text: string, offset: number): boolean {
  const from = Math.max(0, offset - DIALOG_WINDOW);
  for (
    let at = text.lastIndexOf("if", offset);
    at >= from && at !== -1;
    at = at === 0 ? -1 : text.lastIndexOf("if", at - 1)
  ) {
    if (at > 0 && IDENT[text.charCodeAt(at - 1)]) continue;
    let i = at + 2;
    while (i < offset && SPACE[text.charCodeAt(i)]) i++;
    if (text.charCodeAt(i) !== 0x28) continue;
    const close = matchingParen(text, i, offset);
    if (close === -1) return false;
    const condition = text.slice(i, close);
    if (!condition.includes("alert(") && !condition.includes("response(") && !answerVariable(text, condition, at))
      return false;
    // between the condition and the call: only "{" and the receiver (this., event.target., app.)
    for (let j = close + 1; j < offset; j++) {
      const c = text.charCodeAt(j);
      if (!SPACE[c] && !IDENT[c] && c !== 0x2e && c !== 0x7b) return false;
    }
    return true;
  }
  return false;
}

/** a detection window, not a budget: how far before the if the dialog's answer may have been stored */
const ANSWER_WINDOW = 2000;

/** The condition tests a variable that holds a dialog's answer: `var ans = app.alert(...); if (ans == 1) ...`. */
function answerVariable(text: string, condition: string, ifAt: number): boolean {
  const before = text.slice(Math.max(0, ifAt - ANSWER_WINDOW), ifAt);
  for (let i = 0; i < condition.length;) {
    if (!IDENT[condition.charCodeAt(i)]) {
      i++;
      continue;
    }
    const start = i;
    while (i < condition.length && IDENT[condition.charCodeAt(i)]) i++;
    const name = condition.slice(start, i);
    for (let at = before.indexOf(name); at !== -1; at = before.indexOf(name, at + name.length)) {
      if (at > 0 && IDENT[before.charCodeAt(at - 1)]) continue;
      let j = at + name.length;
      while (SPACE[before.charCodeAt(j)]) j++;
      if (before[j] !== "=" || before[j + 1] === "=") continue;
      j++;
      while (SPACE[before.charCodeAt(j)]) j++;
      if (before.startsWith("app.alert(", j) || before.startsWith("app.response(", j)) return true;
    }
  }
  return false;
}

/** The ")" that closes the "(" at `open`, before `limit`; string literals skipped; -1 if none. */
export function matchingParen(text: string, open: number, limit: number): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 || c === 0x27) {
      const close = text.indexOf(text[i], i + 1);
      if (close === -1 || close >= limit) return -1;
      i = close;
    } else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i;
  }
  return -1;
}

/**
 * The call's target among the string literals within ARGUMENT_WINDOW characters after `from` (escapes
 * undone): the first that names a remote location or an address, else the first one. Stops where the
 * call's parentheses close or the statement ends.
 */
export function firstStringArgument(text: string, from: number): string | undefined {
  const end = Math.min(text.length, from + ARGUMENT_WINDOW);
  let first: string | undefined;
  let depth = 0;
  for (let i = from; i < end; i++) {
    const q = text.charCodeAt(i);
    if (q === 0x28) depth++;
    else if (q === 0x3b || (q === 0x29 && --depth <= 0 && i > from)) break;
    if (q !== 0x22 && q !== 0x27) continue;
    const literal = readStringLiteral(text, i, TARGET_CHARS);
    const kind = classifyLocation(literal, "windows-path").kind;
    if (isRemote(kind) || kind === "mail" || literal.includes("@")) return literal;
    first ??= literal;
    const close = text.indexOf(text[i], i + 1);
    if (close === -1) break;
    i = close;
  }
  return first;
}

/**
 * The value of the JavaScript string literal whose opening quote is at `open` (\\, \", \', \/, \xNN and
 * \uNNNN undone; other escapes kept as the character), up to `max` characters.
 */
export function readStringLiteral(text: string, open: number, max: number): string {
  const quote = text.charCodeAt(open);
  let out = "";
  for (let i = open + 1; i < text.length && out.length < max; i++) {
    const c = text.charCodeAt(i);
    if (c === quote || c === 0x0a) break;
    if (c !== 0x5c) {
      out += text[i];
      continue;
    }
    const n = text[i + 1];
    if (n === "x" && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 2, i + 4))) {
      out += String.fromCharCode(parseInt(text.slice(i + 2, i + 4), 16));
      i += 3;
    } else if (n === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
      out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
      i += 5;
    } else if (n !== undefined) {
      out += n === "n" ? "\n" : n === "t" ? "\t" : n;
      i++;
    }
  }
  return out;
}
