// The RAR name reader on archives built in code (both checked once against unrar, which lists the
// same names), damaged and header-encrypted ones included.
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../model/folds";
import { concat } from "../../pdf/testing/pdf-builder";
import { readRarDirectory } from "./read-rar-directory";
import { makeRar4, makeRar5 } from "./testing/embedded-fixtures";

const MEMBERS = [
  { name: "Invoice.pdf.exe", data: "MZ" },
  { name: "docs/readme.txt", data: "read me" },
  { name: "payload.scr", data: "0123456789abcdef", encrypted: true },
];
const NAMES = MEMBERS.map((m) => m.name);

describe.each([
  ["RAR 5", makeRar5, 5],
  ["RAR 4", makeRar4, 4],
] as const)("readRarDirectory: %s", (_format, make, version) => {
  const rar = make(MEMBERS);

  it("lists every name, which entries are encrypted, and their sizes", () => {
    const d = readRarDirectory(rar, 100);
    expect(d).toMatchObject({ version, headersEncrypted: false, truncated: false });
    expect(d.entries).toEqual([
      { name: "Invoice.pdf.exe", encrypted: false, uncompressedSize: 2 },
      { name: "docs/readme.txt", encrypted: false, uncompressedSize: 7 },
      { name: "payload.scr", encrypted: true, uncompressedSize: 16 },
    ]);
  });

  it("finds the archive after a self-extractor stub", () => {
    const sfx = concat([new Uint8Array(5000).fill(0x4d), rar]);
    expect(readRarDirectory(sfx, 100).entries.map((e) => e.name)).toEqual(NAMES);
  });

  it("a truncated archive: the names before the cut, and says so", () => {
    const cut = rar.subarray(0, rar.length - 40);
    const d = readRarDirectory(cut, 100);
    expect(d.truncated).toBe(true);
    expect(d.entries.map((e) => e.name)).toEqual(NAMES.slice(0, d.entries.length));
    expect(d.entries.length).toBeGreaterThan(0);
  });

  it("stops at maxEntries and says so", () => {
    const many = make(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.txt`, data: "x" })));
    const d = readRarDirectory(many, 5);
    expect(d.entries).toHaveLength(5);
    expect(d.truncated).toBe(true);
  });

  it("headers encrypted (rar -hp): no names, reported as such", () => {
    expect(readRarDirectory(make(MEMBERS, { headersEncrypted: true }), 100)).toEqual({
      entries: [],
      version,
      headersEncrypted: true,
      truncated: false,
    });
  });
});

describe("readRarDirectory on what is not a RAR", () => {
  it.each([
    ["empty", new Uint8Array(0)],
    ["zeros", new Uint8Array(4096)],
    ["a signature and then noise", concat([makeRar5([]).subarray(0, 8), new Uint8Array(300).fill(0xff)])],
    [
      "a RAR 4 signature and a header claiming more than the file",
      Uint8Array.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00, 0, 0, 0x74, 0, 0x80, 0xff, 0xff]),
    ],
  ])("%s: no names, never throws", (_what, data) => {
    const d = readRarDirectory(data, 100);
    expect(d.entries).toEqual([]);
  });
});

describe("readRarDirectory on damaged archives", () => {
  it.each([
    ["RAR 5", makeRar5],
    ["RAR 4", makeRar4],
  ])("%s: 500 copies with random bytes overwritten end without an exception, within maxEntries", (_v, make) => {
    const rar = make(MEMBERS);
    const random = mulberry32(20261201);
    for (let i = 0; i < 500; i++) {
      const copy = rar.slice();
      for (let k = 0; k < 1 + Math.floor(random() * 6); k++)
        copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      const d = readRarDirectory(copy, 2);
      expect(d.entries.length).toBeLessThanOrEqual(2);
    }
  });
});
