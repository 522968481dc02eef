// Byte sequences that only machine code written to run from an unknown address has, and the CPU they
// belong to. Shellcode must find where it was loaded (GetPC) and the Windows API without an import
// table (through the Process Environment Block: fs:[0x30] on 32-bit Windows, gs:[0x60] on 64-bit),
// so nearly every exploit payload carries one of these in its first bytes. shellcode.ts reads them to
// tell shellcode from binary data; shellcode-disassembly.ts to name the architecture.

export type Architecture = "x86" | "x64";

export interface MachineCodeIdiom {
  arch: Architecture;
  /** over the bytes as latin1 text */
  pattern: RegExp;
  /** what it is, for the report */
  what: string;
}

export const MACHINE_CODE_IDIOMS: readonly MachineCodeIdiom[] = [
  { arch: "x86", pattern: /\x64\xa1\x30\x00\x00\x00/, what: "mov eax, fs:[0x30]: reads the PEB of 32-bit Windows" },
  { arch: "x86", pattern: /\x64[\x8b\x03\x33][\x40-\x7f]\x30/, what: "fs:[reg+0x30]: reads the PEB of 32-bit Windows" },
  { arch: "x86", pattern: /\x64\x8b[\x00-\x3f]\x30/, what: "mov r32, fs:[0x30]: reads the PEB of 32-bit Windows" },
  // GetPC idioms: valid in 64-bit mode too, but 64-bit code has RIP-relative addressing instead
  {
    arch: "x86",
    pattern: /\xd9\x74\x24\xf4/,
    what: "fnstenv [esp-0xc]: GetPC through the FPU state (Metasploit's shikata_ga_nai)",
  },
  { arch: "x86", pattern: /\xe8\x00\x00\x00\x00[\x58-\x5f]/, what: "call $+5; pop r32: GetPC" },
  { arch: "x86", pattern: /\xe8\xff\xff\xff\xff/, what: "call $+4: GetPC into its own last byte" },
  { arch: "x86", pattern: /\xeb[\x00-\x7f][\x58-\x5f]/, what: "jmp short; pop r32: jmp-call-pop GetPC" },
  {
    arch: "x64",
    pattern: /\x65[\x48\x4c]\x8b[\x04\x0c\x14\x1c\x24\x2c\x34\x3c]\x25\x60\x00\x00\x00/,
    what: "mov r64, gs:[0x60]: reads the PEB of 64-bit Windows",
  },
  {
    arch: "x64",
    pattern: /\x65[\x48\x4c]\x8b[\x40-\x7f]\x60/,
    what: "mov r64, gs:[reg+0x60]: reads the PEB of 64-bit Windows",
  },
];

/** The idioms the bytes (latin1 text) hold. */
export function idiomsIn(bytes: string): MachineCodeIdiom[] {
  return MACHINE_CODE_IDIOMS.filter((i) => i.pattern.test(bytes));
}
