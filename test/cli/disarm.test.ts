// `pdfscan disarm` as a user runs it (the bundled CLI in a child process): on PDFs built in code, and
// over every malicious file of the development corpus, whose disarmed copies must analyse `benign`
// (fast stage) and open in pdf.js. The samples are read from the password ZIP into memory and written
// only into a temp dir (fs.mkdtemp under os.tmpdir()) that is removed afterwards. The corpus part is
// skipped when the corpus is absent (PDFSCAN_CORPUS or ../shared/corpus, as test/cli/corpus.test.ts).
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FastResult } from "../../lib/analyzer/report";
import { loadPdfjs, pdfjsDataUrls } from "../../lib/engines/render/load-pdfjs";
import { PdfBuilder } from "../../lib/pdf/testing/pdf-builder";
import { findCorpusDir, loadCorpus, type CorpusEntry } from "../../scripts/corpus";
import { buildCli, jsonLines, pdfscan } from "./run-cli";

let dir: string;

beforeAll(async () => {
  buildCli();
  dir = await mkdtemp(join(tmpdir(), "pdfscan-disarm-"));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function scriptedPdf(): Uint8Array {
  const b = new PdfBuilder();
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Kept text) Tj ET");
  const link = b.add(
    "<< /Type /Annot /Subtype /Link /Rect [72 700 200 714] /A << /S /URI /URI (http://evil.example/x) >> >>",
  );
  b.addCatalog(
    "/OpenAction << /S /JavaScript /JS (app.alert\\('cli-marker'\\)) >>",
    1,
    `/Contents ${content} 0 R /Annots [${link} 0 R]`,
  );
  return b.build();
}

/** Opens a document in pdf.js as the render engine does (no eval, no XFA) and loads its first page. */
async function openInPdfjs(data: Uint8Array): Promise<number> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    ...pdfjsDataUrls(),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  const doc = await task.promise;
  try {
    await doc.getPage(1);
    return doc.numPages;
  } finally {
    await task.destroy();
  }
}

describe("pdfscan disarm", () => {
  it("writes the copy, prints what it removed and exits 0; the copy analyses benign", async () => {
    const input = join(dir, "scripted.pdf");
    const output = join(dir, "scripted.safe.pdf");
    await writeFile(input, scriptedPdf());
    const run = await pdfscan(["disarm", input, output]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("2 removed (javascript 1, uri 1)");
    expect(run.stdout).toMatch(/OpenAction JavaScript\s+app\.alert\('cli-marker'\)/);
    expect(run.stdout).toMatch(/A URI\s+hxxp\[:\/\/\]evil\[\.\]example\/x/);
    const copy = await readFile(output);
    expect(copy.toString("latin1")).not.toContain("cli-marker");
    const analysis = await pdfscan(["analyze", "--json", output]);
    expect(analysis.code).toBe(0);
    expect(FastResult.parse(jsonLines(analysis.stdout)[0]).summary.verdict).toBe("benign");
    expect(await openInPdfjs(copy)).toBe(1);
  });

  it("prints the summary as JSON with --json", async () => {
    const input = join(dir, "json.pdf");
    await writeFile(input, scriptedPdf());
    const run = await pdfscan(["disarm", "--json", input, join(dir, "json.safe.pdf")]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout) as {
      counts: Record<string, number>;
      removed: { object: string; what: string; kind: string }[];
      objects: { written: number };
    };
    expect(summary.counts).toEqual({ javascript: 1, uri: 1 });
    expect(summary.removed.map((r) => r.what)).toEqual(["OpenAction JavaScript", "A URI"]);
    expect(summary.objects.written).toBeGreaterThan(0);
  });

  it("reads stdin and writes stdout with - -, the summary then on stderr", async () => {
    const run = await pdfscan(["disarm", "-", "-"], { stdin: scriptedPdf() });
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith("%PDF-1.7")).toBe(true);
    expect(run.stdout).not.toContain("cli-marker");
    expect(run.stderr).toContain("stdin -> stdout: 2 removed");
  });

  it.each([
    [
      "a missing input",
      () => ["disarm", join(dir, "missing.pdf"), join(dir, "o.pdf")],
      /missing\.pdf: no such file or directory/,
    ],
    [
      "OUT naming IN",
      () => ["disarm", join(dir, "scripted.pdf"), join(dir, "scripted.pdf")],
      /OUT must differ from IN/,
    ],
    [
      "a file that is no PDF",
      () => ["disarm", join(dir, "notes.txt"), join(dir, "o.pdf")],
      /cannot disarm: no document catalog/,
    ],
  ])("exits 2 with one error line on %s", async (_name, args, message) => {
    await writeFile(join(dir, "notes.txt"), "plain text");
    await writeFile(join(dir, "scripted.pdf"), scriptedPdf());
    const run = await pdfscan(args());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("has help with examples and is in the completion scripts", async () => {
    const help = await pdfscan(["disarm", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Examples:");
    expect((await pdfscan(["--help"])).stdout).toContain("pdfscan disarm invoice.pdf");
    expect((await pdfscan(["completion", "bash"])).stdout).toMatch(/'disarm'\)/);
    expect((await pdfscan(["completion", "fish"])).stdout).toContain("-a disarm");
    expect((await pdfscan(["completion", "zsh"])).stdout).toContain("_pdfscan_disarm()");
  });
});

const corpusDir = findCorpusDir();
if (!corpusDir)
  console.warn(
    "corpus absent: set PDFSCAN_CORPUS to a corpus folder (manifest.csv) to run the corpus part of test/cli/disarm.test.ts",
  );

describe.skipIf(!corpusDir)("pdfscan disarm over the malicious corpus", () => {
  let samples: CorpusEntry[];
  const outDir = () => join(dir, "disarmed");

  beforeAll(async () => {
    samples = (await loadCorpus(corpusDir!)).filter((e) => e.label === "malicious");
    await mkdir(outDir());
    // two CLI processes at a time (the machine has two cores)
    const queue = [...samples];
    const worker = async () => {
      for (let e = queue.shift(); e; e = queue.shift()) {
        const input = join(dir, `${e.sha256}.in`);
        await writeFile(input, e.bytes);
        const run = await pdfscan(["disarm", input, join(outDir(), `${e.sha256}.pdf`)]);
        await rm(input, { force: true });
        if (run.code !== 0) throw new Error(`${e.name}: exit ${run.code}: ${run.stderr}`);
      }
    };
    await Promise.all([worker(), worker()]);
  }, 240_000);

  it("disarms every malicious file into a copy that analyses benign (fast stage)", async () => {
    expect(samples.length).toBeGreaterThan(0);
    const run = await pdfscan(["analyze", "--json", "--jobs", "2", outDir()]);
    expect(run.stderr).toBe("");
    const results = jsonLines(run.stdout).map((r) => ({ path: String(r.path), result: FastResult.parse(r) }));
    expect(results).toHaveLength(samples.length);
    const notBenign = results
      .filter((r) => r.result.summary.verdict !== "benign")
      .map((r) => `${r.path}: ${r.result.summary.verdict} ${r.result.findings.map((f) => f.ruleId).join(",")}`);
    expect(notBenign).toEqual([]);
    // no structural anomaly: the copies are clean files (a stream whose data was already damaged in
    // the sample still fails to decode: filter-* anomalies are the sample's, copied as they were)
    const structural = results.flatMap((r) =>
      r.result.anomalies.filter((a) => !a.code.startsWith("filter-")).map((a) => `${r.path}: ${a.code}`),
    );
    expect(structural).toEqual([]);
    expect(run.code).toBe(0);
  }, 120_000);

  it("every disarmed copy opens in pdf.js and loads its first page", async () => {
    const failures: string[] = [];
    for (const e of samples) {
      try {
        expect(await openInPdfjs(await readFile(join(outDir(), `${e.sha256}.pdf`)))).toBeGreaterThan(0);
      } catch (err) {
        failures.push(`${e.name}: ${String(err)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
