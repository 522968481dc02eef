// Corpus loading on a synthetic corpus in a temp dir: builder PDFs only, zipped with the sample
// password in memory, so no real sample is involved.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Uint8ArrayReader, Uint8ArrayWriter, ZipWriter } from "@zip.js/zip.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PdfBuilder } from "../lib/pdf/testing/pdf-builder";
import { loadAny, loadCorpus, loadLabelledDir, sha256Hex } from "./corpus";

function pdf(title: string): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog();
  b.info = b.add(`<< /Title (${title}) >>`);
  return b.build();
}

async function zipWithPassword(members: Record<string, Uint8Array>): Promise<Uint8Array> {
  const writer = new ZipWriter(new Uint8ArrayWriter(), { password: "infected", zipCrypto: true });
  for (const [name, data] of Object.entries(members)) await writer.add(name, new Uint8ArrayReader(data));
  return writer.close();
}

const a = pdf("a");
const b = pdf("b");
const c = pdf("c");
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "pdfscan-corpus-"));
  // manifest corpus: one zipped member, one plain file, a note with a comma and a line break
  const manifestDir = join(dir, "with-manifest");
  await mkdir(join(manifestDir, "benign"), { recursive: true });
  await writeFile(join(manifestDir, "samples.zip"), await zipWithPassword({ [`${sha256Hex(a)}.pdf`]: a }));
  await writeFile(join(manifestDir, "benign", "b.pdf"), b);
  await writeFile(
    join(manifestDir, "manifest.csv"),
    [
      "sha256,file_name,label,category,source_repo,source_path,notes",
      `${sha256Hex(a)},samples.zip/${sha256Hex(a)}.pdf,malicious,js-exploit,x/y,p,"JS, XFA\nsecond line"`,
      `${sha256Hex(b)},benign/b.pdf,benign,plain,x/y,p,`,
    ].join("\n"),
  );
  // labelled folder: a categorised plain file, an uncategorised zip
  const labelled = join(dir, "labelled");
  await mkdir(join(labelled, "malicious", "launch-action"), { recursive: true });
  await mkdir(join(labelled, "benign"), { recursive: true });
  await writeFile(join(labelled, "malicious", "launch-action", "a.pdf"), a);
  await writeFile(join(labelled, "benign", "more.zip"), await zipWithPassword({ "b.pdf": b, "sub/c.pdf": c }));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("loadCorpus", () => {
  it("reads zip members in memory and plain files, with labels and categories from the manifest", async () => {
    const entries = await loadCorpus(join(dir, "with-manifest"));
    expect(entries.map(({ name, label, category, sha256 }) => ({ name, label, category, sha256 }))).toEqual([
      { name: `samples.zip/${sha256Hex(a)}.pdf`, label: "malicious", category: "js-exploit", sha256: sha256Hex(a) },
      { name: "benign/b.pdf", label: "benign", category: "plain", sha256: sha256Hex(b) },
    ]);
    expect(entries[0].bytes).toEqual(a);
  });

  it("is what loadAny picks for a folder with manifest.csv", async () => {
    expect(await loadAny(join(dir, "with-manifest"))).toHaveLength(2);
  });
});

describe("loadLabelledDir", () => {
  it("reads malicious/ and benign/ recursively, opening zips with the sample password", async () => {
    const entries = await loadLabelledDir(join(dir, "labelled"));
    expect(entries.map(({ name, label, category }) => ({ name, label, category }))).toEqual([
      { name: "malicious/launch-action/a.pdf", label: "malicious", category: "launch-action" },
      { name: "benign/more.zip/b.pdf", label: "benign", category: "uncategorized" },
      { name: "benign/more.zip/sub/c.pdf", label: "benign", category: "uncategorized" },
    ]);
    expect(entries[2].bytes).toEqual(c);
    expect(entries[2].sha256).toBe(sha256Hex(c));
  });

  it("refuses a folder with neither manifest nor label folders", async () => {
    await expect(loadLabelledDir(dir)).rejects.toThrow(/no manifest.csv/);
  });
});
