// disarmPdf on hostile input: the hostile documents of test/fixtures and a fixed slice of the fuzzer's
// mutated cases. Disarm must end (vitest's timeout is the bound), never throw, and when it writes a
// copy, that copy re-reads without a structural anomaly and without any action, script or attachment
// finding: whatever the input did to the reader, the copy is a plain file.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../lib/analyzer/analyze";
import { disarmPdf } from "../lib/analyzer/disarm/disarm-pdf";
import { DEFAULT_LIMITS } from "../lib/limits";
import { readPdf } from "../lib/pdf/document";
import { applyRecipe, pickRecipe } from "../scripts/fuzz/cases";
import { buildSeeds } from "../scripts/fuzz/seeds";
import { HOSTILE_DOCUMENTS } from "./fixtures/hostile-documents";

const SLICE_SEED = 20270101;
const SLICE_CASES = 500;
const ACTIVE_CATEGORIES = new Set(["javascript", "action", "embedded-file"]);

/** What is wrong with the disarm of `input`: an empty list when it answered an error or wrote a clean copy. */
function problemsOf(input: Uint8Array): string[] {
  let r: ReturnType<typeof disarmPdf>;
  try {
    r = disarmPdf(input);
  } catch (e) {
    return [`threw: ${String(e)}`];
  }
  if (!r.ok) return r.error ? [] : ["an error result without a message"];
  const doc = readPdf(r.bytes, DEFAULT_LIMITS);
  // a stream whose data was damaged in the input still fails to decode in the copy: its data is copied as it was
  const structural = doc.anomalies.items
    .filter((a) => !a.code.startsWith("filter-"))
    .map((a) => `copy anomaly ${a.code}: ${a.message}`);
  const active = analyzeFast(r.bytes, { fileName: "copy.pdf" })
    .findings.filter((f) => ACTIVE_CATEGORIES.has(f.category))
    .map((f) => `copy finding ${f.ruleId}`);
  return [...structural, ...active];
}

describe("disarmPdf on hostile documents", () => {
  it.each(HOSTILE_DOCUMENTS.map((d) => [d.id, d] as const))(
    "%s: ends with an error or a clean copy",
    (_id, d) => {
      expect(problemsOf(d.build())).toEqual([]);
    },
    60_000,
  );
});

describe("disarmPdf on the fuzz slice", () => {
  it(`${SLICE_CASES} mutated cases of seed ${SLICE_SEED} end with an error or a clean copy`, () => {
    const seeds = buildSeeds();
    const byName = new Map(seeds.map((s) => [s.name, s.bytes]));
    const failures: string[] = [];
    for (const s of seeds) for (const p of problemsOf(s.bytes)) failures.push(`seed ${s.name}: ${p}`);
    for (let i = 0; i < SLICE_CASES; i++) {
      const c = applyRecipe(pickRecipe(seeds, SLICE_SEED, i), byName);
      for (const p of problemsOf(c.bytes)) failures.push(`case ${i} (${c.recipe.seed} + ${c.steps.join(", ")}): ${p}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
