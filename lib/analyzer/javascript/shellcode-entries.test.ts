import { describe, expect, it } from "vitest";
import { defaultBudget, resolveLimits, type Budget } from "../../limits";
import { machineCodeOf } from "./shellcode";
import { shellcodeEntries } from "./shellcode-entries";

/** bytes as the %u escapes of unescape() (little-endian units) */
const percentU = (hex: string) => (hex.match(/..../g) ?? []).map((u) => `%u${u.slice(2, 4)}${u.slice(0, 2)}`).join("");
/** bytes as the UCS-2 string unescape() builds (what the emulation reports) */
const units = (hex: string) =>
  (hex.match(/..../g) ?? []).map((u) => String.fromCharCode(parseInt(u.slice(2, 4) + u.slice(0, 2), 16))).join("");

// Metasploit shikata_ga_nai's decoder head: fldz; fnstenv [esp-0xc]; pop ebx; ... (x86 GetPC), padded to 32 bytes
const SHIKATA = "dbdad97424f45b31c9b1503143130343138380ec".padEnd(64, "90");
// a 64-bit PEB walk: mov rax, gs:[0x60]; mov rax, [rax+0x18]; ...
const X64_PEB = "65488b042560000000488b4018488b4020".padEnd(64, "48");

describe("shellcodeEntries (the report's shellcode, decoded)", () => {
  it("names x86 by its GetPC idiom and lists its instructions, past a sled", () => {
    const [sc, ...rest] = shellcodeEntries(
      `var s = unescape("${percentU("90".repeat(64) + SHIKATA)}");`,
      [],
      [],
      defaultBudget(),
    );
    expect(rest).toEqual([]);
    expect(sc).toMatchObject({ source: "static", size: 96, sled_bytes: 64, architecture: "x86", bitness: 32 });
    expect(sc.architecture_evidence[0]).toMatch(/fnstenv/);
    expect(sc.instructions.slice(0, 3)).toEqual([
      { offset: 0, hex: "dbda", text: "fcmovnu st2" },
      { offset: 2, hex: "d97424f4", text: "fnstenv [esp-0Ch]" },
      { offset: 6, hex: "5b", text: "pop ebx" },
    ]);
  });

  it("names x64 by its gs:[0x60] PEB access and decodes it as 64-bit code", () => {
    const [sc] = shellcodeEntries("", [], [units(X64_PEB)], defaultBudget());
    expect(sc).toMatchObject({ source: "emulation", architecture: "x64", bitness: 64 });
    expect(sc.instructions.slice(0, 2).map((i) => i.text)).toEqual(["mov rax, [gs:60h]", "mov rax, [rax+18h]"]);
  });

  it("says why when no idiom names the CPU, and tells 32-bit code by the opcodes 64-bit mode lacks", () => {
    // pusha; push es; popa; pop es... : no idiom, valid only in 32-bit mode
    const [sc] = shellcodeEntries("", [], [units("60066107".repeat(32))], defaultBudget());
    expect(sc.architecture).toBe("x86");
    expect(sc.architecture_evidence).toEqual([expect.stringMatching(/decodes as 32-bit code only/)]);
  });

  it("describes one payload once, whether written as escapes or built at run time, and skips text and bare sleds", () => {
    const escaped = `var s = unescape("${percentU(SHIKATA)}");`;
    const entries = shellcodeEntries(
      escaped,
      [escaped],
      [units(SHIKATA), "just a long string of words, not code at all, really"],
      defaultBudget(),
    );
    expect(entries.map((e) => e.source)).toEqual(["static"]);
    expect(shellcodeEntries(`unescape("${"%u0c0c".repeat(64)}")`, [], [], defaultBudget())).toEqual([]);
  });

  it("does not read a run-time string whose surrogate units the sandbox's UTF-8 turned into U+FFFD", () => {
    expect(shellcodeEntries("", [], [units(SHIKATA).replace(/[\ud800-\udfff]/g, "\ufffd")], defaultBudget())).toEqual(
      [],
    );
    expect(units(SHIKATA)).toMatch(/[\ud800-\udfff]/); // DB DA: fcmovnu, a lone surrogate as a unit
  });

  it("keeps to the limits table: entries per script, bytes decoded, instructions listed", () => {
    const limits = resolveLimits({ SHELLCODE_PER_SCRIPT: 1, SHELLCODE_INSTRUCTIONS: 2, SHELLCODE_DECODED_BYTES: 8 });
    const entries = shellcodeEntries("", [], [units(SHIKATA), units(X64_PEB)], { limits, budgetHits: new Set() });
    expect(entries).toHaveLength(1);
    expect(entries[0].instructions).toHaveLength(2);
    expect(entries[0].truncated).toBe(true);
    expect(machineCodeOf(units(SHIKATA), 8, defaultBudget()).head).toHaveLength(8);
  });

  it("searches SHELLCODE_SLED_SCAN_BYTES for the sled's end and reports a sled that runs on past them", () => {
    const sledded = units("90".repeat(64) + SHIKATA);
    const lowered: Budget = { limits: resolveLimits({ SHELLCODE_SLED_SCAN_BYTES: 32 }), budgetHits: new Set() };
    expect(machineCodeOf(sledded, 8, lowered).sledBytes).toBe(32);
    expect([...lowered.budgetHits]).toEqual(["SHELLCODE_SLED_SCAN_BYTES"]);
    const exact: Budget = { limits: resolveLimits({ SHELLCODE_SLED_SCAN_BYTES: 64 }), budgetHits: new Set() };
    expect(machineCodeOf(sledded, 8, exact).sledBytes).toBe(64);
    expect(exact.budgetHits.size).toBe(0);
  });
});
