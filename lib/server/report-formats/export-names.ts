// The report formats, declared once: each one's file extension and how a person is offered it, apart
// from the renderers, so the CLI (`report --format`, the terminal UI's export) and the web UI's export
// links name and list the formats the server answers without loading STIX or HTML code. index.ts
// declares each format's media type and renderer against this table.
export const REPORT_EXPORTS = {
  json: { extension: "json", label: "JSON", hint: "full report" },
  md: { extension: "md", label: "Markdown", hint: "summary" },
  stix: { extension: "stix.json", label: "STIX 2.1", hint: "bundle" },
  misp: { extension: "misp.json", label: "MISP", hint: "event" },
  csv: { extension: "csv", label: "CSV", hint: "IOCs" },
  html: { extension: "html", label: "HTML", hint: "printable" },
  sarif: { extension: "sarif", label: "SARIF", hint: "code scanning" },
} as const satisfies Record<string, { extension: string; label: string; hint: string }>;

export type ReportFormat = keyof typeof REPORT_EXPORTS;

/** in the order the CLI and the web UI offer them */
export const REPORT_FORMAT_CHOICES = Object.keys(REPORT_EXPORTS) as ReportFormat[];

/** "pdfscan-<scan id>.stix.json": the name of a downloaded export (Content-Disposition, the CLI's files) */
export const exportFileName = (scanId: string, format: ReportFormat): string =>
  `pdfscan-${scanId}.${REPORT_EXPORTS[format].extension}`;
