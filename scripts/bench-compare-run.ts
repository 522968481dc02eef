// The timing run of scripts/bench-compare.ts, under plain node: two builds of the fast stage in one
// process, each file analysed by both in turn (the order alternating), for ROUNDS rounds after two
// warm-up passes. Arguments: THIS_BUNDLE OTHER_BUNDLE DIR ROUNDS OUT_JSON.
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { fileNameOf, loadAny, type CorpusEntry } from "./corpus";

type AnalyzeFast = (bytes: Uint8Array, options: { fileName: string }) => unknown;

export interface CompareRun {
  files: { name: string; thisMs: number; otherMs: number }[];
  /** each round's total over the corpus, this build and the other */
  rounds: { thisMs: number; otherMs: number }[];
}

const [thisBundle, otherBundle, dir, rounds, out] = process.argv.slice(2);
const load = async (path: string): Promise<AnalyzeFast> => (await import(pathToFileURL(path).href)).analyzeFast;
const [analyzeThis, analyzeOther] = await Promise.all([load(thisBundle), load(otherBundle)]);
const entries = await loadAny(dir);

/** wall time of one analysis; a file that throws costs what it costs (bench-fast.ts reports those) */
function timed(analyze: AnalyzeFast, e: CorpusEntry): number {
  const t0 = performance.now();
  try {
    analyze(e.bytes, { fileName: fileNameOf(e) });
  } catch {
    // timed all the same
  }
  return performance.now() - t0;
}

for (let warm = 0; warm < 2; warm++)
  for (const e of entries) {
    timed(analyzeThis, e);
    timed(analyzeOther, e);
  }
const best = entries.map(() => ({ thisMs: Infinity, otherMs: Infinity }));
const result: CompareRun = { files: [], rounds: [] };
for (let r = 0; r < Number(rounds); r++) {
  const round = { thisMs: 0, otherMs: 0 };
  entries.forEach((e, i) => {
    // which build goes first alternates by file and round: neither always meets a cache the other warmed
    let thisMs: number;
    let otherMs: number;
    if ((r + i) % 2 === 0) {
      thisMs = timed(analyzeThis, e);
      otherMs = timed(analyzeOther, e);
    } else {
      otherMs = timed(analyzeOther, e);
      thisMs = timed(analyzeThis, e);
    }
    round.thisMs += thisMs;
    round.otherMs += otherMs;
    best[i].thisMs = Math.min(best[i].thisMs, thisMs);
    best[i].otherMs = Math.min(best[i].otherMs, otherMs);
  });
  result.rounds.push(round);
}
result.files = entries.map((e, i) => ({ name: e.name, ...best[i] }));
writeFileSync(out, JSON.stringify(result));
