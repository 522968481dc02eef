// `pdfscan analyze` as a user runs it: the bundled CLI (built once here) in a child process, over PDFs
// built in code, a folder, a password ZIP built in memory, stdin, --deep, every --format, --fail-on
// and --jobs 2. The ZIP holds only the benign/generated PDFs of this test, so writing it is safe.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeepResult, FastResult } from "../../lib/analyzer/report";
import { RULES } from "../../lib/analyzer/rules/registry";
import { PdfBuilder } from "../../lib/pdf/testing/pdf-builder";
import { benignPdf, suspiciousPdf } from "../fixtures/sample-pdfs";
import { buildCli, jsonLines, pdfscan } from "./run-cli";
import { encryptWithQpdf } from "../../lib/pdf/testing/qpdf-encrypt";
import { NOT_A_PDF } from "../../lib/pdf/sniff";

function launchPdf(): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog("/OpenAction << /S /Launch /F (cmd.exe) >>");
  return b.build();
}

async function passwordZip(files: Record<string, Uint8Array>, password: string): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password, zipCrypto: true });
  for (const [name, data] of Object.entries(files)) await writer.add(name, new Uint8ArrayReader(data));
  return writer.close();
}

let dir: string;
let benign: string;
let malicious: string;
let nested: string;
let zip: string;
let missing: string;

beforeAll(async () => {
  buildCli();
  dir = await mkdtemp(join(tmpdir(), "pdfscan-cli-"));
  benign = join(dir, "benign.pdf");
  malicious = join(dir, "nested", "launch.pdf");
  nested = join(dir, "nested", "deeper", "lure.PDF");
  zip = join(dir, "samples.zip");
  missing = join(dir, "does-not-exist.pdf");
  await mkdir(join(dir, "nested", "deeper"), { recursive: true });
  await writeFile(benign, benignPdf());
  await writeFile(malicious, launchPdf());
  await writeFile(nested, suspiciousPdf());
  await writeFile(join(dir, "nested", "notes.txt"), "not a pdf: skipped when walking directories");
  await writeFile(zip, await passwordZip({ "a/benign.pdf": benignPdf(), "0123abcd": launchPdf() }, "s3cret"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(`${dir}-locked`, { recursive: true, force: true });
  await rm(`${dir}-aside`, { recursive: true, force: true });
});

describe("pdfscan analyze: inputs", () => {
  it("prints the detailed block of one benign file and exits 0, without color under NO_COLOR", async () => {
    const run = await pdfscan(["analyze", benign]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(benign);
    expect(run.stdout).toMatch(/verdict\s+BENIGN/);
    expect(run.stdout).toMatch(/sha256\s+[0-9a-f]{64}/);
    expect(run.stdout).not.toContain("\x1b[");
  });

  it("colors the verdict when FORCE_COLOR is set", async () => {
    const run = await pdfscan(["analyze", malicious], { env: { NO_COLOR: undefined, FORCE_COLOR: "1" } });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("\x1b[");
  });

  it("exits 2 on a missing file and still analyses the others", async () => {
    const run = await pdfscan(["analyze", missing, benign]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${missing}: no such file`);
    expect(run.stdout).toMatch(new RegExp(`BENIGN .*${benign.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
  });

  it("refuses a renamed non-PDF as the server does (its 415 detail, exit 2), and reads a PDF whose header junk pushed past byte 1024", async () => {
    // beside the folder the other tests read whole, not in it
    await mkdir(`${dir}-aside`, { recursive: true });
    const renamed = join(`${dir}-aside`, "invoice.pdf");
    const prefixed = join(`${dir}-aside`, "prefixed.pdf");
    await writeFile(renamed, "PK\x03\x04 an archive renamed to .pdf");
    await writeFile(prefixed, Buffer.concat([Buffer.alloc(2000, "J"), launchPdf()]));
    const run = await pdfscan(["analyze", "--json", renamed, prefixed]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`${renamed}: ${NOT_A_PDF}`);
    const [result] = jsonLines(run.stdout);
    expect(result.path).toBe(prefixed);
    expect(FastResult.parse(result).summary.verdict).toBe("malicious");
  });

  it("walks folders recursively (.pdf in any case, .xdp, .zip) in name order, one table row per file", async () => {
    const run = await pdfscan(["analyze", "--zip-password", "s3cret", dir]);
    expect(run.code).toBe(1);
    const rows = run.stdout.split("\n").filter((l) => l.includes(dir));
    expect(rows.map((r) => r.slice(r.indexOf(dir)))).toEqual([
      benign,
      nested,
      malicious,
      `${zip}/a/benign.pdf`,
      `${zip}/0123abcd`,
    ]);
    expect(run.stdout).toMatch(/^VERDICT\s+SCORE\s+FINDINGS\s+TOP RULES\s+FILE$/m);
    expect(run.stdout).toContain("5 files analysed: 3 malicious, 0 suspicious, 2 benign, 0 unknown, 0 errors");
    expect(run.stderr).toBe(""); // piped: no progress bar
  });

  it("opens an encrypted PDF with --password or PDFSCAN_PDF_PASSWORD, and never prints the password", async () => {
    // beside the folder the other tests read whole, not in it
    const locked = join(`${dir}-locked`, "locked.pdf");
    await mkdir(`${dir}-locked`, { recursive: true });
    await writeFile(locked, encryptWithQpdf(launchPdf(), ["from-the-mail-body", "owner-secret", "256"]));
    const plain = new PdfBuilder();
    plain.addCatalog("");
    const lockedPlain = join(`${dir}-locked`, "locked-plain.pdf");
    await writeFile(lockedPlain, encryptWithQpdf(plain.build(), ["from-the-mail-body", "owner-secret", "256"]));
    const verdictOf = async (file: string) =>
      (jsonLines((await pdfscan(["analyze", "--json", file])).stdout)[0] as { summary: { verdict: string } }).summary
        .verdict;
    expect(await verdictOf(lockedPlain)).toBe("unknown");
    // an unreadable file passes the default --fail-on suspicious, and fails --fail-on unknown
    expect((await pdfscan(["analyze", lockedPlain])).code).toBe(0);
    expect((await pdfscan(["analyze", "--fail-on", "unknown", lockedPlain])).code).toBe(1);
    // the /Launch on open is seen without the password (names are never encrypted): its floor holds
    expect(["suspicious", "malicious"]).toContain(await verdictOf(locked));
    for (const run of [
      await pdfscan(["analyze", "--json", "--password", "from-the-mail-body", locked]),
      await pdfscan(["analyze", "--json", locked], { env: { PDFSCAN_PDF_PASSWORD: "owner-secret" } }),
    ]) {
      const r = jsonLines(run.stdout)[0] as { summary: { verdict: string }; findings: { ruleId: string }[] };
      expect(r.summary.verdict).toBe("malicious");
      expect(r.findings.map((f) => f.ruleId)).toContain("launch-command");
      expect(run.stdout + run.stderr).not.toMatch(/from-the-mail-body|owner-secret/);
    }
  });

  it("reads every member of a password ZIP in memory, named archive/member", async () => {
    const run = await pdfscan(["analyze", "--json", "--zip-password", "s3cret", zip]);
    const results = jsonLines(run.stdout);
    expect(results.map((r) => r.path)).toEqual([`${zip}/a/benign.pdf`, `${zip}/0123abcd`]);
    expect(results.map((r) => FastResult.parse(r).file_name)).toEqual(["benign.pdf", "0123abcd"]);
    expect(results.map((r) => FastResult.parse(r).summary.verdict)).toEqual(["benign", "malicious"]);
    expect(run.code).toBe(1);
  });

  it("reports a wrong ZIP password as an error per member (exit 2)", async () => {
    const run = await pdfscan(["analyze", "--json", zip]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/samples\.zip\/a\/benign\.pdf: cannot read: .*password/i);
  });

  it("shows a hostile member name's control characters escaped, never raw", async () => {
    const hostile = join(dir, "..", `${dir.split("/").pop()}-hostile.zip`);
    await writeFile(
      hostile,
      await passwordZip({ "x\x1b]0;owned\x07\x1b[2J.pdf": benignPdf(), "y.pdf": benignPdf() }, "infected"),
    );
    try {
      const run = await pdfscan(["analyze", hostile]);
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
      expect(run.stdout).toContain("x\\x1b]0;owned\\x07\\x1b[2J.pdf");
    } finally {
      await rm(hostile, { force: true });
    }
  });

  it("reads one document from stdin with -", async () => {
    const run = await pdfscan(["analyze", "--json", "-"], { stdin: launchPdf() });
    const [result] = jsonLines(run.stdout);
    expect(result.path).toBe("-");
    expect(FastResult.parse(result).file_name).toBe("stdin");
    expect(run.code).toBe(1);
  });

  it("gives the same results in the same order with --jobs 2 (worker threads)", async () => {
    const one = await pdfscan(["analyze", "--json", "--jobs", "1", "--zip-password", "s3cret", dir]);
    const two = await pdfscan(["analyze", "--json", "--jobs", "2", "--zip-password", "s3cret", dir]);
    expect(two.code).toBe(1);
    const strip = (r: Record<string, unknown>) => ({ ...r, duration_ms: 0 });
    expect(jsonLines(two.stdout).map(strip)).toEqual(jsonLines(one.stdout).map(strip));
    expect(jsonLines(two.stdout)).toHaveLength(5);
  });

  it("runs the advanced stage with --deep, in-thread and over the pool, and exits", async () => {
    const single = await pdfscan(["analyze", "--deep", "--json", nested]);
    expect(single.code).toBe(1);
    const [deep] = jsonLines(single.stdout);
    const parsed = DeepResult.parse(deep);
    expect(parsed.stage).toBe("advanced");
    expect(parsed.javascript.length).toBeGreaterThan(0);
    const pooled = await pdfscan(["analyze", "--deep", "--json", "--jobs", "2", benign, malicious]);
    expect(jsonLines(pooled.stdout).map((r) => DeepResult.parse(r).stage)).toEqual(["advanced", "advanced"]);
  });
});

describe("pdfscan analyze: outputs and exit codes", () => {
  it("--fail-on malicious exits 1 only at malicious; the default fails at suspicious", async () => {
    expect((await pdfscan(["analyze", "--fail-on", "malicious", benign])).code).toBe(0);
    expect((await pdfscan(["analyze", "--fail-on", "malicious", benign, malicious])).code).toBe(1);
    expect((await pdfscan(["analyze", "--fail-on", "suspicious", malicious])).code).toBe(1);
    const bad = await pdfscan(["analyze", "--fail-on", "benign", benign]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Allowed choices are unknown, suspicious, malicious");
  });

  it("--format sarif writes one SARIF 2.1.0 run with the registry's rules and one result per finding", async () => {
    const run = await pdfscan(["analyze", "--format", "sarif", benign, malicious, missing]);
    expect(run.code).toBe(2);
    type SarifRun = {
      tool: { driver: { rules: { id: string }[] } };
      results: unknown[];
      artifacts: unknown[];
      invocations: { executionSuccessful: boolean; toolExecutionNotifications: { message: { text: string } }[] }[];
    };
    const log = JSON.parse(run.stdout) as { version: string; $schema: string; runs: SarifRun[] };
    expect(log.version).toBe("2.1.0");
    expect(log.$schema).toContain("sarif-2.1.0");
    expect(log.runs).toHaveLength(1);
    const [sarifRun] = log.runs;
    const ruleIds = sarifRun.tool.driver.rules.map((r: { id: string }) => r.id);
    expect(ruleIds).toEqual(expect.arrayContaining(RULES.map((r) => r.id)));
    const json = await pdfscan(["analyze", "--json", malicious]);
    const findings = FastResult.parse(jsonLines(json.stdout)[0]).findings;
    const results = sarifRun.results as {
      ruleId: string;
      ruleIndex: number;
      level: string;
      locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
    }[];
    expect(results.map((r) => r.ruleId).sort()).toEqual(findings.map((f) => f.ruleId).sort());
    for (const r of results) {
      expect(ruleIds[r.ruleIndex]).toBe(r.ruleId);
      expect(["error", "warning", "note"]).toContain(r.level);
      expect(r.locations[0].physicalLocation.artifactLocation.uri).toMatch(/^file:\/\/.*launch\.pdf$/);
    }
    expect(sarifRun.artifacts).toHaveLength(2);
    expect(sarifRun.invocations[0].executionSuccessful).toBe(false);
    expect(sarifRun.invocations[0].toolExecutionNotifications[0].message.text).toContain(missing);
  });

  it("--format csv prints a header and one row per file", async () => {
    const run = await pdfscan(["analyze", "--format", "csv", benign, malicious]);
    const lines = run.stdout.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("path,verdict,score,confidence,findings,top_rules,sha256,size,stage,error");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^.*benign\.pdf,benign,0,/);
    expect(lines[2]).toMatch(/launch\.pdf,malicious,\d+,\w+,\d+,[a-z -]+,[0-9a-f]{64},\d+,fast,$/);
  });

  it("--format md prints a Markdown table with escaped names", async () => {
    const run = await pdfscan(["analyze", "--format", "md", benign, malicious]);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe("| File | Verdict | Score | Findings | Top rules |");
    expect(lines[1]).toBe("| --- | --- | ---: | ---: | --- |");
    expect(lines[2]).toContain("benign\\.pdf | **benign** | 0 | 0 |");
    expect(lines[3]).toMatch(/launch\\\.pdf \| \*\*malicious\*\* \| \d+ \| \d+ \| `launch-/);
    expect(run.stdout).toContain("2 files analysed: 1 malicious");
  });

  it("exits 2 when a folder holds nothing to analyse, or when no path is given", async () => {
    const empty = await mkdtemp(join(tmpdir(), "pdfscan-empty-"));
    try {
      const run = await pdfscan(["analyze", empty]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("no .pdf, .xdp or .zip files found");
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
    expect((await pdfscan(["analyze"])).code).toBe(2);
  });
});

describe("pdfscan usage", () => {
  it("prints help with examples for every command, and the version", async () => {
    const top = await pdfscan(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain("Exit codes");
    for (const command of ["analyze", "rules", "keys", "completion"]) {
      const help = await pdfscan([command, "--help"]);
      expect(help.code, command).toBe(0);
      expect(help.stdout, command).toContain("Examples:");
    }
    const version = await pdfscan(["--version"]);
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("prints completion scripts for bash, zsh and fish that know the commands and choices", async () => {
    const bash = await pdfscan(["completion", "bash"]);
    expect(bash.stdout).toContain("complete -o filenames -F _pdfscan pdfscan");
    expect(bash.stdout).toContain("--fail-on");
    expect(bash.stdout).toContain("sarif csv md");
    const zsh = await pdfscan(["completion", "zsh"]);
    expect(zsh.stdout.startsWith("#compdef pdfscan")).toBe(true);
    expect(zsh.stdout).toContain("--zip-password");
    const fish = await pdfscan(["completion", "fish"]);
    expect(fish.stdout).toContain("complete -c pdfscan");
    expect(fish.stdout).toContain("-a analyze");
    expect((await pdfscan(["completion", "tcsh"])).code).toBe(2);
  });

  it("exits 2 on an unknown command", async () => {
    const run = await pdfscan(["frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command");
  });
});
