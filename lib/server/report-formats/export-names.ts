// The report formats' names and file extensions, apart from their renderers: the CLI (`report
// --format`, the terminal UI's export) names files like the server does without loading STIX or HTML
// code. index.ts declares each format's media type and renderer against this table.
export const REPORT_EXTENSIONS = { json: "json", md: "md", stix: "stix.json", misp: "misp.json", csv: "csv", html: "html", sarif: "sarif" } as const;

export type ReportFormat = keyof typeof REPORT_EXTENSIONS;

/** in the order the CLI offers them */
export const REPORT_FORMAT_CHOICES = Object.keys(REPORT_EXTENSIONS) as ReportFormat[];

/** "pdfscan-<scan id>.stix.json": the name of a downloaded export (Content-Disposition, the CLI's files) */
export const exportFileName = (scanId: string, format: ReportFormat): string => `pdfscan-${scanId}.${REPORT_EXTENSIONS[format]}`;
