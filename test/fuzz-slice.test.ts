// The CI slice of the fuzzer (issue 7, item 6; `npm run fuzz` runs the long, time-boxed version): a
// fixed seed replays the same few hundred mutated cases in-process, every regression fixture the
// fuzzer kept is replayed, and the bugs it found stay fixed as cases built in code.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyzeFast } from "../lib/analyzer/analyze";
import { FastResult } from "../lib/analyzer/report";
import { DEFAULT_LIMITS } from "../lib/limits";
import { readPdf } from "../lib/pdf/document";
import { PdfStream } from "../lib/pdf/objects";
import { bytes } from "../lib/pdf/testing/pdf-builder";
import { applyRecipe, pickRecipe, type Recipe } from "../scripts/fuzz/cases";
import { CaseRunner } from "../scripts/fuzz/case-runner";
import { decodedFlood } from "../scripts/fuzz/mutators";
import { createPrng } from "../scripts/fuzz/prng";
import { checkCase, checkResult } from "../scripts/fuzz/invariants";
import { buildSeeds } from "../scripts/fuzz/seeds";
import { withCpuTime } from "./support/cpu-time";

const SLICE_SEED = 20261124;
const SLICE_CASES = 500;
/** cases of the slice also run through the advanced stage, with its real engines (a second each) */
const DEEP_SLICE_CASES = 12;
const FIXTURE_DIR = join(__dirname, "fuzz-fixtures");

const seeds = buildSeeds();
const byName = new Map(seeds.map((s) => [s.name, s.bytes]));

describe("fuzz slice", () => {
  it(`${SLICE_CASES} mutated cases of seed ${SLICE_SEED} keep every invariant`, () => {
    const failures: string[] = [];
    for (let i = 0; i < SLICE_CASES; i++) {
      const c = applyRecipe(pickRecipe(seeds, SLICE_SEED, i), byName);
      for (const v of checkCase(c.bytes))
        failures.push(`case ${i} (${c.recipe.seed} + ${c.steps.join(", ")}): ${v.kind}: ${v.detail}`);
    }
    expect(failures).toEqual([]);
  });

  it(`the first ${DEEP_SLICE_CASES} cases keep every invariant through the advanced stage too (pdf.js, the sandbox, YARA)`, async () => {
    const deep = new CaseRunner({ timeoutMs: 120_000, maxHeapMb: 1_024, deep: true });
    try {
      const failures: string[] = [];
      for (let i = 0; i < DEEP_SLICE_CASES; i++) {
        const c = applyRecipe(pickRecipe(seeds, SLICE_SEED, i), byName);
        for (const v of (await deep.run(c.bytes)).violations)
          failures.push(`case ${i} (${c.recipe.seed} + ${c.steps.join(", ")}): ${v.kind}: ${v.detail}`);
      }
      expect(failures).toEqual([]);
    } finally {
      await deep.close();
    }
  }, 300_000);

  it("counts a rule or a stage that failed inside the analysis (an analyzer note) as a violation", () => {
    const r = analyzeFast(seeds[0].bytes, { fileName: "fuzz.pdf" });
    const noted = (message: string) =>
      checkResult(seeds[0].bytes, { ...r, engine_notes: [{ engine: "analyzer", message }] }, 1).map((v) => v.kind);
    expect(noted("rule launch-action failed: RangeError: Maximum call stack size exceeded")).toEqual([
      "rule crash launch-action",
    ]);
    expect(noted("the analysis stopped on an internal error, no verdict: boom")).toEqual([
      "analysis failed: the analysis stopped on an internal error, no verdict",
    ]);
    expect(
      checkResult(seeds[0].bytes, { ...r, engine_notes: [{ engine: "render", message: "no renderer" }] }, 1),
    ).toEqual([]);
  });

  it("every seed built in code passes as is", () => {
    for (const s of seeds) expect(checkCase(s.bytes), s.name).toEqual([]);
  });

  it("a decoded flood repeats a piece of a stream's decoded text inside it, compressed again", () => {
    const doc = readPdf(byName.get("text-xref-table")!, DEFAULT_LIMITS);
    const decodedSizes = (d: typeof doc) =>
      d.instances.flatMap((o) => (o.value instanceof PdfStream ? [d.decode(o.value).data.length] : []));
    const flooded = readPdf(
      decodedFlood(byName.get("text-xref-table")!, createPrng(1), byName.get("actions")!),
      DEFAULT_LIMITS,
    );
    // one stream grew by at least the smallest flood (64 KiB, in whole copies of a piece of up to 32 bytes) while the file stayed small
    expect(Math.max(...decodedSizes(flooded)) - Math.max(...decodedSizes(doc))).toBeGreaterThan(64 * 1024 - 32);
    expect(flooded.bytes.length).toBeLessThan(64 * 1024);
    // recipes written before floods existed replay as they did: no flood step
    expect(applyRecipe({ seed: "text-xref-table", donor: "actions", caseSeed: 5 }, byName).steps).not.toContain(
      "decoded-flood",
    );
    expect(
      applyRecipe({ seed: "text-xref-table", donor: "actions", caseSeed: 5, flood: true }, byName).steps,
    ).toContain("decoded-flood");
  });

  it("a recipe replays the same bytes", () => {
    const recipe = pickRecipe(seeds, SLICE_SEED, 7);
    expect(Buffer.from(applyRecipe(recipe, byName).bytes).equals(Buffer.from(applyRecipe(recipe, byName).bytes))).toBe(
      true,
    );
  });

  it.each(readdirSync(FIXTURE_DIR).filter((f) => f.endsWith(".pdf")))("regression fixture %s passes", (file) => {
    expect(checkCase(new Uint8Array(readFileSync(join(FIXTURE_DIR, file))))).toEqual([]);
  });

  // the recipe beside each fixture replays the unminimised case from the seeds built in code
  it.each(readdirSync(FIXTURE_DIR).filter((f) => f.endsWith(".json")))("the recipe of %s passes", (file) => {
    const { recipe } = JSON.parse(readFileSync(join(FIXTURE_DIR, file), "utf8")) as { recipe: Recipe };
    expect(checkCase(applyRecipe(recipe, byName).bytes)).toEqual([]);
  });
});

describe("bugs the fuzzer found stay fixed", () => {
  const xrefWithEntry = (entry: string) => {
    const body = "%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\n";
    return bytes(
      `${body}xref\n0 2\n0000000000 65535 f\r\n${entry} 00000 n\r\ntrailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`,
    );
  };
  it.each([
    ["startxref with a 400-digit offset (Infinity)", bytes(`%PDF-1.7\nstartxref\n${"9".repeat(400)}\n%%EOF\n`)],
    ["startxref past 2^53", bytes("%PDF-1.7\nstartxref\n9007199254740993\n%%EOF\n")],
    ["an xref entry whose offset is not a number (NaN)", xrefWithEntry("1..")],
    ["an xref entry offset past 2^53", xrefWithEntry("9007199254740993")],
  ])("%s: the anomaly is not file-addressable (-1) and the result survives JSON", (_name, pdf) => {
    const r = analyzeFast(pdf, { fileName: "claims.pdf" });
    expect(r.anomalies.some((a) => a.offset === -1 && /offset|at/.test(a.message))).toBe(true);
    expect(FastResult.safeParse(JSON.parse(JSON.stringify(r))).success).toBe(true);
  });
});

describe("bugs the fuzzer found stay fixed: cost", () => {
  it("objects made of unterminated strings are read in linear time, none swallowed", () => {
    // each first read ran to the end of the file before its re-read: 200 KB took 7 s, 400 KB 27 s
    const pdf = bytes(`%PDF-1.7\n${"(\nendobj\n5 0 obj\n<< /Type ".repeat(16_000)}`);
    const { value: r, cpuMs } = withCpuTime(() => analyzeFast(pdf, { fileName: "runaway-strings.pdf" }));
    expect(cpuMs).toBeLessThan(3_000);
    expect(r.structure.objects).toBe(16_000);
  });

  it("trailers whose dictionaries open unterminated strings are read in linear time", () => {
    // each trailer was parsed to the end of the file: 156 KB took 5 s
    const pdf = bytes(`%PDF-1.7\n${"trailer\n<< /Size 5 /Ro) ((pp.alert) >>\n".repeat(16_000)}`);
    const { value: doc, cpuMs } = withCpuTime(() => readPdf(pdf, DEFAULT_LIMITS));
    expect(doc.trailers.length).toBe(16_000);
    expect(cpuMs).toBeLessThan(3_000);
  });

  it("past that cost bound, stream data holding 'endobj' (an attached PDF) is still read whole", () => {
    const data = "1 0 obj\n<< /Type /Catalog >>\nendobj\n% the rest of an attached document";
    const pdf = bytes(
      `%PDF-1.7\n${"(\nendobj\n5 0 obj\n<< /Type ".repeat(16_000)} >>\nendobj\n7 0 obj\n<< /Length ${data.length} >>\nstream\n${data}\nendstream\nendobj\n`,
    );
    const stream = readPdf(pdf, DEFAULT_LIMITS).instances.find((o) => o.num === 7)?.value;
    expect(stream).toBeInstanceOf(PdfStream);
    expect(Buffer.from((stream as PdfStream).raw).toString("latin1")).toBe(data);
  });
});

describe("case runner (worker thread with a watchdog)", () => {
  const runner = new CaseRunner({ timeoutMs: 20_000, maxHeapMb: 512 });
  afterAll(() => runner.close());

  it("runs a case in its worker, then reports one over its time limit as a hang and goes on", async () => {
    expect((await runner.run(seeds[0].bytes)).violations).toEqual([]);
    const impatient = new CaseRunner({ timeoutMs: 1, maxHeapMb: 512 });
    try {
      expect((await impatient.run(seeds[0].bytes)).violations.map((v) => v.kind)).toEqual(["hang"]);
    } finally {
      await impatient.close();
    }
    expect((await runner.run(seeds[1].bytes)).violations).toEqual([]);
  });
});
