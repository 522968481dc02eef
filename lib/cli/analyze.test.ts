// `pdfscan analyze` as a user runs it: a real child process on PDFs written by the fixture builder.
import { spawn } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FastResult } from "../analyzer/report";
import { PdfBuilder } from "../pdf/testing/pdf-builder";

const BIN = fileURLToPath(new URL("../../bin/pdfscan.mjs", import.meta.url));
const CLI_TIMEOUT_MS = 30_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function pdfscan(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: undefined, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: CLI_TIMEOUT_MS,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout, stderr }));
  });
}

function benignPdf(): Uint8Array {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET");
  b.addCatalog("", 1, `/Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >>`);
  b.info = b.add("<< /Title (Quarterly report) /Producer (fixture) >>");
  return b.build();
}

function openActionJsPdf(): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog("/OpenAction << /S /JavaScript /JS (app.alert(1); eval(unescape('%75')))>>");
  return b.build();
}

let dir: string;
let benign: string;
let suspicious: string;
let missing: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pdfscan-cli-"));
  benign = join(dir, "benign.pdf");
  suspicious = join(dir, "nested", "open-action-js.pdf");
  missing = join(dir, "does-not-exist.pdf");
  await mkdir(join(dir, "nested"));
  await writeFile(benign, benignPdf());
  await writeFile(suspicious, openActionJsPdf());
  await writeFile(join(dir, "nested", "notes.txt"), "not a pdf: skipped when walking directories");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("pdfscan analyze", () => {
  it("exits 0 on a benign PDF and prints its verdict block", async () => {
    const run = await pdfscan(["analyze", benign]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(benign);
    expect(run.stdout).toMatch(/verdict\s+BENIGN/);
    expect(run.stdout).toMatch(/sha256\s+[0-9a-f]{64}/);
    expect(run.stdout).not.toContain("\x1b["); // NO_COLOR
  });

  it("exits 1 on JavaScript run by /OpenAction and names the verdict", async () => {
    const run = await pdfscan(["analyze", suspicious]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/verdict\s+(SUSPICIOUS|MALICIOUS)/);
  });

  it("exits 2 on a missing file and still analyses the others", async () => {
    const run = await pdfscan(["analyze", missing, benign]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(missing);
    expect(run.stderr).toContain("no such file");
    expect(run.stdout).toContain(benign);
  });

  it("prints one parseable FastResult per line with --json, carrying the path", async () => {
    const run = await pdfscan(["analyze", "--json", benign, suspicious]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    const objects = lines.map((l) => JSON.parse(l) as { path: string });
    expect(objects.map((o) => o.path)).toEqual([benign, suspicious]);
    for (const o of objects) expect(() => FastResult.parse(o)).not.toThrow();
    expect(FastResult.parse(objects[0]).summary.verdict).toBe("benign");
    expect(FastResult.parse(objects[0]).file_name).toBe("benign.pdf");
  });

  it("walks directories recursively, picking up only .pdf and .xdp files", async () => {
    const run = await pdfscan(["analyze", "--json", dir]);
    expect(run.code).toBe(1);
    const paths = run.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { path: string }).path);
    expect(paths.sort()).toEqual([benign, suspicious].sort());
  });

  it("colors the verdict when FORCE_COLOR is set", async () => {
    const run = await pdfscan(["analyze", suspicious], { NO_COLOR: undefined, FORCE_COLOR: "1" });
    expect(run.stdout).toContain("\x1b[");
  });
});

describe("pdfscan usage", () => {
  it("prints help and exits 0", async () => {
    const run = await pdfscan(["--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("analyze");
    expect(run.stdout).toContain("Exit codes");
  });

  it("exits 2 on an unknown command", async () => {
    const run = await pdfscan(["frobnicate"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command");
  });

  it("exits 2 when analyze gets no file", async () => {
    const run = await pdfscan(["analyze"]);
    expect(run.code).toBe(2);
  });
});
