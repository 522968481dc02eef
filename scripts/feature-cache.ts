// A cache of what the analyzer computed per file for scoring (feature vector, fired rules, context),
// so `npm run train` and `npm run eval -- --cv` do not rerun a slow stage on unchanged code. Keyed by
// stage, the file's sha256 and a fingerprint of the analyzer's source (lib/, rules-yara/, the lockfile):
// any code change starts a new cache. SAFETY: holds numbers and rule ids only, never sample bytes.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { tmpdir } from "node:os";
import type { FastResult, Stage } from "../lib/analyzer/report";
import { scoreDocument, type ScoringInput } from "../lib/analyzer/score";
import type { CorpusEntry } from "./corpus";
import type { EvalRecord } from "./evaluate";

const CACHE_DIR = join(tmpdir(), "pdfscan-feature-cache");
/** Sources whose change can change a feature vector; the shipped models are left out (they only score). */
const FINGERPRINT_ROOTS = ["lib", "rules-yara", "package-lock.json"];
const NOT_FINGERPRINTED = /(^|\/)model-(fast|deep)\.json$|\.test\.ts$/;

interface CachedFile {
  scoring: ScoringInput;
  durationMs: number;
}

export class FeatureCache {
  private readonly path: string;
  private readonly files: Record<string, CachedFile>;

  constructor(
    private readonly stage: Stage,
    root = process.cwd(),
  ) {
    this.path = join(CACHE_DIR, `${stage}-${sourceFingerprint(root)}.json`);
    this.files = existsSync(this.path)
      ? (JSON.parse(readFileSync(this.path, "utf8")) as Record<string, CachedFile>)
      : {};
  }

  /** The record of a file analysed by this code before, rescored by the current shipped model. */
  get(entry: CorpusEntry): EvalRecord | null {
    const hit = this.files[entry.sha256];
    if (!hit) return null;
    const { summary, ruleContributions } = scoreDocument(hit.scoring, this.stage);
    const findings = hit.scoring.findings.map((f) => ({ ...f, contribution: ruleContributions.get(f.ruleId) ?? 0 }));
    const result = { summary, findings } as unknown as FastResult;
    return {
      sha256: entry.sha256,
      name: entry.name,
      label: entry.label,
      category: entry.category,
      size: entry.bytes.length,
      durationMs: hit.durationMs,
      result,
      error: null,
      scoring: hit.scoring,
    };
  }

  put(record: EvalRecord): void {
    if (record.error || !record.scoring) return;
    const findings = record.scoring.findings.map((f) => ({ ruleId: f.ruleId, weight: f.weight, severity: f.severity }));
    this.files[record.sha256] = {
      scoring: { ...record.scoring, findings: findings as unknown as ScoringInput["findings"] },
      durationMs: record.durationMs,
    };
  }

  /** Writes this version's cache and drops the caches of older code versions of the stage. */
  save(): void {
    mkdirSync(CACHE_DIR, { recursive: true });
    for (const f of readdirSync(CACHE_DIR))
      if (f.startsWith(`${this.stage}-`) && join(CACHE_DIR, f) !== this.path) rmSync(join(CACHE_DIR, f));
    writeFileSync(this.path, JSON.stringify(this.files));
  }
}

function sourceFingerprint(root: string): string {
  const hash = createHash("sha256");
  const visit = (path: string) => {
    const rel = relative(root, path);
    if (NOT_FINGERPRINTED.test(rel) || !existsSync(path)) return;
    let entries;
    try {
      entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    } catch {
      hash.update(rel).update(readFileSync(path));
      return;
    }
    for (const e of entries) visit(join(path, e.name));
  };
  for (const r of FINGERPRINT_ROOTS) visit(join(root, r));
  return hash.digest("hex").slice(0, 16);
}
