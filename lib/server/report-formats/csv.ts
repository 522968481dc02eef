// The report's indicators as CSV (RFC 4180: CRLF line ends, fields with a comma, quote or line break
// quoted, quotes doubled): one row per indicator with every place it was seen in `sources`
// ("source objectRef; ..."), and rows for the file's hashes, the CVEs, the ATT&CK techniques and the
// embedded files (with their nested verdict), so a SIEM import holds the whole finding. victimData
// "true" marks the target's own address or domain (lib/analyzer/iocs/victim-data.ts): not to block.
// Values come from a hostile document, so a cell that a spreadsheet would run as a formula
// (= + - @ tab CR first) is prefixed with ' (OWASP CSV injection).
import type { ScanReport } from "../scans/report";
import { exportFactsOf, HASH_TYPES } from "./export-facts";

export const CSV_HEADER = ["type", "value", "defanged", "victimData", "sources"] as const;

/** One RFC 4180 field, formula-guarded. */
export function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function toIocCsv(report: ScanReport): string {
  const facts = exportFactsOf(report);
  const rows: string[][] = [[...CSV_HEADER]];
  const row = (type: string, value: string, sources: string, defanged = value, victim = false) =>
    rows.push([type, value, defanged, String(victim), sources]);
  for (const [name, value] of Object.entries(facts.hashes))
    row(HASH_TYPES[name as keyof typeof HASH_TYPES], value, "file");
  for (const item of report.iocs.items) {
    const sources = item.sources.map((s) => (s.objectRef ? `${s.source} ${s.objectRef}` : s.source)).join("; ");
    row(item.type, item.value, sources, item.defanged, item.victimData === true);
  }
  for (const cve of facts.cves)
    row(
      "cve",
      cve,
      `finding ${
        report.findings
          .filter((f) => f.cve.includes(cve))
          .map((f) => f.ruleId)
          .join(" ") || "script"
      }`,
    );
  for (const t of facts.techniques)
    row(
      "attack-technique",
      t,
      `finding ${report.findings
        .filter((f) => f.attack.includes(t))
        .map((f) => f.ruleId)
        .join(" ")}`,
    );
  for (const f of facts.embedded) {
    const where = `embedded ${f.name}${f.objectRef ? ` ${f.objectRef}` : ""}; type ${f.type}${f.nested ? `; nested ${f.nested.verdict} ${f.nested.score}` : ""}`;
    row("embedded-sha256", f.sha256, where);
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\r\n") + "\r\n";
}
