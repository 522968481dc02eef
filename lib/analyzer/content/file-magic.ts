// Minimal, synchronous type sniffing of embedded payloads for the fast verdict: only the types whose
// presence changes the risk (executables, scripts, Office containers, archives, PDFs, Flash). The deep
// stage uses the file-type library for full detection.

import { latin1 } from "../../pdf/objects";
import { hasPdfHeader } from "../../pdf/sniff";

export type PayloadKind =
  | "pe-executable"
  | "elf-executable"
  | "macho-executable"
  | "script"
  | "ole-office"
  | "zip"
  | "rar"
  | "7z"
  | "pdf"
  | "flash"
  | "rtf"
  | "html"
  | "unknown";

const MACRO_OFFICE_EXTENSIONS = /\.(docm|xlsm|pptm|dotm|xltm|xlam|ppam|doc|xls|ppt)$/i;

/** Leading bytes of each binary kind, tried in order (the sniff runs on a head of every stream; facts/hidden-payloads.ts searches for them). */
export const MAGIC: readonly [PayloadKind, readonly number[]][] = [
  ["pe-executable", [0x4d, 0x5a]],
  ["elf-executable", [0x7f, 0x45, 0x4c, 0x46]],
  ["macho-executable", [0xcf, 0xfa, 0xed, 0xfe]],
  ["macho-executable", [0xce, 0xfa, 0xed, 0xfe]],
  ["macho-executable", [0xca, 0xfe, 0xba, 0xbe]],
  ["ole-office", [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
  ["zip", [0x50, 0x4b, 0x03, 0x04]],
  ["rar", [0x52, 0x61, 0x72, 0x21]],
  ["7z", [0x37, 0x7a, 0xbc, 0xaf]],
];

function startsWith(b: Uint8Array, sig: readonly number[]): boolean {
  for (let k = 0; k < sig.length; k++) if (b[k] !== sig[k]) return false;
  return true;
}

export function sniffPayload(data: Uint8Array): PayloadKind {
  const b = data;
  for (const [kind, sig] of MAGIC) if (startsWith(b, sig)) return kind;
  // FWS / CWS / ZWS and a plausible version
  if ((b[0] === 0x46 || b[0] === 0x43 || b[0] === 0x5a) && b[1] === 0x57 && b[2] === 0x53 && b[3] > 0 && b[3] < 0x30)
    return "flash";
  if (hasPdfHeader(b)) return "pdf";
  const head = latin1(b, 0, Math.min(b.length, 1024));
  if (head.startsWith("{\\rt")) return "rtf";
  if (/^#!\s*\//.test(head)) return "script";
  if (/^\s*<(!doctype html|html|script)/i.test(head)) return "html";
  return "unknown";
}

export function isMacroOfficeName(name: string): boolean {
  return MACRO_OFFICE_EXTENSIONS.test(name.trim());
}

/** OOXML (zip) with a VBA project, or OLE with a VBA storage name: Office macros. */
export function hasOfficeMacros(data: Uint8Array, kind: PayloadKind): boolean {
  if (kind !== "zip" && kind !== "ole-office") return false;
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (kind === "zip") return buf.indexOf("vbaProject.bin") >= 0;
  // OLE directory names are UTF-16LE: "VBA" / "_VBA_PROJECT"
  return buf.indexOf(Buffer.from("_VBA_PROJECT", "utf16le")) >= 0 || buf.indexOf(Buffer.from("Macros", "utf16le")) >= 0;
}
