// The zip name reader on archives built in code, damaged ones included.
import { describe, expect, it } from "vitest";
import { concat } from "../../pdf/testing/pdf-builder";
import { readZipDirectory } from "./read-zip-directory";
import { makeZip } from "./testing/embedded-fixtures";

const names = (d: ReturnType<typeof readZipDirectory>) => d.entries.map((e) => e.name);
const zip = makeZip([
  { name: "a.txt", data: "aaa" },
  { name: "dir/b.exe", data: "MZ" },
  { name: "ünïcode.js", data: "x" },
]);

describe("readZipDirectory", () => {
  it.each([
    ["a well-formed zip: the central directory", zip, ["a.txt", "dir/b.exe", "ünïcode.js"], "central-directory"],
    [
      "data prepended (self-extractor stub): offsets shifted",
      concat([new Uint8Array(300).fill(0x41), zip]),
      ["a.txt", "dir/b.exe", "ünïcode.js"],
      "central-directory",
    ],
    [
      "EOCD cut off: local headers scanned",
      zip.subarray(0, zip.length - 30),
      ["a.txt", "dir/b.exe", "ünïcode.js"],
      "local-headers",
    ],
    ["only the first member left", zip.subarray(0, 40), ["a.txt"], "local-headers"],
    ["not a zip", new Uint8Array(64).fill(7), [], "none"],
    ["empty", new Uint8Array(0), [], "none"],
  ] as const)("%s", (_what, data, expected, source) => {
    const d = readZipDirectory(data, 100);
    expect(names(d)).toEqual(expected);
    expect(d.source).toBe(source);
  });

  it("stops at maxEntries and says so", () => {
    const many = makeZip(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.txt`, data: "x" })));
    const d = readZipDirectory(many, 5);
    expect(d.entries).toHaveLength(5);
    expect(d.truncated).toBe(true);
  });

  it("reports the encryption flag and the uncompressed size", () => {
    const d = readZipDirectory(makeZip([{ name: "secret.exe", data: "12345", encrypted: true }]), 10);
    expect(d.entries).toEqual([{ name: "secret.exe", encrypted: true, uncompressedSize: 5 }]);
  });

  it("does not loop on a central directory whose entries claim huge name lengths", () => {
    const bad = zip.slice();
    const cd = Buffer.from(bad).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    new DataView(bad.buffer).setUint16(cd + 28, 0xffff, true);
    const d = readZipDirectory(bad, 100);
    expect(d.truncated || d.source === "local-headers").toBe(true);
  });
});
