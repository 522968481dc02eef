// Text-level signals of a script, cheap enough for the fast stage. They look for the techniques
// exploit kits used (escaped shellcode, heap spraying, eval of decoded strings, vulnerable Acrobat
// APIs); the advanced stage re-checks on a real parser's AST and on the deobfuscated layers.
import { findReentrancyShapes, type ReentrancyShape } from "./reentrancy";
import { textWindow, type Budget } from "../../limits";
import { findMemoryPrimitives, type MemoryPrimitive } from "./memory-primitives";
import {
  countMatches,
  IDENT,
  LiteralScanner,
  nameRunEnd,
  nameRunStart,
  namesBefore,
  skipSpaces,
  startsName,
  wordAt,
} from "./js-chars";
import { findCallbackCalls, type CallbackCall } from "./callback-apis";
import { detectObfuscationTechniques, type ObfuscationTechnique } from "./obfuscation-techniques";
import { findFileWrites, type FileWrite } from "./file-writes";
import { findBrowserDomApis } from "./browser-dom";

export interface ExploitApi {
  api: string;
  cve: string[];
  /** the text form, for the fast stage */
  pattern: RegExp;
  /** the method or property as a parser or the sandbox sees it (last member name) */
  member: string;
  /** the object it must belong to (the member name before it), where the name alone is ambiguous */
  receiver?: string;
  /** what makes a use the exploit's (exploit-match.ts) */
  shape: ExploitShape;
}

/**
 * call: any call; huge-format-width: a format string with a 3+ digit width; numeric-args: crafted
 * integers (negative or huge); null-arg: null or no argument; assign: any assignment to the property;
 * assign-tiff: a base64 TIFF image assigned; assign-null: null assigned; text: the pattern only (a
 * constant of a public exploit, no call to match). A member "[index]" is any array index.
 */
export type ExploitShape =
  "call" | "huge-format-width" | "numeric-args" | "null-arg" | "assign" | "assign-tiff" | "assign-null" | "text";

/**
 * Acrobat JavaScript APIs with public exploits: the union of peepdf's vulnerability table
 * (jesparza/peepdf PDFCore.py vulnsDict / jsVulns), Quicksand's PDF exploit signatures
 * (tylabs/quicksand quicksand_pdf.yara, "pdf.exploit ... CVE-…" rules, also shipped by pdfalyzer)
 * and the exploit kits of our corpora. Non-JavaScript entries of those tables (JBIG2, U3D/PRC, SING,
 * BMP/RLE, mailto URIs) are rules of their own elsewhere. Patterns ask for the exploit's shape where
 * the API also has benign uses (util.printf with a huge width, getAnnots with numeric arguments).
 */
export const EXPLOIT_APIS: readonly ExploitApi[] = [
  {
    api: "Collab.collectEmailInfo",
    cve: ["CVE-2007-5659", "CVE-2008-0655"],
    pattern: /collectEmailInfo\s*\(/,
    member: "collectEmailInfo",
    shape: "call",
  },
  {
    api: "util.printf",
    cve: ["CVE-2008-2992"],
    pattern: /util\s*\.\s*printf\s*\(\s*["']%\s*\d{3,}/,
    member: "printf",
    receiver: "util",
    shape: "huge-format-width",
  },
  {
    api: "Collab.getIcon",
    cve: ["CVE-2009-0927"],
    pattern: /Collab\s*\.\s*getIcon\s*\(/,
    member: "getIcon",
    receiver: "Collab",
    shape: "call",
  },
  {
    api: "getAnnots",
    cve: ["CVE-2009-1492"],
    pattern: /getAnnots\s*\(\s*(?:-\s*)?(0x[0-9a-f]+|\d+)\s*,/i,
    member: "getAnnots",
    shape: "numeric-args",
  },
  {
    api: "spell.customDictionaryOpen",
    cve: ["CVE-2009-1493"],
    pattern: /customDictionaryOpen\s*\(/,
    member: "customDictionaryOpen",
    shape: "call",
  },
  {
    api: "media.newPlayer",
    cve: ["CVE-2009-4324"],
    pattern: /media\s*\.\s*newPlayer\s*\(\s*null\s*\)/,
    member: "newPlayer",
    receiver: "media",
    shape: "null-arg",
  },
  { api: "doc.printSeps", cve: ["CVE-2010-4091"], pattern: /printSeps\s*\(/, member: "printSeps", shape: "call" },
  // ToolButton use-after-free: peepdf names CVE-2013-3346, Quicksand CVE-2014-0496 for the same call
  {
    api: "app.removeToolButton",
    cve: ["CVE-2013-3346", "CVE-2014-0496"],
    pattern: /removeToolButton\s*\(/,
    member: "removeToolButton",
    shape: "call",
  },
  // XFA: a node's keep.previous set before the layout is rebuilt (the CVE-2013-0640 kit, corpus 5b9ce71fa8e1)
  {
    api: "xfa keep.previous",
    cve: ["CVE-2013-0640"],
    pattern: /\.\s*keep\s*\.\s*previous\s*=[^=]/,
    member: "previous",
    receiver: "keep",
    shape: "assign",
  },
  // an embedded file's ESObject freed while still referenced (the public PoC, corpus a34b82b399e8)
  {
    api: "this.dataObjects[n] = null",
    cve: ["CVE-2020-9715"],
    pattern: /dataObjects\s*\[\s*\d+\s*\]\s*=\s*null\b/,
    member: "[index]",
    receiver: "dataObjects",
    shape: "assign-null",
  },
  // XFA: a crafted TIFF assigned to an image field's rawValue (libtiff overflow)
  {
    api: "xfa rawValue TIFF",
    cve: ["CVE-2010-0188"],
    pattern: /rawValue\s*=\s*["'](SUkqA|TU0AK)/,
    member: "rawValue",
    shape: "assign-tiff",
  },
  // the constant of the public Foxit Reader 9.0.1 exploit (peepdf "0x01a11d09"): text only, no API shape
  {
    api: "Foxit 0x01a11d09 exploit constant",
    cve: ["CVE-2018-9958"],
    pattern: /\b0x01a11d09\b/i,
    member: "",
    shape: "text",
  },
];

/**
 * A name each case-sensitive pattern cannot match without (its member or receiver), looked for with
 * includes() before the regex runs: most scripts name none of these APIs. "" for the others.
 */
const EXPLOIT_API_ANCHORS: readonly string[] = EXPLOIT_APIS.map((a) =>
  a.pattern.flags.includes("i")
    ? ""
    : ([a.member, a.receiver ?? ""].find((w) => /^\w+$/.test(w) && a.pattern.source.includes(w)) ?? ""),
);
/**
 * Every anchor's occurrences, found by one regex pass (irregexp's scan over the alternation costs less
 * than one includes() per anchor, which ran once per named API): each match restarts the search one
 * character on, so an anchor that overlaps another ("newPlayeremoveToolButton") is still seen.
 */
export const ANY_EXPLOIT_API = new RegExp(EXPLOIT_API_ANCHORS.filter((a) => a).join("|"), "g");

/** The exploit APIs a script's text calls the way their exploits do. */
function exploitApisIn(text: string): ExploitApi[] {
  const named = new Set<string>();
  ANY_EXPLOIT_API.lastIndex = 0;
  for (let m = ANY_EXPLOIT_API.exec(text); m; m = ANY_EXPLOIT_API.exec(text)) {
    named.add(m[0]);
    ANY_EXPLOIT_API.lastIndex = m.index + 1;
  }
  return EXPLOIT_APIS.filter(
    (a, i) => (EXPLOIT_API_ANCHORS[i] === "" || named.has(EXPLOIT_API_ANCHORS[i])) && a.pattern.test(text),
  );
}

export interface ScriptSignals {
  length: number;
  evalLike: boolean;
  unescape: boolean;
  fromCharCode: boolean;
  /** number of %uXXXX escapes (UCS-2 encoded machine code) */
  percentU: number;
  /** %u9090 / %u0c0c style repeated filler: a NOP sled or heap-spray address */
  nopSled: boolean;
  /** number of \xNN / \uNNNN escapes in string literals */
  escapes: number;
  /** longest run of hex digits (hex-encoded payloads) */
  longestHexRun: number;
  /** longest quoted string literal */
  longestString: number;
  /** string doubling / large array fill loops */
  heapSpray: boolean;
  /** obfuscator-style identifiers (_0x1a2b) */
  obfuscatedIdentifiers: number;
  exploitApis: ExploitApi[];
  /** exportDataObject with nLaunch: saves and opens an attachment */
  launchesAttachment: boolean;
  /** a network API is called (callback-apis.ts: submitForm, app.launchURL, getURL, xfa.host.gotoURL, SOAP, Net.HTTP, ...) */
  network: boolean;
  /** calls of the APIs that reach outside the document: network, mail, file (callback-apis.ts) */
  callbacks: CallbackCall[];
  /** calls that write a file to a path the script names (file-writes.ts: saveAs, the export APIs, extractPages) */
  fileWrites: FileWrite[];
  /** calls through computed member names (`this[x](...)`): hides which API is called */
  dynamicCalls: number;
  /** fromCharCode fed by parseInt / charCodeAt / XOR / arithmetic: a character-decoding loop */
  decoderLoop: boolean;
  /** reads data stored elsewhere in the document (annotation subjects, page words, metadata) */
  hiddenDataSource: boolean;
  /** names like "eval"/"unescape" assembled from string pieces ('ev' + 'al') */
  assembledNames: boolean;
  /**
   * uses of the form-automation API (getField, the AF* format/keystroke/calculate helpers, event.value,
   * util.printd): what the scripts of ordinary forms are made of. Not evidence either way by itself
   * (kits read payloads from fields too); the verdict model weighs it against the other signals.
   */
  formApiCalls: number;
  /** the obfuscation techniques seen, each with its evidence (obfuscation-techniques.ts) */
  techniques: ObfuscationTechnique[];
  /** the primitives of a typed-array memory-corruption exploit, one entry per kind (memory-primitives.ts) */
  memoryPrimitives: MemoryPrimitive[];
  /** shapes that make the reader call back into the script mid-work: use-after-free triggers (reentrancy.ts) */
  reentrancy: ReentrancyShape[];
  /** browser page APIs (document.write, document.cookie, window.location...): code for a web viewer's page (browser-dom.ts) */
  browserDom: string[];
}

const PERCENT_U = /%u[0-9a-f]{4}/gi;
/** tested, never matched for its extent: exact counts, so a megabyte sled is not one long backtracking match */
const NOP_SLED =
  /(?:%u(?:9090|0c0c|0a0a|0d0d|0b0b|4141|1414)){2}|(?:\\x(?:90|0c|0a|0d)){8}|0x0c0c0c0c|0x0a0a0a0a|0x0d0d0d0d/i;
const ESCAPES = /\\(x[0-9a-f]{2}|u[0-9a-f]{4})/gi;
const EVAL_LIKE = /\beval\s*\(|\bFunction\s*\(|new\s+Function\b|\[\s*["']eval["']\s*\]|setTimeOut\s*\(\s*[a-z_$]/i;
/**
 * Heap-spray shapes, each tried only when its literal anchor occurs: a back-referencing regex run
 * over every identifier of a megabyte script costs more than the rest of the fast stage.
 */
const SPRAY_SHAPES: readonly [anchor: string, shape: { test(text: string): boolean }][] = [
  ["+=", { test: hasSelfAppend }],
  ["+", { test: hasSelfDouble }],
  ["while", /while\s*\(\s*[\w$.]+\.length\s*<\s*(0x[0-9a-f]{4,}|\d{5,})/i],
  ["Array", /new\s+Array\s*\(\s*(0x[0-9a-f]{3,}|\d{4,})\s*\)/i],
];
/** EVAL_LIKE without its case folding: "function (" is not "Function(" */
const EVAL_CALL = /\beval\s*\(|\bFunction\s*\(|new\s+Function\b|\[\s*["']eval["']\s*\]|setTimeOut\s*\(\s*[a-z_$]/;
const OBF_IDENT = /\b_0x[0-9a-f]{4,}\b/gi;
const LAUNCH_ATTACHMENT = /exportDataObject\s*\([^()]*nLaunch\s*:\s*[12]/;
const DYNAMIC_CALL = /\[\s*[A-Za-z_$][\w$]*\s*\]\s*\(/g;
const DECODER_LOOP =
  /fromCharCode\s*\([^;]{0,200}(\^|parseInt|charCodeAt|[-+*]\s*\d)|(parseInt|charCodeAt)\s*\([^;]{0,200}fromCharCode|\[\s*["']fromCharCode["']\s*\]/;
/** custom /Info keys count too: this.info.cduh (kits store the payload under a made-up key) */
const HIDDEN_DATA =
  /syncAnnotScan|getPageNthWord|\.subject\b|\binfo\s*\.\s*(title|subject|keywords|author|creator|producer)\b|\b(this|doc)\s*\.\s*info\s*\.\s*[A-Za-z_$]|\.getDataObjectContents\s*\(/i;
const DANGEROUS_NAMES_ALL = /["'](eval|unescape|fromCharCode|String\.fromCharCode|Function|setTimeOut)["']/g;
const FORM_API =
  /\bgetField\s*\(|\bAF[A-Z][A-Za-z]*_[A-Za-z]+\s*\(|\bevent\s*\.\s*(value|change|changeEx|willCommit|rc)\b|\butil\s*\.\s*(printd|scand|printx)\s*\(/g;

/**
 * Bounded regex scans: every pattern is linear (no nested quantifiers). `budget`: the document's (the
 * scans' bounds are budgets, JS_SIGNAL_SCAN_CHARS and those of the callback and obfuscation scans).
 */
export function scriptSignals(source: string, budget: Budget): ScriptSignals {
  const text = textWindow(source, budget, "JS_SIGNAL_SCAN_CHARS");
  const callbacks = findCallbackCalls(text, budget);
  // one object literal, its techniques filled in after: a spread copy ({ ...signals, techniques })
  // got a map of its own once its clone site had seen many objects, which made every rule that reads
  // signals megamorphic (node --log-ic over ../shared/corpus)
  const signals: ScriptSignals = {
    length: source.length,
    evalLike: EVAL_LIKE.test(text),
    unescape: /\bunescape\s*\(/.test(text),
    fromCharCode: /fromCharCode/.test(text),
    percentU: countMatches(text, PERCENT_U),
    nopSled: NOP_SLED.test(text),
    // (a backslash and "_0" are memchr searches: most scripts have no escape, and none an obfuscator's name)
    escapes: text.includes("\\") ? countMatches(text, ESCAPES) : 0,
    longestHexRun: longestHexRun(text),
    longestString: longestLongLiteral(text),
    heapSpray: SPRAY_SHAPES.some(([anchor, shape]) => text.includes(anchor) && shape.test(text)),
    obfuscatedIdentifiers: text.includes("_0") ? countMatches(text, OBF_IDENT) : 0,
    exploitApis: exploitApisIn(text),
    launchesAttachment: LAUNCH_ATTACHMENT.test(text),
    network: callbacks.some((c) => c.role === "network"),
    callbacks,
    fileWrites: findFileWrites(text, budget),
    dynamicCalls: countMatches(text, DYNAMIC_CALL),
    decoderLoop: DECODER_LOOP.test(text),
    hiddenDataSource: HIDDEN_DATA.test(text),
    assembledNames: assembledNames(text, budget),
    formApiCalls: countMatches(text, FORM_API),
    techniques: [],
    memoryPrimitives: findMemoryPrimitives(text),
    reentrancy: findReentrancyShapes(text),
    browserDom: findBrowserDomApis(text),
  };
  signals.techniques = [...detectObfuscationTechniques(text, budget), ...signalTechniques(signals, text)];
  return signals;
}

/** The older text signals, named as techniques with their role. */
function signalTechniques(s: Omit<ScriptSignals, "techniques">, text: string): ObfuscationTechnique[] {
  const out: ObfuscationTechnique[] = [];
  const add = (on: boolean, id: ObfuscationTechnique["id"], role: ObfuscationTechnique["role"], evidence: string) =>
    on && out.push({ id, role, evidence });
  add(s.assembledNames, "names-assembled-from-pieces", "strong", "eval/unescape or a string method named from pieces");
  add(s.escapes >= 256, "many-escapes", "strong", `${s.escapes} \\x/\\u escapes`);
  add(s.longestHexRun >= 2048, "long-hex-run", "strong", `a ${s.longestHexRun}-digit hex run`);
  add(
    s.obfuscatedIdentifiers >= 20,
    "obfuscator-identifiers",
    "strong",
    `${s.obfuscatedIdentifiers} obfuscator identifiers (_0x…)`,
  );
  const evalCall = s.evalLike ? EVAL_CALL.exec(text) : null;
  add(!!evalCall, "eval-call", "runner", evalCall?.[0] ?? "");
  // one computed call runs code only when the script also decodes; two are a dispatch table of hidden names
  add(
    s.dynamicCalls >= 2 || (s.dynamicCalls >= 1 && (s.decoderLoop || s.unescape)),
    "computed-call",
    "runner",
    `${s.dynamicCalls} call(s) through computed names`,
  );
  add(s.unescape, "decoder-call", "decoder", "unescape(");
  add(s.decoderLoop, "char-code-decoding", "decoder", "fromCharCode fed by arithmetic, parseInt or charCodeAt");
  add(
    s.escapes >= 64 || s.longestHexRun >= 512 || s.longestString >= 1024,
    "long-encoded-literal",
    "decoder",
    `longest literal ${s.longestString} chars, hex run ${s.longestHexRun}, ${s.escapes} escapes`,
  );
  add(s.hiddenDataSource, "payload-from-document", "source", "reads annotations, page words or metadata");
  return out;
}

/** Joins adjacent literal concatenations ("ev" + "al" -> "eval") and looks for dangerous names. */
function assembledNames(text: string, budget: Budget): boolean {
  const head = textWindow(text, budget, "JS_ASSEMBLED_NAMES_SCAN_CHARS");
  if (foldedCharCodes(head) || assembledFromArrays(head)) return true;
  if (!joinsLiterals(text) && !appendsLiteral(text)) return false;
  const joined = head.replace(/["']\s*\+\s*["']/g, "");
  // assembled only if joining the pieces made the name: a plain "Function" literal is not (and
  // nothing was joined when the text kept its length)
  if (joined.length !== head.length) {
    // most scripts name none of them: the text before joining is counted only when there is one after
    const afterJoining = countMatches(joined, DANGEROUS_NAMES_ALL);
    if (afterJoining > 0 && afterJoining > countMatches(head, DANGEROUS_NAMES_ALL)) return true;
  }
  // fnc = 'ev'; ... fnc += 'a'; ... fnc += 'l': collect the pieces appended to each variable
  const pieces = new Map<string, string>();
  for (const m of stringAssignments(joined)) {
    const v = m.op === "=" ? m.value : (pieces.get(m.name) ?? "") + m.value;
    pieces.set(m.name, v);
    if (SENSITIVE_NAME.test(v)) return true;
    // w = "s"; w += "l"; w += "ice": a plain string method spelled in pieces, then called as j[w]
    if (m.op === "+=" && PIECED_METHOD.test(v)) return true;
  }
  return false;
}

/**
 * The matches of /\b([A-Za-z_$][\w$]*)\s*(\+?=)\s*["']([A-Za-z.]{1,12})["']/g in order (name = or +=
 * a short letters-only literal), found from each "=": the regex tried every identifier of the text.
 */
export function* stringAssignments(text: string): Generator<{ name: string; op: "=" | "+="; value: string }> {
  for (let k = text.indexOf("="); k !== -1; k = text.indexOf("=", k + 1)) {
    let at = skipSpaces(text, k + 1);
    const open = text.charCodeAt(at);
    if (open !== 0x22 && open !== 0x27) continue;
    const valueStart = ++at;
    while (at < text.length && at - valueStart <= 12 && LETTER_OR_DOT[text.charCodeAt(at)]) at++;
    const close = text.charCodeAt(at);
    if (at === valueStart || at - valueStart > 12 || (close !== 0x22 && close !== 0x27)) continue;
    const plus = text.charCodeAt(k - 1) === 0x2b;
    // the regex's match starts at the leftmost name: the longest one
    const name = namesBefore(text, plus ? k - 1 : k).next().value;
    if (name !== undefined) yield { name, op: plus ? "+=" : "=", value: text.slice(valueStart, at) };
  }
}

/** /["']\s*\+\s*["']/.test(text), from each "+" (the regex cost more than the check it gates) */
function joinsLiterals(text: string): boolean {
  for (let k = text.indexOf("+"); k !== -1; k = text.indexOf("+", k + 1)) {
    if (isQuote(text.charCodeAt(nameRunEnd(text, k) - 1)) && isQuote(text.charCodeAt(skipSpaces(text, k + 1))))
      return true;
  }
  return false;
}

/** /\+=\s*["']/.test(text), from each "+=" */
function appendsLiteral(text: string): boolean {
  for (let k = text.indexOf("+="); k !== -1; k = text.indexOf("+=", k + 1))
    if (isQuote(text.charCodeAt(skipSpaces(text, k + 2)))) return true;
  return false;
}

const isQuote = (c: number) => c === 0x22 || c === 0x27;

const PIECED_METHOD = /^(slice|substr|substring|replace|split|concat|charAt|fromCharCode|indexOf|push)$/;

const SENSITIVE_NAME =
  /^(eval|unescape|fromCharCode|Function|setTimeOut|getPageNthWord|getAnnots|syncAnnotScan|charCodeAt)$/;

/** String.fromCharCode(100+1,118,97,108): constant arguments folded ("eval"). */
function foldedCharCodes(text: string): boolean {
  const re = /fromCharCode\s*\(([0-9xa-fA-F\s,+\-*]{1,200})\)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const chars = m[1].split(",").map(foldArithmetic);
    if (chars.some((c) => c === null)) continue;
    if (SENSITIVE_NAME.test(String.fromCharCode(...(chars as number[])))) return true;
  }
  return false;
}

/** Sums and products of integer literals only (no eval of script text, ever). */
function foldArithmetic(expr: string): number | null {
  const terms = expr.replace(/\s+/g, "").split(/(?=[+-])/);
  let total = 0;
  for (const t of terms) {
    const factors = t.replace(/^\+/, "").split("*");
    let product = 1;
    for (const f of factors) {
      const n = /^-?(0x[0-9a-f]+|\d+)$/i.test(f) ? Number(f.startsWith("-") ? -Number(f.slice(1)) : Number(f)) : NaN;
      if (!Number.isFinite(n)) return null;
      product *= n;
    }
    total += product;
  }
  return total;
}

/**
 * What follows a string array's "=": 2 to 64 short literals in brackets (the items, group 1). The
 * regex this replaces read the spaces between two items as `\s*,?` then `\s*` of the next item: without
 * a comma, every split of a run of spaces was tried, quadratic in its length (`x=[''` and a megabyte of
 * spaces took minutes). The separator here is `\s*(?:,\s*)?`: the same texts, one way to read each.
 */
const STRING_ARRAY_BODY = /\s*\[\s*(["'][^"'\n]{0,16}["'](?:\s*(?:,\s*)?["'][^"'\n]{0,16}["']){1,63}\s*,?)\]/y;

/**
 * The matches of /\b([A-Za-z_$][\w$]*)\s*=\s*\[((?:\s*["'][^"'\n]{0,16}["']\s*,?){2,64})\]/g in order
 * (name = ["ev", "al", ...]), found from each "=": the regex tried every identifier of the text.
 */
function* stringArrays(text: string): Generator<{ name: string; items: string }> {
  for (let k = text.indexOf("="); k !== -1; k = text.indexOf("=", k + 1)) {
    STRING_ARRAY_BODY.lastIndex = k + 1;
    const body = STRING_ARRAY_BODY.exec(text);
    if (!body) continue;
    // the regex's match starts at the leftmost name: the longest one
    const name = namesBefore(text, k).next().value;
    if (name === undefined) continue;
    yield { name, items: body[1] };
    // matches do not overlap: an "=" inside this one's literals starts none
    k = STRING_ARRAY_BODY.lastIndex - 1;
  }
}

/** var r = ["ev", "", "al"]; x = r[0] + r[2] + r[1]: resolves indexed string-array assembly. */
function assembledFromArrays(text: string): boolean {
  const arrays = new Map<string, string[]>();
  for (const { name, items } of stringArrays(text)) {
    if (arrays.size >= 256) break;
    arrays.set(
      name,
      [...items.matchAll(/["']([^"'\n]*)["']/g)].map((x) => x[1]),
    );
  }
  // every use below has "] +" (r[0] + r[1]); without one the back-referencing scan is not run
  if (!arrays.size || !/\]\s*\+/.test(text)) return false;
  // (?<!...): a name starts where no name character precedes, not at every character of a long one
  const use = /(?<![\w$])([A-Za-z_$][\w$]*)\s*\[\s*(\d+)\s*\](?:\s*\+\s*\1\s*\[\s*\d+\s*\]){1,32}/g;
  for (let m = use.exec(text); m; m = use.exec(text)) {
    const parts = arrays.get(m[1]);
    if (!parts) continue;
    const value = [...m[0].matchAll(/\[\s*(\d+)\s*\]/g)].map((x) => parts[Number(x[1])] ?? "").join("");
    if (SENSITIVE_NAME.test(value)) return true;
  }
  return false;
}

const LETTER_OR_DOT = new Uint8Array(65536);
LETTER_OR_DOT.fill(1, 0x41, 0x5b);
LETTER_OR_DOT.fill(1, 0x61, 0x7b);
LETTER_OR_DOT[0x2e] = 1;

/**
 * /\b([A-Za-z_$][\w$]*)\s*\+=\s*\1\b/.test(text) (s += s: a string doubled in place, the heap-spray
 * idiom), by looking at each "+=" only. The regex tried every identifier of the text, backtracking
 * through each one's length: a megabyte script of short names cost milliseconds.
 */
export function hasSelfAppend(text: string): boolean {
  for (let k = text.indexOf("+="); k !== -1; k = text.indexOf("+=", k + 1)) {
    if (nameRepeatedAround(text, k, k + 2, 1)) return true;
  }
  return false;
}

/** /\b([A-Za-z_$][\w$]*)\s*=\s*\1\s*\+\s*\1\b/.test(text) (s = s + s), by looking at each "=" only. */
export function hasSelfDouble(text: string): boolean {
  for (let k = text.indexOf("="); k !== -1; k = text.indexOf("=", k + 1)) {
    if (nameRepeatedAround(text, k, k + 1, 2)) return true;
  }
  return false;
}

/**
 * Whether a name ends (spaces aside) before the operator at `op` and is repeated after it (which
 * ends at `after`) `times` times, joined by "+", the last one ending at a \b (any of the names the
 * regex's group can capture there: namesBefore).
 */
function nameRepeatedAround(text: string, op: number, after: number, times: number): boolean {
  // every name starts with [A-Za-z_$]: what follows the operator must too (most "=" fail here)
  const first = text.charCodeAt(skipSpaces(text, after));
  if (!IDENT[first] || (first >= 0x30 && first <= 0x39)) return false;
  // the names are compared in place, not sliced: a spray script has thousands of "+="
  const end = nameRunEnd(text, op);
  for (let start = nameRunStart(text, end); start < end; start++) {
    if (!startsName(text, start)) continue;
    const length = end - start;
    let at = skipSpaces(text, after);
    let repeated = 0;
    while (repeated < times && sameChars(text, start, at, length)) {
      at += length;
      if (++repeated === times) break;
      const plus = skipSpaces(text, at);
      if (text.charCodeAt(plus) !== 0x2b) break;
      at = skipSpaces(text, plus + 1);
    }
    if (repeated === times && wordAt(text, at - 1) !== wordAt(text, at)) return true;
  }
  return false;
}
/** text.startsWith(text.slice(from, from + length), at), without the slice. */
function sameChars(text: string, from: number, at: number, length: number): boolean {
  if (at + length > text.length) return false;
  for (let k = 0; k < length; k++) if (text.charCodeAt(from + k) !== text.charCodeAt(at + k)) return false;
  return true;
}

/** 1 for a hex digit, by UTF-16 code unit */
const HEX_DIGIT = new Uint8Array(65536);
for (const c of "0123456789abcdefABCDEF") HEX_DIGIT[c.charCodeAt(0)] = 1;

/**
 * Longest run of hex digits. A run longer than the longest so far (`max`) covers one of every
 * `max + 1` consecutive positions, so only those are probed, and a hex digit found there is extended
 * both ways: the text's common short runs ("face", "1998") are skipped over, where a scan of every
 * character cost more than any regex of the signals.
 */
function longestHexRun(text: string): number {
  let max = 0;
  for (let probe = 0; probe < text.length;) {
    if (!HEX_DIGIT[text.charCodeAt(probe)]) {
      probe += max + 1;
      continue;
    }
    let start = probe;
    while (start > 0 && HEX_DIGIT[text.charCodeAt(start - 1)]) start--;
    let end = probe + 1;
    while (end < text.length && HEX_DIGIT[text.charCodeAt(end)]) end++;
    if (end - start > max) max = end - start;
    // the next longer run starts after this one's end and ends at or past end + max + 1
    probe = end + max + 1;
  }
  return max;
}

/** literals shorter than this are not counted by longestLongLiteral */
const LONG_LITERAL_CHARS = 512;

/**
 * The longest match of /"[^"\n]{512,}"|'[^'\n]{512,}'/g (a quote, 512+ characters that are neither
 * that quote nor a line end, the quote again), 0 for none: from each quote, its closing quote and the
 * line end found by the literal scanner's indexOf searches. The regex ran its class to the end of every
 * long unclosed run and back (300 ms for a megabyte of spaces after a quote).
 */
export function longestLongLiteral(text: string): number {
  const scan = new LiteralScanner(text);
  let max = 0;
  for (let p = scan.nextQuote(0); p !== -1;) {
    const close = scan.plainClose(p);
    if (close !== -1 && close - p - 1 >= LONG_LITERAL_CHARS) {
      max = Math.max(max, close - p + 1);
      p = scan.nextQuote(close + 1);
    } else p = scan.nextQuote(p + 1);
  }
  return max;
}
