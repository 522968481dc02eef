// `pdfscan analyze` over the development corpus (a folder of benign PDFs and malicious.zip, password
// "infected", read in memory by the CLI): every file yields a schema-valid result, with and without
// --deep. Skipped when the corpus is absent (PDFSCAN_CORPUS or ../shared/corpus, as test/corpus.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { DeepResult, FastResult } from "../../lib/analyzer/report";
import { parseCsvRecords } from "../../scripts/csv";
import { findCorpusDir } from "../../scripts/corpus";
import { buildCli, jsonLines, pdfscan } from "./run-cli";

const dir = findCorpusDir();
if (!dir)
  console.warn("corpus absent: set PDFSCAN_CORPUS to a corpus folder (manifest.csv) to run test/cli/corpus.test.ts");

describe.skipIf(!dir)("pdfscan analyze over the corpus", () => {
  let listed: number;

  beforeAll(() => {
    buildCli();
    listed = parseCsvRecords(readFileSync(join(dir!, "manifest.csv"), "utf8")).length;
  });

  it("analyses every file of the folder and its password ZIP (fast stage, --jobs 2)", async () => {
    const run = await pdfscan(["analyze", "--json", "--jobs", "2", dir!]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    const results = jsonLines(run.stdout);
    expect(results).toHaveLength(listed);
    for (const r of results) expect(() => FastResult.parse(r), String(r.path)).not.toThrow();
    const zipped = results.filter((r) => String(r.path).includes("malicious.zip/"));
    expect(zipped.length).toBeGreaterThan(0);
    const flagged = zipped.filter((r) => ["malicious", "suspicious"].includes(FastResult.parse(r).summary.verdict));
    expect(flagged.length / zipped.length).toBeGreaterThanOrEqual(0.9);
  });

  // every member through the real sandbox and renderer: ~40 s of CPU on an idle machine, several
  // times that beside other work (a loaded npm test run once passed the old 60 s kill)
  it("runs --deep over the password ZIP", async () => {
    const run = await pdfscan(["analyze", "--deep", "--json", "--jobs", "2", join(dir!, "malicious.zip")], {
      timeoutMs: 400_000,
    });
    expect(run.code).toBe(1);
    const results = jsonLines(run.stdout);
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(DeepResult.parse(r).stage, String(r.path)).toBe("advanced");
  }, 420_000);
});
