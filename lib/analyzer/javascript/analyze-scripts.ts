// The advanced stage's JavaScript analysis: every script of the document is parsed and analysed
// statically (AST + text signals), run in the sandbox with the Acrobat stubs (an injected EmulateFn:
// the analyzer itself does no I/O), and every layer the run produced (eval, Function, setTimeOut,
// addScript...) goes through the same static analysis again. The result is the report's
// JavaScriptEntry list, richer per-script facts for the advanced rules, and texts for IOC extraction.
import { createHash } from "node:crypto";
import { shellcodeEntries } from "./shellcode-entries";
import { textWindow, type Budget, type BudgetName, type Limits } from "../../limits";
import type { ScriptInput } from "./script-input";
import { extractIndicators, type IocCollector } from "../iocs";
import type { JavaScriptEntry } from "../report";
import { defangText } from "../iocs/defang";
import { excerpt } from "../text/excerpt";
import { acrobatPrelude, wrapXfaScript } from "./acrobat-stubs";
import { analyzeAst, emptyFacts, parseScript, type AstFacts } from "./ast-analysis";
import type { AnyNode } from "./constant-fold";
import { CANCELLED, type ApiCall, type EmulateFn, type EmulationResult } from "./emulation";
import { EmulationTurns, type EmulationTurn } from "./emulation-turns";
import { matchExploitApis } from "./exploit-match";
import { judgeObfuscation } from "./obfuscation-techniques";
import type { ScriptContext } from "./script-context";
import { createFullTextBudget } from "./script-full-text";
import { scriptSignals, type ScriptSignals } from "./script-signals";
import { fileWriteOfCall, type FileWrite } from "./file-writes";
import { classifyShellcode, printableRuns, unitsToLatin1 } from "./shellcode";

/** Parses a script where the stack is large enough (lib/engines/sandbox createWorkerParser). */
export type ParseDeepFn = (text: string) => Promise<{ ast: AnyNode } | { error: string }>;

export interface AnalyzeScriptsContext {
  /** the sandbox; without it scripts are analysed statically only (emulation "skipped") */
  emulate?: EmulateFn;
  /** parser for scripts nested too deeply for this thread's stack; without it they get a parse_error */
  parseDeep?: ParseDeepFn;
  limits: Limits;
  /** what the Acrobat stubs return: annotations, Info, fields, page words (collectScriptContext) */
  docContext: ScriptContext;
  /** the analysis was cancelled: no new emulation starts, a running one is stopped */
  signal?: AbortSignal;
}

export type FindingSource = "static" | "layer" | "emulation";

export interface LayerAnalysis {
  /** the code as run (eval/Function/timer argument), truncated to JS_MAX_OUTPUT_CHARS */
  code: string;
  ast: AstFacts;
  signals: ScriptSignals;
}

/** One script as the advanced rules see it (DeepFacts.javascript). */
export interface ScriptAnalysis {
  objectRef?: string;
  path: string;
  trigger: string;
  automatic: boolean;
  origin: ScriptInput["origin"];
  size: number;
  sha256: string;
  ast: AstFacts;
  signals: ScriptSignals;
  layers: LayerAnalysis[];
  /** null when the script was not run (no sandbox, budget spent, empty or too large) */
  emulation: EmulationResult | null;
  /** run-time layers whose code is not written literally in the script: decoded or assembled code */
  generatedLayers: string[];
  emulationStatus: JavaScriptEntry["emulation"]["status"];
  emulationDetail?: string;
  exploits: { api: string; cve: string[]; source: FindingSource; excerpt: string }[];
  cves: string[];
  shellcode: { source: FindingSource; excerpt: string; length: number; nopSled: boolean }[];
  heapSpray: { source: "static" | "layer"; kind: string; excerpt: string }[];
  /** network access or program launch the emulation performed */
  network: { api: string; target?: string }[];
  /** files the emulation wrote to a path the script chose (file-writes.ts) */
  fileWrites: Omit<FileWrite, "onLoad" | "afterDialog">[];
  apis: string[];
  entry: JavaScriptEntry;
}

export interface ScriptsAnalysis {
  entries: JavaScriptEntry[];
  scripts: ScriptAnalysis[];
  /** decoded text worth an indicator scan (layers, run-time strings, API arguments), source "javascript" */
  iocTexts: { text: string; objectRef?: string }[];
  /** budgets hit (JS_MAX_SCRIPT_BYTES, JS_MAX_SCRIPTS, JS_TOTAL_CPU_MS, JS_MAX_LAYERS) */
  budgetHits: BudgetName[];
}

/** APIs that reach the network or start a program (Acrobat JS API Reference). */
const NETWORK_APIS = new Set([
  "app.launchURL",
  "this.getURL",
  "this.submitForm",
  "this.mailDoc",
  "this.mailForm",
  "app.mailMsg",
  "SOAP.request",
  "SOAP.connect",
  "Net.HTTP.request",
  "RSS.addFeed",
  "xfa.host.gotoURL",
  "app.openDoc",
  "app.openFDF",
  "this.importDataObject",
  "util.readFileIntoStream",
  "media.getURLData",
  "this.importIcon",
  "this.importSound",
  "this.importAnXFDF",
  "xfa.host.importData",
]);
/** presentation: characters of a script or layer shown as an excerpt */
const EXCERPT_CHARS = 200;
/** APIs listed per script in the report (presentation: the analysis keeps them all) */
const MAX_APIS = 100;
/** scripts analysed at once (scheduling, not a budget: every script is still analysed) */
const ANALYSIS_CONCURRENCY = 4;

interface Shared {
  ast: AstFacts;
  signals: ScriptSignals;
  layers: LayerAnalysis[];
  emulation: EmulationResult | null;
  status: JavaScriptEntry["emulation"]["status"];
  detail?: string;
}

export async function analyzeScripts(
  scripts: readonly ScriptInput[],
  ctx: AnalyzeScriptsContext,
): Promise<ScriptsAnalysis> {
  const { limits } = ctx;
  const budgetHits = new Set<BudgetName>();
  const budget: Budget = { limits, budgetHits };
  // identical scripts (one handler on 500 widgets) are analysed and run once; so are copies that
  // differ only in white space around the code (the stream an action's /JS string was taken from,
  // found again as an orphan script), which runs the same
  const distinct = new Map<string, { fact: ScriptInput; sha256: string }>();
  const sha256Of = (text: string) => createHash("sha256").update(text).digest("hex");
  const shaOf = scripts.map((s) => sha256Of(s.source));
  const keyOf = scripts.map((s, i) => {
    const trimmed = s.source.trim();
    const key = trimmed.length === s.source.length ? shaOf[i] : sha256Of(trimmed);
    if (!distinct.has(key)) distinct.set(key, { fact: s, sha256: key });
    return key;
  });
  // run the scripts that matter first: automatic, then suspicious, then large
  const order = [...distinct.values()].sort((a, b) => rank(b.fact) - rank(a.fact));
  const emulateSet = new Set(order.slice(0, limits.JS_MAX_SCRIPTS).map((d) => d.sha256));

  const definitions = sharedDefinitions(order, budget);
  const results = new Map<string, Shared>();
  const turns = new EmulationTurns(order.length, limits.JS_TOTAL_CPU_MS);
  await forEachLimited(order, ANALYSIS_CONCURRENCY, async ({ fact, sha256 }, position) => {
    const borrowed = definitions.filter((d) => d.sha256 !== sha256).map((d) => d.code);
    const turn = turns.at(position);
    try {
      results.set(sha256, await analyzeOne(fact, ctx, emulateSet.has(sha256), turn, budgetHits, borrowed));
    } finally {
      // every path ends its turn, or the scripts after it would wait for ever
      turn.end(0);
    }
  });

  const out: ScriptsAnalysis = { entries: [], scripts: [], iocTexts: [], budgetHits: [] };
  const iocSeen = new Set<string>();
  const addIoc = (text: string, objectRef?: string) => {
    if (!text || iocSeen.has(text)) return;
    if (out.iocTexts.length >= limits.JS_MAX_IOC_TEXTS) {
      budgetHits.add("JS_MAX_IOC_TEXTS");
      return;
    }
    iocSeen.add(text);
    out.iocTexts.push({ text, objectRef });
  };
  const fullTextOf = createFullTextBudget(limits);
  const described = new Set<string>();
  scripts.forEach((fact, i) => {
    const shared = results.get(keyOf[i])!;
    const analysis = assemble(fact, shaOf[i], shared, limits);
    Object.assign(
      analysis.entry,
      fullTextOf(
        shaOf[i],
        fact.source,
        shared.layers.map((l) => l.code),
      ),
    );
    // described once per distinct script, like its full text
    if (!described.has(shaOf[i])) {
      described.add(shaOf[i]);
      const shellcode = shellcodeEntries(
        fact.source,
        shared.layers.map((l) => l.code),
        shared.emulation?.strings ?? [],
        budget,
      );
      if (shellcode.length > 0) analysis.entry.shellcode = shellcode;
    }
    out.scripts.push(analysis);
    out.entries.push(analysis.entry);
    for (const l of shared.layers) addIoc(l.code, fact.objectRef);
    for (const l of [shared.ast, ...shared.layers.map((x) => x.ast)])
      for (const d of l.decodedStrings) addIoc(d, fact.objectRef);
    for (const s of shared.emulation?.strings ?? []) {
      addIoc(s, fact.objectRef);
      const bytes = printableRuns(unitsToLatin1(textWindow(s, budget, "JS_MAX_PRINTABLE_SCAN_CHARS")));
      if (bytes && bytes !== s) addIoc(bytes, fact.objectRef);
    }
    for (const n of analysis.network) if (n.target) addIoc(n.target, fact.objectRef);
  });
  out.budgetHits = [...budgetHits].sort();
  return out;
}

/** Adds the indicators of analysed scripts (layers, run-time strings, API targets) to a collector. */
export function collectScriptIndicators(result: ScriptsAnalysis, sink: IocCollector): void {
  for (const t of result.iocTexts) extractIndicators(t.text, { objectRef: t.objectRef, source: "javascript" }, sink);
}

/**
 * Top-level function declarations of every script, document-level scripts first: each script runs
 * with the others' functions defined, as in the viewer where a kit's OpenAction calls a function a
 * document-level script declared (corpus 74b3edcb3b1b).
 */
function sharedDefinitions(
  order: { fact: ScriptInput; sha256: string }[],
  budget: Budget,
): { sha256: string; code: string }[] {
  const { JS_MAX_DEFINITION_CHARS: maxChars, JS_MAX_DEFINITION_SOURCE_CHARS: maxSource } = budget.limits;
  const out: { sha256: string; code: string }[] = [];
  let total = 0;
  const docLevel = (f: ScriptInput) => (f.path.startsWith("/Root/Names/JavaScript") ? 0 : 1);
  for (const { fact, sha256 } of [...order].sort((a, b) => docLevel(a.fact) - docLevel(b.fact))) {
    if (!/\bfunction\b/.test(fact.source)) continue;
    if (fact.source.length > maxSource) {
      budget.budgetHits.add("JS_MAX_DEFINITION_SOURCE_CHARS");
      continue;
    }
    const parsed = parseScript(fact.source);
    if ("error" in parsed) continue;
    const text = parsed.text ?? fact.source;
    for (const node of parsed.ast.body ?? []) {
      if (node.type !== "FunctionDeclaration") continue;
      const code = text.slice(node.start, node.end);
      if (total + code.length > maxChars) {
        budget.budgetHits.add("JS_MAX_DEFINITION_CHARS");
        return out;
      }
      total += code.length;
      out.push({ sha256, code });
    }
  }
  return out;
}

function rank(s: ScriptInput): number {
  const g = s.signals;
  const suspicious =
    (g.evalLike ? 4 : 0) +
    (g.unescape ? 2 : 0) +
    (g.fromCharCode ? 2 : 0) +
    (g.percentU > 0 ? 4 : 0) +
    (g.exploitApis.length ? 8 : 0) +
    (g.heapSpray ? 4 : 0) +
    (g.dynamicCalls ? 1 : 0) +
    (judgeObfuscation(g.techniques).length ? 4 : 0);
  return (s.automatic ? 1000 : 0) + suspicious * 50 + Math.min(49, Math.log2(1 + s.source.length) * 2);
}

async function analyzeOne(
  fact: ScriptInput,
  ctx: AnalyzeScriptsContext,
  mayEmulate: boolean,
  turn: EmulationTurn,
  budgetHits: Set<BudgetName>,
  definitions: string[],
): Promise<Shared> {
  const { limits } = ctx;
  const source = fact.source;
  const signals = fact.signals ?? scriptSignals(source, { limits, budgetHits });
  if (source.length > limits.JS_MAX_SCRIPT_BYTES) {
    budgetHits.add("JS_MAX_SCRIPT_BYTES");
    const ast = emptyFacts();
    ast.parseError = `script of ${source.length} characters is larger than JS_MAX_SCRIPT_BYTES`;
    return {
      ast,
      signals,
      layers: [],
      emulation: null,
      status: "skipped",
      detail: "script larger than JS_MAX_SCRIPT_BYTES",
    };
  }
  const { facts: ast, runnable } = await analyzeSource(source, ctx, budgetHits);

  let emulation: EmulationResult | null = null;
  let status: Shared["status"] = "skipped";
  let detail: string | undefined;
  const remaining = await turn.begin();
  if (!ctx.emulate) detail = "no sandbox configured";
  else if (!source.trim()) detail = "empty script";
  else if (!fact.automatic && nothingToRun(ast, signals, source))
    detail = "user-triggered script without dynamic code or decoding: static analysis suffices";
  else if (!mayEmulate) {
    detail = "JS_MAX_SCRIPTS budget exhausted";
    budgetHits.add("JS_MAX_SCRIPTS");
  } else if (ctx.signal?.aborted) detail = "analysis cancelled";
  else if (remaining < 250) {
    detail = "JS_TOTAL_CPU_MS budget exhausted";
    budgetHits.add("JS_TOTAL_CPU_MS");
  } else {
    const xfa = fact.origin === "xfa";
    emulation = await ctx.emulate(
      xfa ? wrapXfaScript(runnable) : runnable,
      acrobatPrelude(ctx.docContext, { xfa, definitions }),
      {
        cpuMs: Math.min(limits.JS_CPU_MS, remaining),
        memoryBytes: limits.JS_MEMORY_BYTES,
        maxLayers: limits.JS_MAX_LAYERS,
        maxOutputChars: limits.JS_MAX_OUTPUT_CHARS,
      },
      ctx.signal,
    );
    turn.end(emulation.cpuMs);
    status = emulation.status;
    detail = emulation.detail;
    if (emulation.detail === CANCELLED) {
      // the analysis was cancelled: not run, not a failure of the script
      emulation = null;
      status = "skipped";
    }
  }
  turn.end(0);

  // layers: what eval & co. ran, and constant code handed to them (readable without running)
  const layers: LayerAnalysis[] = [];
  const pending = [...(emulation?.layers ?? []), ...ast.staticLayers];
  const seen = new Set([source]);
  while (pending.length) {
    const code = pending.shift()!;
    if (seen.has(code) || !code.trim()) continue;
    seen.add(code);
    if (layers.length >= limits.JS_MAX_LAYERS) {
      budgetHits.add("JS_MAX_LAYERS");
      break;
    }
    const { facts: layerAst } = await analyzeSource(code, ctx, budgetHits);
    layers.push({ code, ast: layerAst, signals: scriptSignals(code, { limits, budgetHits }) });
    pending.push(...layerAst.staticLayers);
  }
  return { ast, signals, layers, emulation, status, detail };
}

/**
 * A small handler a user action triggers, with nothing to deobfuscate (no eval & co., no decoding,
 * no computed calls, no escapes): running it would show nothing the AST does not (form scripts).
 */
function nothingToRun(ast: AstFacts, signals: ScriptSignals, source: string): boolean {
  return (
    ast.parsed &&
    !ast.tolerant &&
    source.length < 4096 &&
    !ast.dynamicCode.length &&
    !ast.computedCalls.length &&
    !ast.unresolvedComputedCalls &&
    !ast.exploits.length &&
    !ast.shellcode.length &&
    !ast.heapSpray.length &&
    ast.decodeCalls.unescape + ast.decodeCalls.fromCharCode + ast.decodeCalls.other === 0 &&
    !signals.evalLike &&
    signals.percentU === 0 &&
    signals.escapes < 16 &&
    !signals.assembledNames &&
    !signals.techniques.length
  );
}

/**
 * analyzeAst, with a second parse in the deep parser when this thread's stack is not enough.
 * `runnable`: the text to emulate (the source after the parser's repairs, if any).
 */
async function analyzeSource(
  source: string,
  ctx: AnalyzeScriptsContext,
  budgetHits: Set<BudgetName>,
): Promise<{ facts: AstFacts; runnable: string }> {
  const budget: Budget = { limits: ctx.limits, budgetHits };
  if (source.length > ctx.limits.JS_MAX_SCRIPT_BYTES) {
    const facts = emptyFacts();
    facts.parseError = "larger than JS_MAX_SCRIPT_BYTES";
    return { facts, runnable: source };
  }
  const parsed = parseScript(source);
  const runnable = parsed.text ?? source;
  if (!("error" in parsed) || !parsed.tooDeep) return { facts: analyzeAst(source, { parsed, budget }), runnable };
  if (!ctx.parseDeep)
    return {
      facts: analyzeAst(source, {
        parsed: { error: `nesting too deep for the parser's stack: ${parsed.error}`, tooDeep: true },
        budget,
      }),
      runnable,
    };
  const deep = await ctx.parseDeep(runnable);
  if ("error" in deep)
    return {
      facts: analyzeAst(source, { parsed: { error: `nesting too deep: ${deep.error}`, tooDeep: true }, budget }),
      runnable,
    };
  const facts = analyzeAst(source, { ast: deep.ast, budget });
  if (runnable !== source) facts.tolerant = true;
  return { facts, runnable };
}

function assemble(fact: ScriptInput, sha256: string, shared: Shared, limits: Limits): ScriptAnalysis {
  const { ast, signals, layers, emulation } = shared;
  const exploits: ScriptAnalysis["exploits"] = [];
  const addExploit = (api: string, cve: string[], source: FindingSource, text: string) => {
    if (!exploits.some((e) => e.api === api && e.source === source))
      exploits.push({ api, cve, source, excerpt: excerpt(text, EXCERPT_CHARS) });
  };
  for (const e of ast.exploits) addExploit(e.api, e.cve, "static", e.excerpt);
  // text patterns catch what did not parse
  for (const e of signals.exploitApis) addExploit(e.api, e.cve, "static", fact.source.slice(0, EXCERPT_CHARS));
  for (const l of layers) {
    for (const e of l.ast.exploits) addExploit(e.api, e.cve, "layer", e.excerpt);
    for (const e of l.signals.exploitApis) addExploit(e.api, e.cve, "layer", l.code.slice(0, EXCERPT_CHARS));
  }
  for (const call of emulation?.apiCalls ?? [])
    for (const e of emulationExploits(call))
      addExploit(e.api, e.cve, "emulation", `${call.api}(${call.args.join(", ")})`);

  const shellcode: ScriptAnalysis["shellcode"] = ast.shellcode.map((s) => ({ source: "static" as const, ...s }));
  for (const l of layers) for (const s of l.ast.shellcode) shellcode.push({ source: "layer", ...s });
  for (const s of emulation?.strings ?? []) {
    const v = classifyShellcode(s);
    if (v.shellcode)
      shellcode.push({ source: "emulation", excerpt: hexExcerpt(s), length: s.length, nopSled: v.nopSled });
  }

  const heapSpray: ScriptAnalysis["heapSpray"] = ast.heapSpray.map((h) => ({ source: "static" as const, ...h }));
  for (const l of layers) for (const h of l.ast.heapSpray) heapSpray.push({ source: "layer", ...h });

  const network: ScriptAnalysis["network"] = [];
  for (const call of emulation?.apiCalls ?? []) {
    const n = networkUse(call);
    if (n && !network.some((x) => x.api === n.api && x.target === n.target)) network.push(n);
  }

  const fileWrites: ScriptAnalysis["fileWrites"] = [];
  for (const call of emulation?.apiCalls ?? []) {
    const w = fileWriteOfCall(call);
    if (w && !fileWrites.some((x) => x.api === w.api && x.path === w.path)) fileWrites.push(w);
  }

  const apis = new Set<string>([
    ...ast.apis,
    ...layers.flatMap((l) => l.ast.apis),
    ...(emulation?.apiCalls ?? []).map((c) => c.api),
  ]);
  const cves = [...new Set(exploits.flatMap((e) => e.cve))].sort();
  const parseError = !ast.parsed || ast.tolerant ? ast.parseError : undefined;
  const entry: JavaScriptEntry = {
    location: { objectRef: fact.objectRef, path: fact.path },
    trigger: fact.trigger,
    automatic: fact.automatic,
    origin: fact.origin,
    size: fact.source.length,
    sha256,
    excerpt: excerpt(fact.source, EXCERPT_CHARS),
    deobfuscated_layers: layers.map((l) =>
      defangText(
        l.code.length > limits.JS_LAYER_EXCERPT_CHARS ? `${l.code.slice(0, limits.JS_LAYER_EXCERPT_CHARS)}…` : l.code,
      ),
    ),
    apis: [...apis].sort().slice(0, MAX_APIS),
    cves,
    emulation: { status: shared.status, detail: shared.detail, duration_ms: emulation?.durationMs ?? 0 },
    parse_error: parseError,
  };
  if (entry.emulation.detail === undefined) delete entry.emulation.detail;
  if (entry.parse_error === undefined) delete entry.parse_error;
  if (entry.location.objectRef === undefined) delete entry.location.objectRef;
  return {
    objectRef: fact.objectRef,
    path: fact.path,
    trigger: fact.trigger,
    automatic: fact.automatic,
    origin: fact.origin,
    size: fact.source.length,
    sha256,
    ast,
    signals,
    layers,
    emulation,
    generatedLayers: (emulation?.layers ?? []).filter((code) => !fact.source.includes(code)),
    emulationStatus: shared.status,
    emulationDetail: shared.detail,
    exploits,
    cves,
    shellcode,
    heapSpray,
    network,
    fileWrites,
    apis: entry.apis,
    entry,
  };
}

/** Exploit forms among the calls the stubs recorded: "Collab.getIcon", "xfa.keep.previous=" (assignment). */
export function emulationExploits(call: ApiCall): ReturnType<typeof matchExploitApis> {
  const assign = call.api.endsWith("=");
  const segs = (assign ? call.api.slice(0, -1) : call.api).split(".");
  return matchExploitApis({
    member: segs[segs.length - 1],
    receiver: segs[segs.length - 2],
    kind: assign ? "assign" : "call",
    args: call.args,
  });
}

/** A network or launch call, with its target (URL, file, or the attachment launched). */
export function networkUse(call: ApiCall): { api: string; target?: string } | null {
  if (call.api === "this.exportDataObject") {
    // exportDataObject({cName, nLaunch}) or positional (cName, cDIPath, bAllowAuth, nLaunch)
    const obj = parseJsonObject(call.args[0]);
    const nLaunch = obj ? Number(obj.nLaunch) : Number(call.args[3]);
    if (!(nLaunch >= 1)) return null;
    return { api: "this.exportDataObject (nLaunch)", target: String(obj?.cName ?? call.args[0] ?? "") || undefined };
  }
  if (!NETWORK_APIS.has(call.api)) return null;
  const obj = parseJsonObject(call.args[0]);
  const target = obj ? (obj.cURL ?? obj.cPath ?? obj.cTo ?? obj.url) : call.args[0];
  return { api: call.api, target: target === undefined || target === "undefined" ? undefined : String(target) };
}

function parseJsonObject(s: string | undefined): Record<string, unknown> | null {
  if (!s || s[0] !== "{") return null;
  try {
    const v = JSON.parse(s);
    return v && typeof v === "object" ? v : null;
  } catch {
    return null;
  }
}

/** A run-time binary string as hex bytes (little-endian units), for evidence. */
function hexExcerpt(s: string): string {
  const bytes = unitsToLatin1(s.slice(0, 24));
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += bytes.charCodeAt(i).toString(16).padStart(2, "0");
  return `${s.length} chars: ${hex}…`;
}

async function forEachLimited<T>(
  items: T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await fn(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
