// Static analysis of a script on a real parser's AST (acorn): which Acrobat APIs it calls (through
// aliases and computed names folded to constants), dynamic code (eval/Function/setTimeOut), decoding
// chains, escaped or binary string literals, %u shellcode, heap-spray loop shapes and the exploit
// forms of vulnerable APIs (EXPLOIT_APIS). The walk is iterative and every fold is depth-bounded, so
// a hostile nesting depth costs a parse error, never the process.
import type { Options } from "acorn";
import { parseJs } from "./acorn-parser";
import { textWindow, type Budget } from "../../limits";
import {
  foldConstant,
  foldToString,
  isConstant,
  newFoldEnv,
  NOT_CONSTANT,
  toStr,
  type AnyNode,
  type FoldEnv,
  type Folded,
} from "./constant-fold";
import { matchExploitApis, UNKNOWN, type ArgValue } from "./exploit-match";
import {
  classifyShellcode,
  countPercentU,
  decodeHexString,
  decodePercentEscapes,
  printableRuns,
  unitsToLatin1,
} from "./shellcode";
import { ownEntry } from "../own-entry";
import { replaceDelimited } from "../text/replace-delimited";

export interface AstExploit {
  api: string;
  cve: string[];
  /** the call or assignment, as written */
  excerpt: string;
}

export interface HeapSprayShape {
  /** string-doubling: s += s / s = s + s; growth-loop: while (s.length < N) s += x; array-fill: a[i] = s in a loop of 100+ */
  kind: "string-doubling" | "growth-loop" | "array-fill";
  excerpt: string;
}

export interface AstFacts {
  parsed: boolean;
  parseError?: string;
  /** the parser ran out of stack: parse again where the stack is larger (lib/engines parse worker) */
  tooDeep?: boolean;
  /** parsed after repairs (NULs, HTML comment markers) or only a prefix parsed */
  tolerant?: boolean;
  nodes: number;
  /** Acrobat and code-generating APIs called or referenced, normalised: app.alert, this.getAnnots, Collab.getIcon, eval */
  apis: string[];
  exploits: AstExploit[];
  /** eval, Function, setTimeOut, addScript... calls */
  dynamicCode: { api: string; excerpt: string }[];
  /** code handed to eval & co. as a constant: a layer readable without running anything */
  staticLayers: string[];
  decodeCalls: { unescape: number; fromCharCode: number; other: number };
  /** decoding fed straight into execution or into more decoding: eval(unescape(x)), unescape(unescape(x)) */
  decodeChains: number;
  /** calls through computed member names that fold to a constant ("ev"+"al" -> "eval") */
  computedCalls: string[];
  unresolvedComputedCalls: number;
  /** string literals of 1 KiB or more */
  longStrings: number;
  longestString: number;
  /** literals with 64+ \x / \u escapes */
  escapedStrings: number;
  /** %uXXXX escapes in literals and folded strings */
  percentU: number;
  shellcode: { excerpt: string; length: number; nopSled: boolean }[];
  heapSpray: HeapSprayShape[];
  /** strings the folding produced (not literal as written): where hidden URLs show up */
  decodedStrings: string[];
}

export interface AnalyzeAstOptions {
  /** an AST parsed elsewhere (a worker with a larger stack); the source is still needed for excerpts */
  ast?: AnyNode;
  /** the outcome of parseScript(source), when the caller already has it */
  parsed?: ParseOutcome;
  /** where the walk reads its JS_ budgets (nodes, lists, decoded strings, constant folding) and records hitting them (the document's; defaultBudget() only where there is none) */
  budget: Budget;
}

/** Options shared with lib/engines/sandbox/parse-worker.mjs (keep both in step). */
export const ACORN_OPTIONS: Options = {
  ecmaVersion: "latest",
  sourceType: "script",
  allowReturnOutsideFunction: true,
  allowHashBang: true,
  allowReserved: true,
  locations: false,
};

/** thresholds, not budgets: a long string literal, a loop count and a growth target that look like heap spraying */
const LONG_STRING = 1024;
const MIN_SPRAY_LOOP = 100;
const MIN_GROWTH_TARGET = 0x1000;
/** presentation: characters of a node's source shown as an excerpt */
const EXCERPT = 120;

/** Globals of the Acrobat JavaScript API (Acrobat JS API Reference): a call on them is an API call. */
const ACROBAT_ROOTS = new Set([
  "app",
  "Collab",
  "util",
  "media",
  "spell",
  "SOAP",
  "Net",
  "xfa",
  "event",
  "console",
  "global",
  "security",
  "identity",
  "search",
  "color",
  "display",
  "info",
  "ADBC",
  "TTS",
  "Doc",
  "Annot3D",
]);
/** Doc methods and properties (the global object of a document script is its Doc). */
const DOC_MEMBERS = new Set([
  "getField",
  "getAnnots",
  "getAnnot",
  "syncAnnotScan",
  "getPageNthWord",
  "getPageNumWords",
  "selectPageNthWord",
  "exportDataObject",
  "importDataObject",
  "getDataObject",
  "getDataObjectContents",
  "createDataObject",
  "openDataObject",
  "removeDataObject",
  "submitForm",
  "getURL",
  "mailDoc",
  "mailForm",
  "print",
  "printSeps",
  "addScript",
  "removeScript",
  "setAction",
  "setPageAction",
  "addField",
  "removeField",
  "addAnnot",
  "addLink",
  "getLinks",
  "getOCGs",
  "getIcon",
  "addIcon",
  "importIcon",
  "resetForm",
  "saveAs",
  "closeDoc",
  "getTemplate",
  "createTemplate",
  "spawnPageFromTemplate",
  "getNthFieldName",
  "gotoNamedDest",
  "getSound",
  "importSound",
  "getPrintParams",
  "info",
  "dataObjects",
  "numPages",
  "numFields",
  "path",
  "documentFileName",
  "URL",
  "media",
  "external",
  "disclosed",
  "bookmarkRoot",
  "pageNum",
  "author",
  "title",
  "subject",
  "keywords",
  "creator",
  "producer",
  "creationDate",
  "modDate",
  "metadata",
  "getPageBox",
  "getPageRotation",
  "extractPages",
  "insertPages",
  "deletePages",
  "replacePages",
  "newPage",
  "encryptForRecipients",
  "certifyInvisibleSign",
  "flattenPages",
  "importXFAData",
  "exportXFAData",
  "exportAsFDF",
  "exportAsXFDF",
  "exportAsText",
  "importAnFDF",
  "importAnXFDF",
  "importTextData",
  "scroll",
  "getColorConvertAction",
  "colorConvertPage",
  "addWatermarkFromFile",
  "addWatermarkFromText",
  "setOCGOrder",
  "addRequirement",
]);
/** Built-ins that turn a string into code or decode one. */
const CODE_APIS = new Set([
  "eval",
  "Function",
  "setTimeout",
  "setInterval",
  "app.setTimeOut",
  "app.setInterval",
  "this.addScript",
  "execScript",
]);
const DECODERS: Record<string, keyof AstFacts["decodeCalls"]> = {
  unescape: "unescape",
  "String.fromCharCode": "fromCharCode",
  decodeURIComponent: "other",
  decodeURI: "other",
  atob: "other",
  "util.stringFromStream": "other",
  "SOAP.streamDecode": "other",
};
const GLOBAL_FUNCTIONS = new Set([
  "eval",
  "unescape",
  "escape",
  "Function",
  "setTimeout",
  "setInterval",
  "decodeURIComponent",
  "decodeURI",
  "parseInt",
  "String",
  "execScript",
  "atob",
]);
const DOC_PREFIXES = [["app", "doc"], ["event", "target"], ["this"], ["globalThis"], ["window"], ["self"], ["doc"]];

/**
 * Parses (unless `opts.ast` is given) and walks one script. Never throws: a script that does not
 * parse yields `parsed: false` with the parser's message (and `tooDeep` when the stack ran out).
 */
export function analyzeAst(source: string, opts: AnalyzeAstOptions): AstFacts {
  const facts = emptyFacts();
  let ast = opts.ast;
  if (!ast) {
    const parsed = opts.parsed ?? parseScript(source);
    if ("error" in parsed) {
      facts.parseError = parsed.error;
      facts.tooDeep = parsed.tooDeep;
      return facts;
    }
    ast = parsed.ast;
    if (parsed.tolerant) {
      facts.tolerant = true;
      facts.parseError = parsed.repairedError;
    }
  }
  facts.parsed = true;
  try {
    new Walker(source, facts, opts.budget).walk(ast);
  } catch (e) {
    // a hostile AST must not cost the analysis: keep what was seen so far
    if (!(e instanceof RangeError)) throw e;
    facts.parseError = `walk stopped: ${e.message}`;
    facts.tooDeep = true;
  }
  return facts;
}

/**
 * A parsed script, or why not. `text`: what was actually parsed when it is not the source (after
 * offset-preserving repairs, or the longest prefix that parses): the code to run in the sandbox.
 * `tooDeep`: the parser ran out of stack on `text`: parse it again where the stack is larger.
 */
export type ParseOutcome =
  | { ast: AnyNode; tolerant?: boolean; repairedError?: string; text?: string }
  | { error: string; tooDeep?: boolean; text?: string };

/**
 * acorn in script mode with Annex B (HTML comments, legacy octal); on a syntax error, once more after
 * cheap repairs (NUL bytes, CDATA/HTML wrappers), then on the longest prefix that parses.
 */
export function parseScript(source: string): ParseOutcome {
  const first = tryParse(source);
  if ("ast" in first) return first;
  if (first.tooDeep) return { error: first.error, tooDeep: true, text: source };
  // repairs keep every offset (same-length blanks), so excerpts still point into the original
  const blank = (m: string) => m.replace(/[^\n]/g, " ");
  const tagsBlanked = source
    .replace(/\0/g, " ")
    .replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, blank)
    .replace(/^[ \t]*<\/?script[^<>]*>/gim, blank);
  // an HTML comment block around hidden data (read back at run time), as Acrobat accepts it (corpus abf69e61131d)
  const repaired = replaceDelimited(tagsBlanked, "<!--", "-->", blank);
  if (repaired !== source) {
    const second = tryParse(repaired);
    if ("ast" in second) return { ast: second.ast, tolerant: true, repairedError: first.error, text: repaired };
    if (second.tooDeep) return { error: second.error, tooDeep: true, text: repaired };
  }
  // the longest prefix ending at a statement boundary before the error
  let end = first.pos ?? source.length;
  for (let attempt = 0; attempt < 4 && end > 0; attempt++) {
    const cut = Math.max(
      source.lastIndexOf(";", end - 1),
      source.lastIndexOf("}", end - 1),
      source.lastIndexOf("\n", end - 1),
    );
    if (cut <= 0) break;
    const text = source.slice(0, cut + 1);
    const prefix = tryParse(text);
    if ("ast" in prefix) return { ast: prefix.ast, tolerant: true, repairedError: first.error, text };
    end = cut;
  }
  return { error: first.error };
}

function tryParse(source: string): { ast: AnyNode } | { error: string; tooDeep?: boolean; pos?: number } {
  try {
    return { ast: parseJs(source, ACORN_OPTIONS) };
  } catch (e) {
    const err = e as Error & { pos?: number };
    const tooDeep = err instanceof RangeError || /stack space|call stack/i.test(err.message);
    return { error: err.message.slice(0, 200), tooDeep: tooDeep || undefined, pos: err.pos };
  }
}

export function emptyFacts(): AstFacts {
  return {
    parsed: false,
    nodes: 0,
    apis: [],
    exploits: [],
    dynamicCode: [],
    staticLayers: [],
    decodeCalls: { unescape: 0, fromCharCode: 0, other: 0 },
    decodeChains: 0,
    computedCalls: [],
    unresolvedComputedCalls: 0,
    longStrings: 0,
    longestString: 0,
    escapedStrings: 0,
    percentU: 0,
    shellcode: [],
    heapSpray: [],
    decodedStrings: [],
  };
}

interface Frame {
  node: AnyNode;
  /** inside a loop whose bound is 100+ (a spray loop) */
  bigLoop: boolean;
  inLoop: boolean;
  /** the variable a `while (x.length < N)` loop grows */
  growth?: string;
  /** an operand inside a + chain already folded at its top */
  inPlusChain: boolean;
}

interface Segment {
  name: string;
  called: boolean;
}

class Walker {
  private readonly env: FoldEnv;
  /** variables holding the result of a decoder call */
  private readonly decodedVars = new Set<string>();
  private readonly apis = new Set<string>();
  private readonly exploitKeys = new Set<string>();
  private readonly seenStrings = new Set<string>();

  constructor(
    private readonly source: string,
    private readonly facts: AstFacts,
    private readonly budget: Budget,
  ) {
    this.env = newFoldEnv(budget);
  }

  walk(root: AnyNode): void {
    const stack: Frame[] = [{ node: root, bigLoop: false, inLoop: false, inPlusChain: false }];
    while (stack.length) {
      const frame = stack.pop()!;
      if (++this.facts.nodes > this.budget.limits.JS_MAX_AST_NODES) {
        this.facts.parseError = `walk stopped after ${this.budget.limits.JS_MAX_AST_NODES} nodes`;
        this.budget.budgetHits.add("JS_MAX_AST_NODES");
        break;
      }
      this.visit(frame);
      const { node } = frame;
      const loop = LOOPS.has(node.type);
      const big = loop && this.isBigLoop(node);
      const growth = loop ? this.growthTarget(node) : undefined;
      const kids = children(node);
      for (let i = kids.length - 1; i >= 0; i--) {
        const kid = kids[i];
        stack.push({
          node: kid,
          inLoop: frame.inLoop || loop,
          bigLoop: frame.bigLoop || big,
          growth: growth ?? (isFunction(kid) ? undefined : frame.growth),
          inPlusChain:
            node.type === "BinaryExpression" &&
            node.operator === "+" &&
            kid === node.left &&
            kid.type === "BinaryExpression" &&
            kid.operator === "+",
        });
      }
    }
    const maxApis = this.budget.limits.JS_MAX_AST_LIST_ITEMS * 2;
    if (this.apis.size > maxApis) this.budget.budgetHits.add("JS_MAX_AST_LIST_ITEMS");
    this.facts.apis = [...this.apis].sort().slice(0, maxApis);
  }

  private visit(frame: Frame): void {
    const { node } = frame;
    switch (node.type) {
      case "VariableDeclarator":
        if (node.id.type === "Identifier") this.bind(node.id.name, node.init, "=");
        break;
      case "AssignmentExpression":
        this.assignment(node, frame);
        break;
      case "CallExpression":
      case "NewExpression":
        this.call(node, frame);
        break;
      case "MemberExpression":
        this.reference(node);
        break;
      case "Literal":
        if (typeof node.value === "string") this.literal(node.value, node.raw ?? "", node);
        break;
      case "TemplateLiteral":
        for (const q of node.quasis)
          if (typeof q.value.cooked === "string") this.literal(q.value.cooked, q.value.raw, node);
        break;
      case "BinaryExpression":
        if (node.operator === "+" && !frame.inPlusChain) this.folded(node);
        break;
      case "ArrayExpression":
        if (node.elements.length >= 16) this.numberArray(node);
        break;
    }
  }

  /** [0x0082e8fc, 0x89600000, ...]: shellcode kept as dwords (or bytes) and written to memory later */
  private numberArray(node: AnyNode): void {
    const els: AnyNode[] = node.elements;
    if (
      els.length > 1_000_000 ||
      !els.every(
        (e) =>
          e?.type === "Literal" &&
          typeof e.value === "number" &&
          Number.isInteger(e.value) &&
          e.value >= 0 &&
          e.value <= 0xffffffff,
      )
    )
      return;
    const values = els.map((e) => e.value as number);
    const dwords = values.some((v) => v > 0xff);
    if (!dwords && values.length < 64) return;
    let bytes = "";
    for (const v of values.slice(0, 16_384))
      bytes += dwords
        ? String.fromCharCode(v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, v >>> 24)
        : String.fromCharCode(v);
    const verdict = classifyShellcode(bytes, true);
    if (!verdict.shellcode) return;
    this.shellcode(`[${values.slice(0, 8).join(",")}`, bytes.length, verdict.nopSled, node);
    const text = printableRuns(bytes, 8);
    if (text) this.keepDecoded(text);
  }

  // ---- bindings: constants and aliases, flow-insensitive, in source order ----

  private bind(name: string, init: AnyNode | null | undefined, op: string): void {
    let value = init;
    // z = y = app.doc
    for (let i = 0; value?.type === "AssignmentExpression" && value.operator === "=" && i < 16; i++)
      value = value.right;
    if (op === "+=") {
      const prev = this.env.values.get(name);
      const add = value ? foldConstant(value, this.env) : NOT_CONSTANT;
      if (typeof prev === "string" && isConstant(add) && prev.length + toStr(add).length <= 1024 * 1024)
        this.env.values.set(name, prev + toStr(add));
      else this.env.values.delete(name);
      return;
    }
    if (op !== "=") {
      this.env.values.delete(name);
      return;
    }
    this.decodedVars.delete(name);
    if (value?.type === "CallExpression" && this.isDecoderCall(value)) this.decodedVars.add(name);
    const folded = value ? foldConstant(value, this.env) : undefined;
    if (value && isConstant(folded)) {
      this.env.values.set(name, folded);
      this.env.aliases.delete(name);
      return;
    }
    this.env.values.delete(name);
    const segs = value ? this.segmentsOf(value) : null;
    const normalized = segs ? normalizeApi(joinSegments(segs)) : null;
    if (normalized && isKnownTarget(normalized)) this.env.aliases.set(name, normalized);
    else this.env.aliases.delete(name);
  }

  private assignment(node: AnyNode, frame: Frame): void {
    const left = node.left;
    if (left.type === "Identifier") {
      const self = (n: AnyNode | undefined) => n?.type === "Identifier" && n.name === left.name;
      const doubling =
        (node.operator === "+=" && self(node.right)) ||
        (node.operator === "=" &&
          node.right.type === "BinaryExpression" &&
          node.right.operator === "+" &&
          self(node.right.left) &&
          self(node.right.right)) ||
        (node.operator === "=" &&
          node.right.type === "CallExpression" &&
          node.right.callee.type === "MemberExpression" &&
          self(node.right.callee.object) &&
          memberName(node.right.callee) === "concat" &&
          self(node.right.arguments[0]));
      if (doubling) this.spray("string-doubling", node);
      else if (frame.growth === left.name && node.operator === "+=") this.spray("growth-loop", node);
      this.bind(left.name, node.right, node.operator);
      return;
    }
    if (left.type !== "MemberExpression") return;
    const path = this.segmentsOf(left);
    if (path) {
      const member = path[path.length - 1]?.name;
      const receiver = path[path.length - 2]?.name;
      this.exploit({ member, receiver, kind: "assign", args: [this.argValue(node.right)] }, node);
    }
    // a[i] = block + shellcode inside a loop of 100+ iterations
    if (frame.bigLoop && left.computed && node.operator === "=" && isStringish(node.right))
      this.spray("array-fill", node);
  }

  // ---- calls ----

  private call(node: AnyNode, frame: Frame): void {
    const callee = node.callee;
    let segments = this.segmentsOf(callee);
    // eval.call(null, x) / eval.apply(null, [x]) / fn.call(...)
    let args: AnyNode[] = node.arguments;
    if (
      segments &&
      segments.length > 1 &&
      (segments[segments.length - 1].name === "call" || segments[segments.length - 1].name === "apply")
    ) {
      const how = segments[segments.length - 1].name;
      segments = segments.slice(0, -1);
      args = how === "call" ? args.slice(1) : args[1]?.type === "ArrayExpression" ? args[1].elements : [];
    }
    if (callee.type === "MemberExpression" && callee.computed) {
      const key = foldToString(callee.property, this.env);
      if (key !== null) this.pushUnique(this.facts.computedCalls, key);
      else this.facts.unresolvedComputedCalls++;
    }
    if (!segments) return;
    let api = normalizeApi(joinSegments(segments));
    if (node.type === "NewExpression" && api === "Function") api = "Function";
    if (/(^|\.)constructor\.constructor$|^<function>\.constructor$|^<string>\.constructor\.constructor$/.test(api))
      api = "Function";
    if (isReportedApi(api)) this.apis.add(reportedName(api));

    const decoder = ownEntry(DECODERS, api);
    if (decoder) {
      this.facts.decodeCalls[decoder]++;
      if (args.some((a) => this.isDecoded(a))) this.facts.decodeChains++;
    }
    if (CODE_APIS.has(api) || /\.(setAction|setPageAction|addScript)$/.test(api)) {
      if (this.room(this.facts.dynamicCode.length)) this.facts.dynamicCode.push({ api, excerpt: this.excerpt(node) });
      if (args.some((a) => this.isDecoded(a))) this.facts.decodeChains++;
      const codeArg =
        api === "Function"
          ? args[args.length - 1]
          : /setAction$/.test(api)
            ? args[1]
            : /setPageAction$/.test(api)
              ? args[2]
              : /addScript$/.test(api)
                ? args[1]
                : args[0];
      const code = codeArg ? foldToString(codeArg, this.env) : null;
      if (code && !this.facts.staticLayers.includes(code) && this.room(this.facts.staticLayers.length))
        this.facts.staticLayers.push(code);
    }
    const member = segments[segments.length - 1]?.name;
    const receiver = segments[segments.length - 2]?.name;
    // memory.push(block + shellcode) inside a loop of 100+ iterations
    if (frame.bigLoop && member === "push" && args[0] && isStringish(args[0])) this.spray("array-fill", node);
    const values: ArgValue[] = args.slice(0, 8).map((a) => this.argValue(a));
    this.exploit({ member, receiver, kind: "call", args: values }, node);
  }

  private reference(node: AnyNode): void {
    // property reads of the Acrobat API (app.viewerVersion, app.plugIns): fingerprinting, kept as references
    const segs = this.segmentsOf(node, true);
    if (!segs || segs.length < 2 || segs.some((s) => s.called)) return;
    const api = normalizeApi(joinSegments(segs));
    if (KNOWN_PROPERTIES.has(api) && !this.apis.has(api) && this.room(this.apis.size, 2)) this.apis.add(api);
  }

  private exploit(
    use: { member?: string; receiver?: string; kind: "call" | "assign"; args: ArgValue[] },
    node: AnyNode,
  ): void {
    if (!use.member) return;
    for (const e of matchExploitApis({ member: use.member, receiver: use.receiver, kind: use.kind, args: use.args })) {
      const excerpt = this.excerpt(node);
      const key = `${e.api}\0${excerpt}`;
      if (this.exploitKeys.has(key) || !this.room(this.facts.exploits.length)) continue;
      this.exploitKeys.add(key);
      this.facts.exploits.push({ api: e.api, cve: e.cve, excerpt });
    }
  }

  /** An argument as far as it is known: its constant value, or the constant start of a + chain ("SUkqA..." + pad). */
  private argValue(node: AnyNode): ArgValue {
    if (node.type === "ObjectExpression") return {};
    const v = foldConstant(node, this.env);
    if (isConstant(v)) return v as ArgValue;
    let left = node;
    for (let i = 0; left.type === "BinaryExpression" && left.operator === "+" && i < 1_000_000; i++) left = left.left;
    const head = left === node ? NOT_CONSTANT : foldConstant(left, this.env);
    return typeof head === "string" ? head : UNKNOWN;
  }

  private isDecoderCall(node: AnyNode): boolean {
    if (node.type !== "CallExpression") return false;
    const segs = this.segmentsOf(node.callee);
    return !!segs && normalizeApi(joinSegments(segs)) in DECODERS;
  }

  /** the argument is decoded text: a decoder call, a variable holding one, or a + chain containing one */
  private isDecoded(root: AnyNode): boolean {
    // iterative: the + chain may be 100k terms deep
    const stack = [root];
    for (let seen = 0; stack.length && seen < 10_000; seen++) {
      const node = stack.pop()!;
      if (this.isDecoderCall(node)) return true;
      if (node.type === "Identifier" && this.decodedVars.has(node.name)) return true;
      if (node.type === "BinaryExpression" && node.operator === "+") stack.push(node.right, node.left);
    }
    return false;
  }

  // ---- strings ----

  private literal(value: string, raw: string, node: AnyNode): void {
    this.facts.longestString = Math.max(this.facts.longestString, value.length);
    if (value.length >= LONG_STRING) this.facts.longStrings++;
    if (countEscapes(raw) >= 64) this.facts.escapedStrings++;
    this.inspectString(value, node, false);
  }

  /** the top of a + chain: folded once, inspected as one string (shellcode split into pieces) */
  private folded(node: AnyNode): void {
    const v = foldConstant(node, this.env);
    if (typeof v !== "string") return;
    this.inspectString(v, node, true);
  }

  private inspectString(value: string, node: AnyNode, derived: boolean): void {
    if (value.length < 16) return;
    const hex = value.length >= 64 ? decodeHexString(value) : null;
    if (hex !== null) {
      const verdict = classifyShellcode(hex, true);
      if (verdict.shellcode) this.shellcode(value, hex.length, verdict.nopSled, node);
      // a downloader's URL sits in its hex-encoded shellcode
      const text = printableRuns(hex, 8);
      if (text) this.keepDecoded(text);
      return;
    }
    const pu = countPercentU(value);
    if (derived) this.keepDecoded(value);
    if (pu >= 8) {
      if (!derived) this.facts.percentU += pu;
      const decoded = decodePercentEscapes(value);
      const verdict = classifyShellcode(decoded);
      if (verdict.shellcode) {
        this.shellcode(value, decoded.length, verdict.nopSled, node);
        const text = printableRuns(unitsToLatin1(decoded.slice(0, 65_536)), 8);
        if (text) this.keepDecoded(text);
      }
      return;
    }
    // \uXXXX-escaped binary, decoded by the parser
    const verdict = classifyShellcode(value);
    if (verdict.shellcode) this.shellcode(value, value.length, verdict.nopSled, node);
  }

  private shellcode(text: string, length: number, nopSled: boolean, node: AnyNode): void {
    const key = text.slice(0, 64);
    if (this.seenStrings.has(key) || !this.room(this.facts.shellcode.length)) return;
    this.seenStrings.add(key);
    this.facts.shellcode.push({ excerpt: this.excerpt(node), length, nopSled });
  }

  private keepDecoded(value: string): void {
    if (this.seenStrings.has(`d:${value.slice(0, 64)}`)) return;
    if (this.facts.decodedStrings.length >= this.budget.limits.JS_MAX_DECODED_STRINGS) {
      this.budget.budgetHits.add("JS_MAX_DECODED_STRINGS");
      return;
    }
    this.seenStrings.add(`d:${value.slice(0, 64)}`);
    this.facts.decodedStrings.push(textWindow(value, this.budget, "JS_MAX_DECODED_STRING_CHARS"));
  }

  /** Is there room for one more entry in a list of `length` (JS_MAX_AST_LIST_ITEMS, times `factor`)? Records the hit when not. */
  private room(length: number, factor = 1): boolean {
    if (length < this.budget.limits.JS_MAX_AST_LIST_ITEMS * factor) return true;
    this.budget.budgetHits.add("JS_MAX_AST_LIST_ITEMS");
    return false;
  }

  private pushUnique(list: string[], value: string): void {
    if (!list.includes(value) && this.room(list.length)) list.push(value);
  }

  private spray(kind: HeapSprayShape["kind"], node: AnyNode): void {
    if (
      this.facts.heapSpray.some((h) => h.kind === kind && h.excerpt === this.excerpt(node)) ||
      !this.room(this.facts.heapSpray.length)
    )
      return;
    this.facts.heapSpray.push({ kind, excerpt: this.excerpt(node) });
  }

  // ---- loops ----

  /** for (i = 0; i < 200; i++) / while (n < 0x100): a numeric bound of 100 or more */
  private isBigLoop(node: AnyNode): boolean {
    const test = node.test;
    if (!test || test.type !== "BinaryExpression" || !/^[<>]=?$/.test(test.operator)) return false;
    for (const side of [test.left, test.right]) {
      const v = foldConstant(side, this.env);
      if (typeof v === "number" && v >= MIN_SPRAY_LOOP) return true;
    }
    return false;
  }

  /** while (s.length < 0x40000) ...: the variable grown to a large constant size */
  private growthTarget(node: AnyNode): string | undefined {
    const test = node.test;
    if (!test || test.type !== "BinaryExpression" || !/^[<>]=?$/.test(test.operator)) return undefined;
    const [lenSide, numSide] = test.operator.startsWith("<") ? [test.left, test.right] : [test.right, test.left];
    if (lenSide.type !== "MemberExpression" || memberName(lenSide) !== "length" || lenSide.object.type !== "Identifier")
      return undefined;
    const bound = foldConstant(numSide, this.env);
    return typeof bound === "number" && bound >= MIN_GROWTH_TARGET ? lenSide.object.name : undefined;
  }

  // ---- member paths ----

  /** app.doc.getAnnots -> [app, doc, getAnnots]; aliases substituted, computed keys folded, bounded. */
  private segmentsOf(node: AnyNode, referenceOnly = false): Segment[] | null {
    const out: Segment[] = [];
    let n: AnyNode = node;
    let called = false;
    for (let guard = 0; guard < 32; guard++) {
      switch (n.type) {
        case "SequenceExpression": // (0, eval)(x)
          n = n.expressions[n.expressions.length - 1];
          continue;
        case "ChainExpression":
          n = n.expression;
          continue;
        case "CallExpression":
          if (referenceOnly && out.length === 0) return null;
          called = true;
          n = n.callee;
          continue;
        case "MemberExpression": {
          const key = n.computed
            ? foldToString(n.property, this.env)
            : n.property.type === "Identifier"
              ? n.property.name
              : null;
          if (key === null) return null;
          out.push({ name: key, called });
          called = false;
          n = n.object;
          continue;
        }
        case "Identifier": {
          const alias = this.env.aliases.get(n.name);
          const parts = (alias ?? n.name).split(".");
          for (let i = parts.length - 1; i >= 0; i--)
            out.push({ name: parts[i], called: i === parts.length - 1 ? called : false });
          return out.reverse();
        }
        case "ThisExpression":
          out.push({ name: "this", called });
          return out.reverse();
        case "FunctionExpression":
        case "ArrowFunctionExpression":
          out.push({ name: "<function>", called });
          return out.reverse();
        case "Literal":
          if (typeof n.value !== "string") return null;
          out.push({ name: "<string>", called });
          return out.reverse();
        case "ArrayExpression":
          out.push({ name: "<array>", called });
          return out.reverse();
        default:
          return null;
      }
    }
    return null;
  }

  private excerpt(node: AnyNode): string {
    const text = this.source.slice(node.start, Math.min(node.end, node.start + EXCERPT * 4)).replace(/\s+/g, " ");
    return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text;
  }
}

const LOOPS = new Set(["ForStatement", "WhileStatement", "DoWhileStatement", "ForInStatement", "ForOfStatement"]);
const SKIP_KEYS = new Set([
  "type",
  "start",
  "end",
  "loc",
  "range",
  "raw",
  "regex",
  "operator",
  "name",
  "sourceType",
  "kind",
]);

export function children(node: AnyNode): AnyNode[] {
  const out: AnyNode[] = [];
  for (const key in node) {
    if (SKIP_KEYS.has(key)) continue;
    const v = node[key];
    if (Array.isArray(v)) {
      for (const item of v) if (item && typeof item.type === "string") out.push(item);
    } else if (v && typeof v === "object" && typeof v.type === "string") out.push(v);
  }
  return out;
}

export function isFunction(n: AnyNode): boolean {
  return n.type === "FunctionExpression" || n.type === "FunctionDeclaration" || n.type === "ArrowFunctionExpression";
}

function memberName(n: AnyNode): string | undefined {
  return !n.computed && n.property?.type === "Identifier"
    ? n.property.name
    : n.property?.type === "Literal"
      ? String(n.property.value)
      : undefined;
}

/** Right-hand sides a spray stores: strings, concatenations, substr/substring/concat results, variables. */
function isStringish(n: AnyNode): boolean {
  if (n.type === "Identifier" || (n.type === "BinaryExpression" && n.operator === "+")) return true;
  if (n.type === "Literal") return typeof n.value === "string";
  if (n.type === "CallExpression" && n.callee.type === "MemberExpression")
    return /^(substr|substring|slice|concat)$/.test(memberName(n.callee) ?? "");
  return false;
}

function countEscapes(raw: string): number {
  let n = 0;
  for (let i = raw.indexOf("\\"); i >= 0 && i < raw.length; i = raw.indexOf("\\", i + 2))
    if (raw[i + 1] === "x" || raw[i + 1] === "u") n++;
  return n;
}

function joinSegments(segs: Segment[]): string {
  return segs.map((s) => (s.called ? `${s.name}()` : s.name)).join(".");
}

/**
 * The name scripts and stubs agree on: document receivers dropped (this., app.doc., event.target.),
 * Doc members written this.X, globals bare: app.doc.getAnnots -> this.getAnnots, this.eval -> eval.
 */
export function normalizeApi(path: string): string {
  let parts = path.split(".");
  for (let changed = true; changed && parts.length > 1;) {
    changed = false;
    for (const prefix of DOC_PREFIXES) {
      if (parts.length > prefix.length && prefix.every((p, i) => parts[i] === p)) {
        parts = parts.slice(prefix.length);
        changed = true;
      }
    }
  }
  const first = parts[0].replace(/\(\)$/, "");
  const joined = parts.join(".");
  if (ACROBAT_ROOTS.has(first) && first !== "info") return joined;
  // Doc members are globals of a document script: getField() is this.getField()
  if (DOC_MEMBERS.has(first)) return `this.${joined}`;
  return joined;
}

/** Property reads worth reporting: the environment checks kits make before choosing an exploit. */
const KNOWN_PROPERTIES = new Set([
  "app.viewerVersion",
  "app.viewerType",
  "app.viewerVariation",
  "app.platform",
  "app.language",
  "app.plugIns",
  "app.formsVersion",
  "app.doc",
  "app.media",
  "app.activeDocs",
  "app.numPlugIns",
  "app.fs",
  "app.printerNames",
  "xfa.host",
  "xfa.form",
  "xfa.template",
  "xfa.datasets",
  "xfa.data",
  "xfa.layout",
  "this.info",
  "this.dataObjects",
  "this.numPages",
  "this.path",
  "this.URL",
  "this.documentFileName",
  "this.media",
]);
/** Methods of strings, arrays and numbers: not part of an API's name (this.getAnnots()[0].subject.replace). */
const GENERIC_METHODS =
  /^(toString|valueOf|indexOf|lastIndexOf|replace|split|substr|substring|slice|charAt|charCodeAt|concat|join|push|pop|shift|reverse|match|search|toLowerCase|toUpperCase|length|apply|call)$/;

/** The name as reported: up to the first call (this.getAnnots().0.subject -> this.getAnnots), no generic method. */
function reportedName(api: string): string {
  const cut = api.indexOf("()");
  const name = cut >= 0 ? api.slice(0, cut) : api;
  let parts = name.split(".");
  if (parts.length > 2 && GENERIC_METHODS.test(parts[parts.length - 1])) parts = parts.slice(0, -1);
  while (parts.length > 2 && /^\d+$/.test(parts[parts.length - 1])) parts = parts.slice(0, -1);
  return parts.join(".");
}

function isReportedApi(api: string): boolean {
  const first = api.split(".")[0].replace(/\(\)$/, "");
  if (CODE_APIS.has(api) || api in DECODERS) return true;
  if (first === "this") return DOC_MEMBERS.has(api.split(".")[1]?.replace(/\(\)$/, "") ?? "");
  return ACROBAT_ROOTS.has(first);
}

/** Paths worth remembering behind a variable: the Acrobat API, the document, decoders and eval. */
function isKnownTarget(api: string): boolean {
  const first = api.split(".")[0].replace(/\(\)$/, "");
  return (
    api === "this" ||
    CODE_APIS.has(api) ||
    api in DECODERS ||
    GLOBAL_FUNCTIONS.has(api) ||
    ACROBAT_ROOTS.has(first) ||
    first === "this" ||
    api === "String"
  );
}

export type { AnyNode, Folded };
