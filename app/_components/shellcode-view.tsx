// The machine code a script carries, as the advanced stage decoded it (report `javascript[].shellcode`,
// lib/analyzer/javascript/shellcode-entries.ts): its CPU and why, its size and sled, and its first
// instructions as a listing (offset, bytes, instruction). Text only; nothing runs.
import type { ShellcodeEntry } from "../../lib/analyzer/report";
import { formatBytes } from "../_lib/format";

const SOURCE_WORDS: Record<ShellcodeEntry["source"], string> = {
  static: "written as escapes in the script",
  layer: "written as escapes in a deobfuscated layer",
  emulation: "built by the script when it ran",
};

const ARCH_WORDS: Record<ShellcodeEntry["architecture"], string> = {
  x86: "x86 (32-bit)",
  x64: "x64 (64-bit)",
  unknown: "CPU unknown",
};

export function ShellcodeList({ entries }: { entries: ShellcodeEntry[] }) {
  return (
    <div className="mt-2 space-y-2" data-testid="shellcode">
      {entries.map((sc, i) => (
        <ShellcodeEntryView key={i} sc={sc} i={i} />
      ))}
    </div>
  );
}

function ShellcodeEntryView({ sc, i }: { sc: ShellcodeEntry; i: number }) {
  return (
    <>
      <details
        className="rounded-md border border-slate-200 bg-slate-50 p-2 text-xs"
        data-testid="shellcode-entry"
        data-architecture={sc.architecture}
      >
        <summary className="cursor-pointer">
          <span className="font-semibold">Shellcode: {ARCH_WORDS[sc.architecture]}</span> · {formatBytes(sc.size)}
          {sc.sled_bytes > 0 && ` after a ${formatBytes(sc.sled_bytes)} sled`} · {SOURCE_WORDS[sc.source]}
        </summary>
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {sc.architecture_evidence.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
        <pre
          className="mt-2 max-h-80 overflow-auto font-mono whitespace-pre text-slate-800 print:hidden"
          tabIndex={0}
          role="region"
          aria-label={`Disassembly of shellcode ${i + 1}`}
          data-testid="disassembly"
        >
          {listing(sc)}
        </pre>
        <p className="mt-1 text-slate-600">
          Decoded as {sc.bitness}-bit code by iced-x86, offsets counted from the end of the sled
          {sc.truncated
            ? "; the first instructions only (the hex dump of the script's escapes shows all the bytes)"
            : ""}
          .
        </p>
      </details>
      {/* a printed report has no closed details to open: the listing is printed beside them */}
      <pre className="hidden font-mono text-xs whitespace-pre print:block" data-testid="disassembly-print">
        {`Shellcode: ${ARCH_WORDS[sc.architecture]}, ${sc.size} bytes (${sc.architecture_evidence.join("; ")})\n${listing(sc)}`}
      </pre>
    </>
  );
}

/** "00000000  fc                   cld" per instruction, offsets from the end of the sled */
function listing(sc: ShellcodeEntry): string {
  const width = Math.min(24, Math.max(...sc.instructions.map((i) => i.hex.length), 2));
  return sc.instructions
    .map((i) => `${i.offset.toString(16).padStart(8, "0")}  ${i.hex.padEnd(width)}  ${i.text}`)
    .join("\n");
}
