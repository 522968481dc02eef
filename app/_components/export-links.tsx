// The scan page's export links: each one downloads the report in its format as
// pdfscan-<scanId>.<ext> (?download=1 makes the server answer with Content-Disposition: attachment).
import { EXPORT_FORMATS, downloadUrl } from "../_lib/scans";

export function ExportLinks({ reportUrl, ready }: { reportUrl: (format: string) => string; ready: boolean }) {
  return (
    <section
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-label="Export"
      data-testid="exports"
      data-print="hide"
    >
      <h2 className="text-sm font-semibold">Export report</h2>
      {!ready && <p className="mt-1 text-xs text-slate-600">Available once the fast stage is done.</p>}
      <ul className="mt-2 grid grid-cols-2 gap-2">
        {EXPORT_FORMATS.map((f) => (
          <li key={f.format}>
            {ready ? (
              <a
                href={downloadUrl(reportUrl(f.format))}
                download
                data-testid={`export-${f.format}`}
                className="block rounded-md border border-slate-300 px-2 py-1 text-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-600"
              >
                <span className="font-medium text-sky-800">{f.label}</span>{" "}
                <span className="text-xs text-slate-600">{f.hint}</span>
              </a>
            ) : (
              <span className="block rounded-md border border-slate-200 px-2 py-1 text-sm text-slate-600" aria-disabled>
                {f.label}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
