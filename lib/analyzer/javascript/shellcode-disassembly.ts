// Shellcode for an analyst (issue 22 item 5): the CPU it was written for, and its first instructions,
// decoded by iced-x86 (a maintained x86/x64 decoder in WebAssembly; it only decodes bytes, nothing
// runs). The architecture comes from the idioms its bytes carry (machine-code-idioms.ts), else from
// which mode decodes the bytes without invalid instructions; PDF exploits of the Reader era carry
// 32-bit x86 code, which is what is shown when nothing tells.
import { createRequire } from "node:module";
import { idiomsIn, type Architecture } from "./machine-code-idioms";

type Iced = typeof import("iced-x86");

/** Loaded on first use: its WebAssembly module (2 MB) is compiled only when a document carries shellcode. */
let iced: Iced | undefined;
function loadIced(): Iced {
  iced ??= createRequire(import.meta.url)("iced-x86") as Iced;
  return iced;
}

export interface Instruction {
  /** offset from the start of the decoded bytes */
  offset: number;
  /** the instruction's bytes in hex */
  hex: string;
  /** NASM syntax; "(bad)" for bytes that decode to no instruction, "(cut)" for one the bytes end inside */
  text: string;
}

export interface ShellcodeDescription {
  architecture: Architecture | "unknown";
  /** why: the idioms found, or how the bytes decoded */
  evidence: string[];
  /** the bitness the instructions were decoded in */
  bitness: 32 | 64;
  instructions: Instruction[];
  /** more bytes followed the last instruction shown */
  truncated: boolean;
}

export function describeShellcode(bytes: Uint8Array, maxInstructions: number): ShellcodeDescription {
  const idioms = idiomsIn(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"));
  const arches = new Set(idioms.map((i) => i.arch));
  let architecture: ShellcodeDescription["architecture"] = arches.size === 1 ? [...arches][0] : "unknown";
  const evidence = idioms.map((i) => i.what);
  const as32 = disassemble(bytes, 32, maxInstructions);
  if (arches.size !== 1) {
    const as64 = disassemble(bytes, 64, maxInstructions);
    const bad32 = invalidCount(as32.instructions);
    const bad64 = invalidCount(as64.instructions);
    // 64-bit mode drops opcodes 32-bit code uses (inc/dec r32 become REX prefixes; pusha, push es...) and the reverse
    if (bad64 > 0 && bad32 === 0) {
      architecture = "x86";
      evidence.push(`decodes as 32-bit code only (${bad64} invalid instructions in 64-bit mode)`);
    } else if (bad32 > 0 && bad64 === 0) {
      architecture = "x64";
      evidence.push(`decodes as 64-bit code only (${bad32} invalid instructions in 32-bit mode)`);
    } else evidence.push("no idiom names the CPU; shown as 32-bit x86, the code of PDF reader exploits");
    if (architecture === "x64") return { architecture, evidence, bitness: 64, ...as64 };
  }
  if (architecture === "x64")
    return { architecture, evidence, bitness: 64, ...disassemble(bytes, 64, maxInstructions) };
  return { architecture, evidence, bitness: 32, ...as32 };
}

const invalidCount = (instructions: Instruction[]) => instructions.filter((i) => i.text === "(bad)").length;

function disassemble(
  bytes: Uint8Array,
  bitness: 32 | 64,
  maxInstructions: number,
): { instructions: Instruction[]; truncated: boolean } {
  const { Code, Decoder, DecoderError, DecoderOptions, Formatter, FormatterSyntax } = loadIced();
  const decoder = new Decoder(bitness, bytes, DecoderOptions.None);
  const formatter = new Formatter(FormatterSyntax.Nasm);
  formatter.spaceAfterOperandSeparator = true;
  const instructions: Instruction[] = [];
  let offset = 0;
  try {
    while (decoder.canDecode && instructions.length < maxInstructions) {
      const instr = decoder.decode();
      const length = instr.length;
      const text =
        instr.code !== Code.INVALID
          ? formatter.format(instr)
          : decoder.lastError === DecoderError.NoMoreBytes
            ? "(cut)"
            : "(bad)";
      instr.free();
      instructions.push({ offset, hex: Buffer.from(bytes.subarray(offset, offset + length)).toString("hex"), text });
      offset += length;
    }
  } finally {
    formatter.free();
    decoder.free();
  }
  return { instructions, truncated: offset < bytes.length };
}
