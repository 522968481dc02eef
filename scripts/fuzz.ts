// npm run fuzz -- [--seconds N] [--seed S] [--cases N] [--seeds REGEX] [--deep-every N] [--corpus [DIR]] [--malicious] [--timeout-ms MS]
// Structure-aware mutation fuzzing of the fast stage (issue 7, item 6): seeds built in code (and, with
// --corpus, the benign corpus files read into memory), mutated token- and object-wise, each case run in
// a worker thread under a watchdog and checked against scripts/fuzz/invariants.ts. Each new failure
// kind is minimised; a reproducer from a code-built seed is kept in test/fuzz-fixtures/ (replayed by
// test/fuzz-slice.test.ts). One from a corpus seed is written to a temp dir only: never commit it,
// re-express it as a fixture built in code. Exit code 1 when a case failed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { findCorpusDir, loadAny } from "./corpus";
import { applyRecipe, pickRecipe, type FuzzCase } from "./fuzz/cases";
import { CaseRunner } from "./fuzz/case-runner";
import type { Violation } from "./fuzz/invariants";
import { minimise } from "./fuzz/minimise";
import { buildSeeds, type Seed } from "./fuzz/seeds";

const FIXTURE_DIR = resolve("test/fuzz-fixtures");
const CORPUS_PREFIX = "corpus:";
const MAX_FIXTURE_BYTES = 16 * 1024;

interface Failure {
  kind: string;
  count: number;
  first: FuzzCase;
  violation: Violation;
}

const program: Command = new Command("fuzz")
  .description("Mutation fuzzing of the fast stage: every case must end, schema-valid and within budget")
  .option("--seconds <n>", "time box of the run", Number, 60)
  .option("--seed <n>", "run seed: the same seed replays the same cases", Number, 1)
  .option("--cases <n>", "stop after this many cases", Number, Number.POSITIVE_INFINITY)
  .option(
    "--seeds <regex>",
    "only the seeds whose name matches (e.g. '^(?!xfa-large|script-large|long-strings|deep-nesting)' leaves out the large ones, which cost ten cases each)",
  )
  .option(
    "--corpus [dir]",
    "add corpus files as seeds (benign only unless --malicious); default $PDFSCAN_CORPUS or ../shared/corpus",
  )
  .option("--malicious", "with --corpus, seed from malicious files too (in memory only)")
  .option("--timeout-ms <n>", "a case running longer is a hang", Number, 10_000)
  .option("--max-heap-mb <n>", "heap of the worker thread", Number, 1_024)
  .option("--minimise-seconds <n>", "time spent shrinking each new failure kind", Number, 60)
  .option(
    "--deep-every <n>",
    "every n-th case also goes through the advanced stage with its real engines (0: never; they cost 100x a fast case)",
    Number,
    0,
  )
  .option("--deep-timeout-ms <n>", "an advanced case running longer is a hang", Number, 120_000)
  .action(
    async (opts: {
      seconds: number;
      seed: number;
      cases: number;
      seeds?: string;
      corpus?: string | true;
      malicious?: boolean;
      timeoutMs: number;
      maxHeapMb: number;
      minimiseSeconds: number;
      deepEvery: number;
      deepTimeoutMs: number;
    }) => {
      const only = opts.seeds === undefined ? null : new RegExp(opts.seeds);
      const seeds = [...buildSeeds(), ...(opts.corpus ? await corpusSeeds(opts.corpus, !!opts.malicious) : [])].filter(
        (s) => !only || only.test(s.name),
      );
      if (!seeds.length) throw new Error(`no seed matches ${opts.seeds}`);
      const byName = new Map(seeds.map((s) => [s.name, s.bytes]));
      const runner = new CaseRunner({ timeoutMs: opts.timeoutMs, maxHeapMb: opts.maxHeapMb });
      const deepRunner =
        opts.deepEvery > 0
          ? new CaseRunner({ timeoutMs: opts.deepTimeoutMs, maxHeapMb: opts.maxHeapMb, deep: true })
          : null;
      let deepCases = 0;
      const failures = new Map<string, Failure>();
      // a failure that ends this process (a V8 fatal error in a case worker aborts the whole process,
      // seed 1411) leaves no reproducer behind: the case being run is always on disk, in a temp dir
      const lastCase = join(tmpdir(), `pdfscan-fuzz-last-case-${process.pid}`);
      console.log(
        `fuzz: seed ${opts.seed}, ${seeds.length} seeds, ${opts.seconds} s; the case being run: ${lastCase}.pdf`,
      );
      const started = performance.now();
      const deadline = started + opts.seconds * 1000;
      let cases = 0;
      let lastReport = started;
      // the slowest passing case hints at the next denial of service before it crosses the budget
      let slowest: { ms: number; c?: FuzzCase } = { ms: 0 };
      for (; cases < opts.cases && performance.now() < deadline; cases++) {
        const c = applyRecipe(pickRecipe(seeds, opts.seed, cases), byName);
        writeFileSync(`${lastCase}.pdf`, c.bytes);
        writeFileSync(`${lastCase}.json`, JSON.stringify({ case: cases, recipe: c.recipe, steps: c.steps }));
        const { violations, ms } = await runner.run(c.bytes);
        if (ms > slowest.ms) slowest = { ms, c };
        if (deepRunner && cases % opts.deepEvery === 0) {
          violations.push(
            ...(await deepRunner.run(c.bytes)).violations.map((v) =>
              v.kind.startsWith("advanced: ") ? v : { ...v, kind: `advanced: ${v.kind}` },
            ),
          );
          deepCases++;
        }
        for (const v of violations) {
          const f = failures.get(v.kind);
          if (f) f.count++;
          else {
            failures.set(v.kind, { kind: v.kind, count: 1, first: c, violation: v });
            console.log(
              `  FAIL #${cases} ${v.kind} (${c.recipe.seed} + ${c.steps.join(", ")})\n    ${v.detail.split("\n").join("\n    ")}`,
            );
          }
        }
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          console.log(
            `  ${cases + 1} cases${deepRunner ? ` (${deepCases} also advanced)` : ""}, ${rate(cases + 1, started)} cases/s, ${failures.size} failure kinds`,
          );
        }
      }
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `fuzz: ${cases} cases${deepRunner ? ` (${deepCases} also through the advanced stage)` : ""} in ${seconds.toFixed(1)} s (${rate(cases, started)} cases/s), ${failures.size} failure kinds`,
      );
      if (slowest.c)
        console.log(
          `  slowest case: ${Math.round(slowest.ms)} ms, ${slowest.c.bytes.length} bytes (${JSON.stringify(slowest.c.recipe)}: ${slowest.c.steps.join(", ")})`,
        );
      for (const f of failures.values())
        await keepReproducer(
          f,
          f.kind.startsWith("advanced: ") && deepRunner ? deepRunner : runner,
          opts.minimiseSeconds * 1000,
        );
      await runner.close();
      await deepRunner?.close();
      rmSync(`${lastCase}.pdf`, { force: true });
      rmSync(`${lastCase}.json`, { force: true });
      process.exitCode = failures.size ? 1 : 0;
    },
  );

const rate = (cases: number, started: number) => Math.round(cases / ((performance.now() - started) / 1000));

async function corpusSeeds(dirArg: string | true, malicious: boolean): Promise<Seed[]> {
  const dir = dirArg === true ? findCorpusDir() : resolve(dirArg);
  if (!dir) program.error("corpus absent: pass a folder or set PDFSCAN_CORPUS", { exitCode: 2 });
  const entries = await loadAny(dir);
  return entries
    .filter((e) => malicious || e.label === "benign")
    .map((e) => ({ name: `${CORPUS_PREFIX}${e.name}`, bytes: e.bytes }));
}

/**
 * Minimises the first case of a failure kind and writes it with its recipe. Code-built seeds only go
 * to test/fuzz-fixtures/ (generated bytes); a case touching a corpus file goes to a temp dir.
 */
async function keepReproducer(f: Failure, runner: CaseRunner, budgetMs: number): Promise<void> {
  const stillFails = async (b: Uint8Array) =>
    (await runner.run(b)).violations.some((v) => v.kind === f.kind || `advanced: ${v.kind}` === f.kind);
  const small = await minimise(f.first.bytes, stillFails, budgetMs);
  const fromCorpus = [f.first.recipe.seed, f.first.recipe.donor].some((n) => n.startsWith(CORPUS_PREFIX));
  const dir = fromCorpus ? mkdtempSync(join(tmpdir(), "pdfscan-fuzz-")) : FIXTURE_DIR;
  mkdirSync(dir, { recursive: true });
  const slug = f.kind
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  const note = {
    kind: f.kind,
    detail: f.violation.detail,
    cases: f.count,
    recipe: f.first.recipe,
    steps: f.first.steps,
    bytes: small.length,
  };
  // a large reproducer (a cost failure rarely shrinks) is kept as its recipe only
  if (small.length <= MAX_FIXTURE_BYTES || fromCorpus) writeFileSync(join(dir, `${slug}.pdf`), small);
  writeFileSync(join(dir, `${slug}.json`), `${JSON.stringify(note, null, 2)}\n`);
  console.log(
    `  ${f.kind}: ${f.count} cases, minimised ${f.first.bytes.length} -> ${small.length} bytes: ${join(dir, slug)}.pdf${fromCorpus ? " (from a corpus seed: temp dir only, re-express it as a fixture built in code)" : ""}`,
  );
}

await program.parseAsync();
