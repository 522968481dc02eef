// Optional YARA scanning with YARA-X (VirusTotal's Rust rewrite) through the @litko/yara-x napi
// binding (prebuilt for linux-x64-gnu and macOS; no network at install or run time). Rules are
// compiled once: the bundled technique rules in rules-yara/ plus the operator's rule directories.
// A rule file that does not compile is skipped and reported, never fatal; a binding that does not
// load gives { status: "unavailable", reason } and the analysis runs without YARA.
// Not pure (reads rule files, native code): the analyzer only sees the matches, as DeepFacts.yara.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastFacts, YaraMatch } from "../../analyzer";
import { resolveLimits, type BudgetName, type Limits } from "../../limits";
import { collectYaraTargets } from "./collect-yara-targets";

export interface YaraScanTarget {
  /** what the data is, repeated in matches: "file", "stream 12 0 R", "script /Root/OpenAction/JS" */
  name: string;
  data: Uint8Array;
}

export type YaraScanFn = (targets: YaraScanTarget[]) => Promise<YaraMatch[]>;

export interface YaraScanReport {
  matches: YaraMatch[];
  scannedTargets: number;
  scannedBytes: number;
  /** YARA_TIMEOUT_MS, YARA_MAX_SCAN_BYTES, YARA_MAX_TARGETS when hit: targets after it were not scanned */
  budgetHits: BudgetName[];
  /** scan errors per target (the binding threw) */
  errors: string[];
}

export interface YaraRuleFileError {
  file: string;
  /** the compiler's first error line, e.g. "error[E009]: unknown identifier `foo`" at line:col */
  message: string;
}

export type YaraScannerLoad =
  | {
      status: "ready";
      scan: YaraScanFn;
      scanWithReport: (targets: YaraScanTarget[]) => Promise<YaraScanReport>;
      /** scans a document's raw bytes, decoded streams and scripts (collectYaraTargets) */
      scanDocument: (input: Uint8Array, facts: FastFacts) => Promise<YaraScanReport>;
      /** rule files compiled in */
      ruleFiles: string[];
      /** rule files skipped because they do not compile */
      errors: YaraRuleFileError[];
      warnings: string[];
    }
  | { status: "unavailable"; scan: null; reason: string; ruleFiles: string[]; errors: YaraRuleFileError[] };

export interface YaraScannerOptions {
  /** operator rule directories (*.yar, *.yara; not recursive) */
  ruleDirs: string[];
  /** include the bundled rules-yara/ directory (default true) */
  bundled?: boolean;
  /** where the bundled rules are, when the default (repo root, or ./rules-yara) does not apply (e.g. a bundled server) */
  bundledDir?: string;
  limits?: Partial<Limits>;
}

const RULE_FILE = /\.(yar|yara)$/i;
/** modules that print or touch the host: refused in operator rules */
const BANNED_MODULES = [
  {
    name: "console",
    errorTitle: "module not allowed",
    errorMessage: "the console module writes to the server's output",
  },
];

interface YaraBinding {
  create(): YaraCompiled;
  validate(
    source: string,
    options?: object,
  ): { errors: { code: string; message: string }[]; warnings: { code: string; message: string }[] };
}
interface YaraCompiled {
  addRuleSource(source: string): void;
  scanAsync(data: Buffer): Promise<{ ruleIdentifier: string; namespace: string; meta: object; tags: string[] }[]>;
  setMaxMatchesPerPattern(n: number): void;
}

/** The directory of the bundled rules: <repo>/rules-yara next to this source tree, else ./rules-yara. */
export function bundledYaraRulesDir(): string {
  try {
    const here = fileURLToPath(new URL("../../../rules-yara/", import.meta.url));
    if (isDir(here)) return here;
  } catch {
    // import.meta.url is not a file: URL in some bundles
  }
  return resolve(process.cwd(), "rules-yara");
}

function loadBinding(): YaraBinding | string {
  try {
    const require = createRequire(import.meta.url);
    return require("@litko/yara-x") as YaraBinding;
  } catch (e) {
    return `@litko/yara-x did not load on ${process.platform}-${process.arch}: ${(e as Error).message.split("\n")[0]}`;
  }
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function listRuleFiles(dir: string, errors: YaraRuleFileError[]): string[] {
  if (!isDir(dir)) {
    errors.push({ file: dir, message: "rule directory does not exist or is not a directory" });
    return [];
  }
  return readdirSync(dir)
    .filter((f) => RULE_FILE.test(f))
    .sort()
    .map((f) => join(dir, f));
}

/** First line of a compiler message plus its location line (" --> line:3:14"). */
function shortMessage(message: string): string {
  const lines = message.split("\n");
  const where = lines
    .find((l) => l.trim().startsWith("-->"))
    ?.trim()
    .replace(/^-->\s*/, "");
  return where ? `${lines[0]} (at ${where})` : lines[0];
}

/** Compiles the rules once and returns the scanner, or the reason there is none. */
export function loadYaraScanner(options: YaraScannerOptions): YaraScannerLoad {
  const limits = resolveLimits(options.limits);
  const errors: YaraRuleFileError[] = [];
  const files = [
    ...(options.bundled === false ? [] : listRuleFiles(options.bundledDir ?? bundledYaraRulesDir(), errors)),
    ...options.ruleDirs.flatMap((d) => listRuleFiles(d, errors)),
  ];
  const binding = loadBinding();
  if (typeof binding === "string") return { status: "unavailable", scan: null, reason: binding, ruleFiles: [], errors };
  const compiler = binding.create();
  const ruleFiles: string[] = [];
  const warnings: string[] = [];
  for (const file of files) {
    let source: string;
    try {
      source = readFileSync(file, "utf8");
    } catch (e) {
      errors.push({ file, message: `unreadable: ${(e as Error).message}` });
      continue;
    }
    // validate alone first: includes are refused (a rule file must not read other files) and banned modules reported
    const check = binding.validate(source, { enableIncludes: false, bannedModules: BANNED_MODULES });
    if (check.errors.length) {
      errors.push({ file, message: shortMessage(check.errors[0].message) });
      continue;
    }
    try {
      compiler.addRuleSource(source);
      ruleFiles.push(file);
      warnings.push(...check.warnings.map((w) => `${file}: ${shortMessage(w.message)}`));
    } catch (e) {
      // e.g. a rule name already defined by an earlier file (E012)
      errors.push({
        file,
        message: shortMessage((e as Error).message.replace(/^Compilation error \([A-Z0-9]+\):\s*/, "")),
      });
    }
  }
  if (!ruleFiles.length)
    return { status: "unavailable", scan: null, reason: "no YARA rule file compiled", ruleFiles, errors };
  compiler.setMaxMatchesPerPattern(1000);

  // one scan at a time per compiled rule set: the binding caches a scanner inside the rules object
  let queue: Promise<unknown> = Promise.resolve();
  const scanWithReport = (targets: YaraScanTarget[]): Promise<YaraScanReport> => {
    const run = queue.then(() => scanAll(compiler, targets, limits));
    queue = run.catch(() => undefined);
    return run;
  };
  return {
    status: "ready",
    scan: async (targets) => (await scanWithReport(targets)).matches,
    scanWithReport,
    scanDocument: (input, facts) => scanWithReport(collectYaraTargets(input, facts)),
    ruleFiles,
    errors,
    warnings,
  };
}

/** createYaraScanner({ ruleDirs }) => scan function, or null when YARA is unavailable (see loadYaraScanner for why). */
export function createYaraScanner(options: YaraScannerOptions): YaraScanFn | null {
  return loadYaraScanner(options).scan;
}

async function scanAll(compiler: YaraCompiled, targets: YaraScanTarget[], limits: Limits): Promise<YaraScanReport> {
  const deadline = Date.now() + limits.YARA_TIMEOUT_MS;
  const report: YaraScanReport = { matches: [], scannedTargets: 0, scannedBytes: 0, budgetHits: [], errors: [] };
  const hit = (b: BudgetName) => {
    if (!report.budgetHits.includes(b)) report.budgetHits.push(b);
  };
  for (const t of targets) {
    if (report.scannedTargets >= limits.YARA_MAX_TARGETS) {
      hit("YARA_MAX_TARGETS");
      break;
    }
    const room = limits.YARA_MAX_SCAN_BYTES - report.scannedBytes;
    if (room <= 0) {
      hit("YARA_MAX_SCAN_BYTES");
      break;
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      hit("YARA_TIMEOUT_MS");
      break;
    }
    const len = Math.min(t.data.length, room);
    if (len < t.data.length) hit("YARA_MAX_SCAN_BYTES");
    const buf = Buffer.from(t.data.buffer, t.data.byteOffset, len);
    let timer: NodeJS.Timeout | undefined;
    try {
      // the native scan cannot be cancelled: past the deadline its result is dropped and scanning stops
      const result = await Promise.race([
        compiler.scanAsync(buf),
        new Promise<"timeout">((r) => {
          timer = setTimeout(() => r("timeout"), left);
        }),
      ]);
      if (result === "timeout") {
        hit("YARA_TIMEOUT_MS");
        break;
      }
      for (const m of result) {
        report.matches.push({
          rule: m.ruleIdentifier,
          namespace: m.namespace,
          tags: m.tags,
          meta: stringMeta(m.meta),
          target: t.name,
        });
      }
    } catch (e) {
      report.errors.push(`${t.name}: ${(e as Error).message.split("\n")[0]}`);
    } finally {
      clearTimeout(timer);
    }
    report.scannedTargets++;
    report.scannedBytes += len;
  }
  return report;
}

function stringMeta(meta: object): Record<string, string> {
  return Object.fromEntries(Object.entries(meta).map(([k, v]) => [k, String(v)]));
}
