// Display helpers for the web UI: sizes, offsets, export names. (Defanging is the analyzer's own
// lib/analyzer/iocs/defang.ts, so the UI and reports agree.)

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ["KiB", "MiB", "GiB"];
  let v = n / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(v >= 10 || Number.isInteger(v) ? 0 : 1)} ${units[i]}`;
}

export const formatOffset = (n: number): string => `0x${n.toString(16)} (${n})`;

/** A file name safe for the download attribute. */
export function exportFileName(fileName: string, sha256: string): string {
  const base =
    fileName
      .replace(/\.[^.]*$/, "")
      .replace(/[^\w.-]+/g, "_")
      .slice(0, 80) || sha256.slice(0, 12);
  return `${base}.pdfscan.json`;
}
