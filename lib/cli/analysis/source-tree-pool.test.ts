// `pdfscan analyze --deep` over the worker pool from the source tree (bin/pdfscan.mjs's tsx fallback,
// PDFSCAN_CLI_SOURCE=1), as a checkout without a build runs it: the pool's workers load their
// TypeScript through tsx's require hook, so an import they make must resolve there too (cli-worker.ts).
// test/cli/ covers the same command on the bundle.
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";

const BIN = fileURLToPath(new URL("../../../bin/pdfscan.mjs", import.meta.url));
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pdfscan-source-pool-"));
  for (const [name, text] of [
    ["letter.pdf", "Dear customer"],
    ["memo.pdf", "Meeting notes"],
  ]) {
    const b = new PdfBuilder();
    const content = b.addFlateStream("", `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`);
    b.addCatalog("", 1, `/Contents ${content} 0 R`);
    await writeFile(join(dir, name), b.build());
  }
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("pdfscan analyze --deep from the source tree", () => {
  it("analyses several files over the pool's threads", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [BIN, "analyze", "--deep", "--json", "--no-progress", "--jobs", "2", dir],
      {
        env: { ...process.env, NO_COLOR: "1", PDFSCAN_CLI_SOURCE: "1" },
      },
    );
    const results = stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { file_name: string; stage: string });
    expect(results.map((r) => [r.file_name, r.stage]).sort()).toEqual([
      ["letter.pdf", "advanced"],
      ["memo.pdf", "advanced"],
    ]);
  }, 120_000);
});
