// What every analysis must satisfy, whatever the input (issue 7): it returns (no exception escapes, no
// rule throws behind the scenes), the result is valid against the public schema after a JSON round
// trip (what API clients and storage see), it is consistent with its input, and it stays within budget.
// The advanced stage (checkDeepCase) is held to the same, except the cost bound: its engines run in
// processes of their own, each under its own CPU budget (lib/limits.ts); an engine may fail (a note
// on the result), the analysis may not.
import { analyzeFast } from "../../lib/analyzer/analyze";
import { analyzeDeep, type DeepEngines } from "../../lib/analyzer/deep/analyze-deep";
import { DeepResult, EngineNote, FastResult } from "../../lib/analyzer/report";
import { DEFAULT_LIMITS } from "../../lib/limits";
import { createHash } from "node:crypto";

export interface Violation {
  /** stable class of the failure: the minimiser keeps a reduction only while this stays the same */
  kind: string;
  detail: string;
}

/** Budget names a result may report: the limits table, plus the engines that may be named (lib/analyzer/report.ts). */
export const KNOWN_BUDGET_NAMES: ReadonlySet<string> = new Set([
  ...Object.keys(DEFAULT_LIMITS),
  ...EngineNote.shape.engine.options,
]);

/** A case slower than this (CPU time) and than MIN_BYTES_PER_MS (250 KB/s; the fast stage reads MB/s) is suspect. */
const SLOW_CASE_MS = 500;
const MIN_BYTES_PER_MS = 250;

/**
 * Analyses `bytes` in-process and returns what broke (empty: the case passed). Its cost is measured in
 * the CPU time of the process (the fuzz worker's parent and the slice test wait meanwhile), not in
 * wall-clock time: on a busy machine a case waits for a core, which says nothing about its algorithm
 * (issue 19, item 7).
 */
export function checkCase(bytes: Uint8Array): Violation[] {
  const started = process.cpuUsage();
  let result: FastResult;
  try {
    result = analyzeFast(bytes, { fileName: "fuzz.pdf" });
  } catch (e) {
    return [thrown(e)];
  }
  const used = process.cpuUsage(started);
  return checkResult(bytes, result, (used.user + used.system) / 1000);
}

/** The advanced stage with real engines on `bytes`: what broke (empty: the case passed). */
export async function checkDeepCase(bytes: Uint8Array, engines: DeepEngines): Promise<Violation[]> {
  let result: DeepResult;
  try {
    result = await analyzeDeep(bytes, { fileName: "fuzz.pdf", engines });
  } catch (e) {
    return [thrown(e)];
  }
  return checkShape(bytes, result, DeepResult).map((v) => ({ ...v, kind: `advanced: ${v.kind}` }));
}

/** An exception that escaped: the kind names the throwing frame (not the message, which may quote input bytes). */
function thrown(e: unknown): Violation {
  const err = e instanceof Error ? e : new Error(String(e));
  const frame =
    err.stack
      ?.split("\n")
      .find((l) => l.includes("/lib/"))
      ?.replace(/^.*\/lib\//, "lib/")
      .replace(/:\d+\)?$/, "") ?? "?";
  return {
    kind: `exception ${err.name} at ${frame}`,
    detail: `${err.message.slice(0, 200)}\n${err.stack?.split("\n").slice(1, 8).join("\n")}`,
  };
}

export function checkResult(bytes: Uint8Array, result: FastResult, cpuMs: number): Violation[] {
  const out = checkShape(bytes, result, FastResult);
  const fail = (kind: string, detail: string) => out.push({ kind, detail });
  if (cpuMs > DEFAULT_LIMITS.FAST_STAGE_TIMEOUT_MS)
    fail("over the fast-stage budget", `${Math.round(cpuMs)} ms of CPU`);
  // far under the budget, but slow for its size: the mark of super-linear work that a larger file of
  // the same shape turns into a denial of service (a 120 KB case at 0.9 s found a quadratic re-read)
  if (cpuMs > SLOW_CASE_MS && bytes.length / cpuMs < MIN_BYTES_PER_MS)
    fail("slow for its size", `${Math.round(cpuMs)} ms of CPU for ${bytes.length} bytes`);
  return out;
}

/** What holds for a result of either stage: serialisable, schema-valid, consistent with its input, no internal failure. */
function checkShape(bytes: Uint8Array, result: FastResult, schema: typeof FastResult | typeof DeepResult): Violation[] {
  const out: Violation[] = [];
  const fail = (kind: string, detail: string) => out.push({ kind, detail });
  let roundTrip: unknown;
  try {
    roundTrip = JSON.parse(JSON.stringify(result));
  } catch (e) {
    fail("result not serialisable", String(e));
  }
  const parsed = schema.safeParse(roundTrip);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // array indices vary between files that break the same way: the kind names the field, not the item
    fail(
      `schema ${issue.path.map((p) => (typeof p === "number" ? "*" : String(p))).join(".")} ${issue.code}`,
      `${issue.path.join(".")}: ${issue.message}`,
    );
  }
  // runRules and both stages turn what threw into an analyzer note (lib/analyzer/analyze.ts, analyze-deep.ts): for the fuzzer an uncaught exception
  for (const n of result.engine_notes ?? []) {
    if (n.engine !== "analyzer") continue;
    const rule = /^rule (\S+) failed: (.*)$/.exec(n.message);
    fail(rule ? `rule crash ${rule[1]}` : `analysis failed: ${n.message.split(":")[0]}`, n.message.slice(0, 300));
  }
  if (result.sha256 !== createHash("sha256").update(bytes).digest("hex")) fail("sha256 mismatch", result.sha256);
  if (result.structure.size !== bytes.length)
    fail("structure.size mismatch", `${result.structure.size} != ${bytes.length}`);
  const unknown = result.budget_hits.filter((b) => !KNOWN_BUDGET_NAMES.has(b));
  if (unknown.length) fail("unknown budget name", unknown.join(", "));
  if (result.truncated !== result.budget_hits.length > 0)
    fail("truncated disagrees with budget_hits", `${result.truncated} / [${result.budget_hits}]`);
  if (new Set(result.budget_hits).size !== result.budget_hits.length)
    fail("budget_hits repeated", result.budget_hits.join(", "));
  const keys = Object.keys(result.keyword_counts).sort();
  if (keys.join() !== result.keyword_hits.join())
    fail("keyword_hits disagree with keyword_counts", `${result.keyword_hits.length} vs ${keys.length}`);
  for (const f of result.findings) {
    if (f.evidence.length > DEFAULT_LIMITS.MAX_EVIDENCE_PER_FINDING)
      fail("evidence over cap", `${f.ruleId}: ${f.evidence.length}`);
    if (f.evidence.some((e) => (e.excerpt?.length ?? 0) > DEFAULT_LIMITS.MAX_EXCERPT_CHARS + 1))
      fail("excerpt over cap", f.ruleId);
  }
  return out;
}
