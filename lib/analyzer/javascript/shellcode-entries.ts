// The report's description of the machine code a script carries (issue 22 item 5): each distinct
// shellcode string (the %u / \x escapes written in the script and in its deobfuscated layers, then
// the strings the emulation saw built at run time), past its sled, with
// its architecture and first instructions. Descriptive only: no verdict reads it.
import type { Budget } from "../../limits";
import type { ShellcodeEntry } from "../report";
import { escapedByteRuns } from "./escaped-bytes";
import { idiomsIn } from "./machine-code-idioms";
import { classifyShellcode, machineCodeOf } from "./shellcode";
import { describeShellcode } from "./shellcode-disassembly";

interface Candidate {
  source: ShellcodeEntry["source"];
  /** the string as it sits in memory: UCS-2 units (`wide`) or one char per byte */
  text: string;
  bytes: boolean;
}

/** Bytes a distinct shellcode is known by: its first decoded bytes (one payload found as escapes and as a run-time string); an identity, not a budget. */
const IDENTITY_BYTES = 64;

export function shellcodeEntries(
  source: string,
  layers: readonly string[],
  runtimeStrings: readonly string[],
  budget: Budget,
): ShellcodeEntry[] {
  const { limits } = budget;
  const out: ShellcodeEntry[] = [];
  const seen = new Set<string>();
  for (const c of candidates(source, layers, runtimeStrings, budget)) {
    if (out.length >= limits.SHELLCODE_PER_SCRIPT) break;
    const code = machineCodeOf(c.text, limits.SHELLCODE_DECODED_BYTES, budget);
    // binary units, a sled, or (in a run too short for those tests) a GetPC / PEB idiom
    if (
      !classifyShellcode(c.text, c.bytes).shellcode &&
      idiomsIn(Buffer.from(code.head).toString("latin1")).length === 0
    )
      continue;
    const identity = Buffer.from(code.head.subarray(0, IDENTITY_BYTES)).toString("hex");
    // a string of sled bytes only (a sprayed block) has no code to read
    if (code.head.length === 0 || seen.has(identity)) continue;
    seen.add(identity);
    const d = describeShellcode(code.head, limits.SHELLCODE_INSTRUCTIONS);
    out.push({
      source: c.source,
      size: code.size,
      sled_bytes: code.sledBytes,
      architecture: d.architecture,
      architecture_evidence: d.evidence,
      bitness: d.bitness,
      instructions: d.instructions,
      truncated: d.truncated,
    });
  }
  return out;
}

function* candidates(
  source: string,
  layers: readonly string[],
  runtimeStrings: readonly string[],
  budget: Budget,
): Generator<Candidate> {
  for (const [kind, text] of [["static", source] as const, ...layers.map((l) => ["layer", l] as const)]) {
    for (const run of escapedByteRuns(text, budget)) {
      // %u units back to the UCS-2 string unescape() makes; \x bytes one char each
      // utf16le reads little-endian pairs as code units, lone surrogates kept
      const units = Buffer.from(run.bytes).toString(run.kind === "%u" ? "utf16le" : "latin1");
      yield { source: kind, text: units, bytes: run.kind !== "%u" };
    }
  }
  // Strings the run built come last, and only whole: they leave the sandbox as UTF-8, where a lone
  // surrogate unit (%uD800-%uDFFF, common in x86 code: fcmovnu is DB DA) becomes U+FFFD, so such a
  // string no longer holds the bytes the script made.
  for (const s of runtimeStrings) if (!s.includes("\uFFFD")) yield { source: "emulation", text: s, bytes: false };
}
