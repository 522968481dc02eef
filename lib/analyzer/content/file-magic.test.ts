import { describe, expect, it } from "vitest";
import { sniffPayload } from "./file-magic";

const bytesOf = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p, "latin1")] : p)));

describe("sniffPayload", () => {
  it.each([
    ["pe-executable", bytesOf("MZ\x90\x00")],
    ["elf-executable", bytesOf([0x7f], "ELF\x02")],
    ["macho-executable", bytesOf([0xcf, 0xfa, 0xed, 0xfe, 7])],
    ["macho-executable", bytesOf([0xce, 0xfa, 0xed, 0xfe])],
    ["macho-executable", bytesOf([0xca, 0xfe, 0xba, 0xbe])],
    ["ole-office", bytesOf([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0])],
    ["zip", bytesOf("PK\x03\x04")],
    ["rar", bytesOf("Rar!\x1a")],
    ["7z", bytesOf("7z\xbc\xaf\x27\x1c")],
    ["flash", bytesOf("CWS\x0a")],
    ["flash", bytesOf("FWS\x01")],
    ["flash", bytesOf("ZWS\x2f")],
    ["unknown", bytesOf("FWS\x30")],
    ["unknown", bytesOf("CWS\x00")],
    ["pdf", bytesOf("junk before %PDF-1.7")],
    ["rtf", bytesOf("{\\rtf1")],
    ["script", bytesOf("#! /bin/sh")],
    ["html", bytesOf("  <!DOCTYPE html>")],
    ["unknown", bytesOf("BT (text) Tj ET")],
    ["unknown", bytesOf("M")],
    ["unknown", new Uint8Array(0)],
  ] as const)("%s: %j", (kind, data) => {
    expect(sniffPayload(data)).toBe(kind);
  });

  it("reads only a view's own bytes, and finds %PDF- within the first 1024", () => {
    const file = bytesOf("MZ", "x".repeat(2000), "%PDF-");
    expect(sniffPayload(file.subarray(2))).toBe("unknown");
    expect(sniffPayload(file.subarray(1000))).toBe("pdf");
  });
});
