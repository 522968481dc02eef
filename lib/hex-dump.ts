// Bytes as a hex dump, the way xxd and pdf-parser print them: the offset in hex, 16 bytes a line, and
// the printable ASCII beside (anything else as a dot, so no control character reaches a terminal or page).
export function hexDump(bytes: Uint8Array, width = 16): string {
  const lines: string[] = [];
  for (let i = 0; i < bytes.length; i += width) {
    const row = bytes.subarray(i, i + width);
    const hex = Array.from(row, (b) => b.toString(16).padStart(2, "0")).join(" ");
    const ascii = Array.from(row, (b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : ".")).join("");
    lines.push(`${i.toString(16).padStart(8, "0")}  ${hex.padEnd(width * 3 - 1)}  ${ascii}`);
  }
  return lines.join("\n");
}
