import { describe, expect, it } from "vitest";
import { bytes, text } from "../testing/pdf-builder";
import { decodeAsciiHex } from "./ascii-hex";

describe("decodeAsciiHex", () => {
  it.each([
    ["plain", "48656c6c6f>", "Hello"],
    ["upper case", "48454C4C4F>", "HELLO"],
    ["white space anywhere", " 4 8\n65\r\n6c\t6c\f6f\0 >", "Hello"],
    ["odd final digit padded with 0", "48656c7>", "Help"],
    ["missing EOD tolerated", "4869", "Hi"],
    ["data after EOD ignored", "4869>zz", "Hi"],
    ["empty", ">", ""],
  ])("%s", (_name, encoded, decoded) => {
    const r = decodeAsciiHex(bytes(encoded), 100);
    expect(text(r.data)).toBe(decoded);
    expect(r.error).toBeUndefined();
    expect(r.truncated).toBe(false);
  });

  it("stops at an invalid character and keeps the bytes before it", () => {
    const r = decodeAsciiHex(bytes("4869g0>"), 100);
    expect(text(r.data)).toBe("Hi");
    expect(r.error).toBe("invalid character 0x67 at offset 4");
  });

  it("drops a pending half byte when stopped by an invalid character", () => {
    expect(text(decodeAsciiHex(bytes("48 6x"), 100).data)).toBe("H");
  });

  it("caps output at maxOut", () => {
    const r = decodeAsciiHex(bytes("41".repeat(50)), 10);
    expect(text(r.data)).toBe("A".repeat(10));
    expect(r.truncated).toBe(true);
  });
});
