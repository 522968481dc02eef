// Report formats, declared once: name -> media type, file extension, renderer. The report route picks
// one by `?format=` (wins) or by the Accept header (RFC 9110 section 12.5.1, q-values honoured);
// json is the default. An unknown ?format= is a 400 listing the supported ones.
import { ApiError } from "../errors";
import { REPORT_EXPORTS, exportFileName, type ReportFormat } from "./export-names";
import type { ScanReport } from "../scans/report";
import { toIocCsv } from "./csv";
import { HTML_REPORT_CSP, toHtml, type HtmlExtras } from "./html";
import { toMarkdown } from "./markdown";
import { toMispEvent } from "./misp";
import { STIX_MEDIA_TYPE, toStixBundle } from "./stix";
import { toSarif } from "./sarif";

interface FormatSpec {
  /** Content-Type of the response */
  contentType: string;
  /** media types in Accept that select this format (lowercase, without parameters) */
  accepts: readonly string[];
  extension: string;
  render(report: ScanReport, extras: HtmlExtras): string;
  headers?: Record<string, string>;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export const REPORT_FORMATS = {
  json: {
    contentType: "application/json",
    accepts: ["application/json"],
    extension: REPORT_EXPORTS.json.extension,
    render: json,
  },
  stix: {
    contentType: STIX_MEDIA_TYPE,
    accepts: ["application/stix+json"],
    extension: REPORT_EXPORTS.stix.extension,
    render: (r) => json(toStixBundle(r)),
  },
  misp: {
    contentType: "application/json",
    accepts: ["application/vnd.misp+json"],
    extension: REPORT_EXPORTS.misp.extension,
    render: (r) => json(toMispEvent(r)),
  },
  csv: {
    contentType: "text/csv; charset=utf-8; header=present",
    accepts: ["text/csv"],
    extension: REPORT_EXPORTS.csv.extension,
    render: toIocCsv,
  },
  md: {
    contentType: "text/markdown; charset=utf-8",
    accepts: ["text/markdown"],
    extension: REPORT_EXPORTS.md.extension,
    render: toMarkdown,
  },
  html: {
    contentType: "text/html; charset=utf-8",
    accepts: ["text/html"],
    extension: REPORT_EXPORTS.html.extension,
    render: toHtml,
    headers: { "content-security-policy": HTML_REPORT_CSP },
  },
  sarif: {
    contentType: "application/sarif+json",
    accepts: ["application/sarif+json"],
    extension: REPORT_EXPORTS.sarif.extension,
    render: (r) => json(toSarif(r)),
  },
} as const satisfies Record<ReportFormat, FormatSpec>;

export type { ReportFormat };
export const REPORT_FORMAT_NAMES = Object.keys(REPORT_FORMATS) as ReportFormat[];
/** `?format=markdown` is accepted as md. */
const ALIASES: Record<string, ReportFormat> = { markdown: "md" };

export function negotiateFormat(url: URL, accept: string | null): ReportFormat {
  const requested = url.searchParams.get("format");
  if (requested !== null) {
    const name = requested.toLowerCase();
    // own properties only: `in` would also find "constructor", "__proto__", "toString"...
    if (Object.hasOwn(REPORT_FORMATS, name)) return name as ReportFormat;
    if (Object.hasOwn(ALIASES, name)) return ALIASES[name];
    throw new ApiError("invalid_request", `Unknown report format ${JSON.stringify(requested.slice(0, 64))}.`, {
      errors: [{ field: "format", message: `must be one of ${REPORT_FORMAT_NAMES.join(", ")}` }],
    });
  }
  return fromAccept(accept) ?? "json";
}

function fromAccept(accept: string | null): ReportFormat | null {
  if (!accept) return null;
  const ranges = accept
    .split(",")
    .map((part, index) => {
      const [type, ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { type: type.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.type && Number.isFinite(r.q) && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const range of ranges) {
    if (range.type === "*/*" || range.type === "application/*") return "json";
    const match = REPORT_FORMAT_NAMES.find((name) =>
      (REPORT_FORMATS[name].accepts as readonly string[]).includes(range.type),
    );
    if (match) return match;
  }
  return null;
}

/** `?download=1` asks for a file to save (browsers' export links); API clients get inline answers by default. */
export const wantsDownload = (url: URL): boolean => url.searchParams.get("download") === "1";

export { exportFileName };

/**
 * The report in `format`. `pageImage` reads a stored page picture: only the HTML export asks, for the
 * pages the report lists (at most MAX_EXPORTED_PAGES); a picture that cannot be read is left out.
 */
export async function reportResponse(
  report: ScanReport,
  format: ReportFormat,
  { download = false, pageImage }: { download?: boolean; pageImage?: (page: number) => Promise<Uint8Array> } = {},
): Promise<Response> {
  const spec: FormatSpec = REPORT_FORMATS[format];
  const headers: Record<string, string> = {
    "content-type": spec.contentType,
    "cache-control": "no-store",
    vary: "Accept",
    ...spec.headers,
  };
  const fileName = exportFileName(report.scanId, format);
  if (download) headers["content-disposition"] = `attachment; filename="${fileName}"`;
  else if (format !== "json") headers["content-disposition"] = `inline; filename="${fileName}"`;
  const extras: HtmlExtras =
    format === "html" && pageImage ? { pageImages: await pagePicturesOf(report, pageImage) } : {};
  return new Response(spec.render(report, extras), { status: 200, headers });
}

/** Page pictures an HTML export holds at most (the scan page's thumbnails are as many). */
export const MAX_EXPORTED_PAGES = 20;

async function pagePicturesOf(
  report: ScanReport,
  pageImage: (page: number) => Promise<Uint8Array>,
): Promise<{ page: number; png: Uint8Array }[]> {
  const out: { page: number; png: Uint8Array }[] = [];
  for (const { page } of report.pageImages.pages.slice(0, MAX_EXPORTED_PAGES)) {
    const png = await pageImage(page).catch(() => null);
    if (png) out.push({ page, png });
  }
  return out;
}
