import { describe, expect, it } from "vitest";
import { bytes, text } from "../testing/pdf-builder";
import { decodeAscii85 } from "./ascii85";

// expected encodings from Python's base64.a85encode
describe("decodeAscii85", () => {
  it.each([
    ["one group", "9jqo^~>", "Man "],
    ["final partial group", "F*2M7/c~>", "sure."],
    ["partial group of two chars", "@/~>", "a"],
    ["z shorthand", "z@:E^~>", "\0\0\0\0abc"],
    ["z between groups", "@:B3:z!!$M>~>", "ab\0\0\0\0\0\0\0\0cd"],
    ["all ones", "s8W-!~>", "\xff\xff\xff\xff"],
    ["white space anywhere", " BOu!r\nD]j7B\r\nE bo7 ~>", "hello world"],
    ["missing EOD tolerated", "9jqo^", "Man "],
    ["leading <~ framing skipped", "<~9jqo^~>", "Man "],
    ["data after EOD ignored", "9jqo^~>junk", "Man "],
    ["empty", "~>", ""],
  ])("%s", (_name, encoded, decoded) => {
    const r = decodeAscii85(bytes(encoded), 100);
    expect(text(r.data)).toBe(decoded);
    expect(r.error).toBeUndefined();
  });

  it.each([
    ["invalid character", "9jqo^F*2v7~>", "Man ", /invalid character 0x76 at offset 8/],
    ["z inside a group", "9jqo^F*z~>", "Man ", /invalid character 0x7a/],
    ["group over 2^32-1", '9jqo^s8W-"~>', "Man ", /exceeds 2\^32-1/],
    ["single-char final group", "9jqo^F~>", "Man ", /single character/],
  ])("keeps the decoded part on %s", (_name, encoded, decoded, error) => {
    const r = decodeAscii85(bytes(encoded), 100);
    expect(text(r.data)).toBe(decoded);
    expect(r.error).toMatch(error);
  });

  it("caps output at maxOut, z runs included", () => {
    const r = decodeAscii85(bytes("z".repeat(100)), 10);
    expect(r.data).toEqual(new Uint8Array(10));
    expect(r.truncated).toBe(true);
  });
});
