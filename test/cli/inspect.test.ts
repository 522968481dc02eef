// pdfscan inspect as an analyst runs it (the bundled CLI in a child process), on PDFs built in code:
// the object list, one object with its stream decoded to a file (checked byte for byte), as hex, a
// search for /JavaScript, the objects referring to one, the revisions, JSON, and the errors.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { benignPdf, suspiciousPdf } from "../fixtures/sample-pdfs";
import { buildCli, pdfscan } from "./run-cli";

let dir: string;
let benign: string;
let suspicious: string;

beforeAll(async () => {
  buildCli();
  dir = await mkdtemp(join(tmpdir(), "pdfscan-inspect-"));
  benign = join(dir, "report.pdf");
  suspicious = join(dir, "lure.pdf");
  await writeFile(benign, benignPdf("Quarterly report"));
  await writeFile(suspicious, suspiciousPdf());
}, 90_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("pdfscan inspect", () => {
  it("lists every object with its type, stream size and filters", async () => {
    const run = await pdfscan(["inspect", benign]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^.*report\.pdf: \d+ bytes, 6 objects, 1 xref sections\n/);
    expect(run.stdout).toMatch(/ 2 0 obj {2}stream {2}\(\d+ bytes, FlateDecode\)/);
    expect(run.stdout).toContain("obj  dict /Catalog");
  });

  it("writes object 2's stream decoded to a file, byte for byte, and shows it as text and as hex", async () => {
    const out = join(dir, "content.bin");
    const written = await pdfscan(["inspect", "-o", "2", "--decode", "--output", out, benign]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toContain("stream (decoded by FlateDecode; 47 bytes) written to");
    expect((await readFile(out)).toString("latin1")).toBe("BT /F1 24 Tf 72 700 Td (Quarterly report) Tj ET");
    const shown = await pdfscan(["inspect", "-o", "2", "-d", benign]);
    expect(shown.stdout).toContain("BT /F1 24 Tf 72 700 Td (Quarterly report) Tj ET");
    const hex = await pdfscan(["inspect", "-o", "2", "--hex", benign]);
    expect(hex.stdout).toMatch(/stream \(raw, \d+ bytes\):\n00000000 {2}78 /); // a zlib header
    const dict = await pdfscan(["inspect", "-o", "2", benign]);
    expect(dict.stdout).toMatch(
      /<< \/Filter \/FlateDecode \/Length \d+ >>\nstream: \d+ bytes stored; --decode, --raw or --hex shows it/,
    );
  });

  it("finds /JavaScript, the objects referring to an object, and the revisions; prints JSON", async () => {
    const found = await pdfscan(["inspect", "-s", "/javascript", suspicious]);
    expect(found.stdout).toBe('1 object containing "/javascript":\n     1 0 obj  dict /Action /JavaScript\n');
    const refs = await pdfscan(["inspect", "-r", "2", suspicious]);
    expect(refs.stdout).toContain("1 object referring to object 2:\n     5 0 obj  dict /Page");
    const revs = await pdfscan(["inspect", "--revisions", suspicious]);
    expect(revs.stdout).toMatch(/^xref table at \d+: 6 entries\n {2}trailer << \/Size 6 \/Root 3 0 R >>\n$/);
    const json = JSON.parse((await pdfscan(["inspect", "--json", "-o", "1", suspicious])).stdout) as {
      num: number;
      kind: string;
      text: string;
    };
    expect(json).toMatchObject({ num: 1, kind: "dict /Action /JavaScript" });
    expect(json.text).toContain("eval\\(p\\)");
  });

  it("says what is missing: an object that is not there, a stream asked of a dictionary", async () => {
    const missing = await pdfscan(["inspect", "-o", "99", benign]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("object 99 is not in the document (it has 6 objects)");
    const noStream = await pdfscan(["inspect", "-o", "1", "--decode", benign]);
    expect(noStream.code).toBe(2);
    expect(noStream.stderr).toContain("object 1 has no stream");
    expect((await pdfscan(["inspect", "-o", "x", benign])).stderr).toContain("must be an object number");
  });
});
