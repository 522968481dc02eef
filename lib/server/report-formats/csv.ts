// The report's indicators as CSV (RFC 4180: CRLF line ends, fields with a comma, quote or line break
// quoted, quotes doubled), one row per indicator and source object, plus the file's SHA-256.
// Columns: type,value,defanged,source,objectRef. Values come from a hostile document, so a cell that
// a spreadsheet would run as a formula (= + - @ tab CR first) is prefixed with ' (OWASP CSV injection).
import type { ScanReport } from "../scans/report";

export const CSV_HEADER = ["type", "value", "defanged", "source", "objectRef"] as const;

/** One RFC 4180 field, formula-guarded. */
export function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function toIocCsv(report: ScanReport): string {
  const rows: string[][] = [[...CSV_HEADER]];
  rows.push(["sha256", report.file.sha256, report.file.sha256, "file", ""]);
  for (const item of report.iocs.items) {
    const sources = item.sources.length > 0 ? item.sources : [{ source: "", objectRef: undefined }];
    for (const s of sources) rows.push([item.type, item.value, item.defanged, s.source, s.objectRef ?? ""]);
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
