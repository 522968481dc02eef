// Terminal rendering of scans: the block of `pdfscan status`, the rows of `pdfscan scans`, the one
// line `submit` ends with. File names come from uploaders: control characters are escaped.
import type { Colors } from "../colors";
import { printable, verdictStyle } from "../format-result";
import type { Verdict } from "../../analyzer/report";
import type { ScanResource } from "./scan-client";

const LABEL_WIDTH = 12;

export function verdictText(scan: ScanResource, c: Colors): string {
  if (!scan.verdict) return c.gray("-");
  return verdictStyle(scan.verdict as Verdict, c)(scan.verdict.toUpperCase());
}

/** "fast done, advanced running, enrichment disabled": where the scan's stages are. */
export function stageSummary(scan: ScanResource): string {
  return [
    `status ${scan.status}`,
    `advanced ${scan.advancedStatus ?? "-"}`,
    `enrichment ${scan.enrichmentStatus ?? "-"}`,
  ].join(", ");
}

export function formatScanBlock(scan: ScanResource, resultUrl: string, c: Colors): string {
  const rows: [string, string][] = [
    ["scan", scan.scanId],
    ["file", scan.file ? `${printable(scan.file.name)} (${scan.file.size} bytes)` : "-"],
    ["sha256", scan.file?.sha256 ?? "-"],
    ["status", scan.status],
    ["verdict", verdictText(scan, c)],
    ["score", scan.score === null ? "-" : String(scan.score)],
    ["confidence", scan.confidence ?? "-"],
    ["advanced", scan.advancedStatus ?? "-"],
    ["enrichment", scan.enrichmentStatus ?? "-"],
    ["retention", `${scan.retentionMode ?? "-"}${scan.expiresAt ? ` (until ${scan.expiresAt})` : ""}`],
    ["created", scan.createdAt ?? "-"],
    ["completed", scan.completedAt ?? "-"],
    ["page", resultUrl],
  ];
  for (const [label, reason] of [
    ["failure", scan.failureReason],
    ["adv. failure", scan.advancedFailureReason],
  ] as const) {
    if (reason) rows.push([label, printable(reason)]);
  }
  return rows.map(([label, value]) => `${c.dim(label.padEnd(LABEL_WIDTH))}${value}`).join("\n");
}

export function scanRow(scan: ScanResource): string[] {
  return [
    scan.scanId,
    scan.status,
    scan.verdict ?? "-",
    scan.score === null ? "-" : String(scan.score),
    (scan.createdAt ?? "-").replace(/\.\d+Z$/, "Z"),
    printable(scan.file?.name ?? "-"),
  ];
}

export const SCAN_ROW_HEADER = ["id", "status", "verdict", "score", "created", "file"];

/** submit's last line per file: "<id>  MALICIOUS  score 92  invoice.pdf" */
export function verdictLine(scan: ScanResource, fileName: string, c: Colors): string {
  const score = scan.score === null ? "" : `  score ${scan.score}`;
  return `${scan.scanId}  ${verdictText(scan, c)}${score}  ${c.dim(scan.status)}  ${printable(fileName)}`;
}
