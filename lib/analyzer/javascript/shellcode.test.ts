// What counts as machine code in a script's strings: sleds, prologues and packed UCS-2 binary do;
// text in any script (CJK included), icons kept as latin1 and hex hashes do not.
import { describe, expect, it } from "vitest";
import {
  classifyShellcode,
  countPercentU,
  decodeHexString,
  decodePercentEscapes,
  hasNopSled,
  printableRuns,
  unitsToLatin1,
} from "./shellcode";

const u = (hex: string) => decodePercentEscapes(hex);

describe("classifyShellcode", () => {
  it.each([
    ["a %u0c0c sled", u("%u0c0c".repeat(40)), true, true],
    [
      "a %u9090 sled before code",
      u("%u9090".repeat(24) + "%ue8fc%u0082%u0000%u8960%u31e5%u64c0%u508b%u8b30"),
      true,
      true,
    ],
    [
      "PEB access (mov eax, fs:[0x30])",
      u(
        "%u5350%u5251%u5756%u9c55%u00e8%u0000%u5d00%ued83%u310d%u64c0%u4003%u7830%u8b0c%u0c40%u708b%uad1c%u408b%ueb08%u8b09%u3440%u408d%u8b7c%u3c40%u5756%u5ebe%u0001%u0100%ubfee%u014e%u0000%uef01%u9090",
      ),
      true,
      false,
    ],
    [
      "packed binary units",
      u("%ud9e1%u34d9%u5824%u5858%u3358%ub3db%u031c%u31c3%u66c9%ue981%ufa65%u3080%u4021%ufae2%u17c9%u2122".repeat(5)),
      true,
      false,
    ],
    ["English text", "The quick brown fox jumps over the lazy dog, twice over and over again.", false, false],
    [
      "Chinese text",
      "Adobe 交互表单更新 交互表单更新 交互表单更新 交互表单更新 交互表单更新 交互表单更新 交互表单更新",
      false,
      false,
    ],
    [
      "a PNG icon as latin1",
      "\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10\0\0\0\x10\x08\x06\0\0\0\x1f\xf3\xffa\0\0\0\x04gAMA\0\0\xaf\xc8\x377\x8a\xe9\0\0\0\x19tEXt",
      false,
      false,
    ],
  ])("%s", (_name, s, shellcode, sled) => {
    const v = classifyShellcode(s);
    expect(v.shellcode).toBe(shellcode);
    expect(v.nopSled).toBe(sled);
  });

  it("reads hex-encoded bytes: a hash is not shellcode, a sled and a prologue are", () => {
    const hash = decodeHexString("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")!;
    expect(classifyShellcode(hash, true).shellcode).toBe(false);
    const code = decodeHexString("9090909090909090e9fb0000005f64a1300000008b400c8b701cad8b682080e8790000008bd747803f")!;
    expect(classifyShellcode(code, true).shellcode).toBe(true);
    expect(decodeHexString("not hex")).toBeNull();
  });
});

describe("helpers", () => {
  it("counts and decodes %u escapes as unescape does", () => {
    expect(countPercentU("%u4141%u42%uzzzz%u0c0c")).toBe(2);
    expect(decodePercentEscapes("%u4142%43")).toBe("\u4142C");
  });

  it("finds sleds of two-byte and one-byte units", () => {
    expect(hasNopSled("\u0c0c".repeat(16))).toBe(true);
    expect(hasNopSled("\x90".repeat(32))).toBe(true);
    expect(hasNopSled("\u0c0c".repeat(15) + "A")).toBe(false);
  });

  it("shows the URL a downloader's UCS-2 shellcode carries", () => {
    const units = u("%u6f6e%u6800%u7474%u3a70%u2f2f%u7665%u6c69%u652e%u6178%u706d%u656c%u782f%u652e%u6578%u0000");
    expect(printableRuns(unitsToLatin1(units))).toContain("http://evil.example/x.exe");
  });
});
