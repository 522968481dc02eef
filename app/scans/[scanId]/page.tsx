// GET /scans/:scanId - the scan's shareable page (the resultUrl): status of the stages, verdict and
// links to the report in every format. Server-rendered; refreshes itself until the scan has ended.
// Minimal on purpose: the rich report view is a later issue.
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { resolvePrincipal } from "../../../lib/server/auth/resolve-principal";
import { ApiError } from "../../../lib/server/http/errors";
import { REPORT_FORMAT_NAMES } from "../../../lib/server/report-formats";
import { getScanService } from "../../../lib/server/scans/runtime";
import { toScanResource } from "../../../lib/server/scans/scan-resource";
import { isReportReady, isTerminal } from "../../../lib/server/scans/state-machine";

export const dynamic = "force-dynamic";
/** Seconds between reloads while a stage is still running. */
const REFRESH_S = 2;

export default async function ScanPage({ params }: { params: Promise<{ scanId: string }> }) {
  const { scanId } = await params;
  const principal = await resolvePrincipal({ headers: await headers() });
  const service = await getScanService();
  const row = await service.getScan(principal, scanId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "scan_not_found") notFound();
    throw error;
  });
  const scan = toScanResource(row);
  const rows: [string, string][] = [
    ["Status", scan.status],
    ["Verdict", scan.verdict ? `${scan.verdict} (score ${scan.score}/100, confidence ${scan.confidence})` : "pending"],
    ["Advanced stage", scan.advancedStatus + (scan.advancedFailureReason ? `: ${scan.advancedFailureReason}` : "")],
    ["Enrichment", scan.enrichmentStatus + (scan.enrichmentFailureReason ? `: ${scan.enrichmentFailureReason}` : "")],
    ["File", `${scan.file.name} (${scan.file.size} bytes)`],
    ["SHA-256", scan.file.sha256],
    ["Retention", `${scan.retentionMode}; file ${scan.fileRetained ? "retained" : "deleted"}${scan.expiresAt ? `; expires ${scan.expiresAt}` : ""}`],
    ["Created", scan.createdAt],
  ];
  if (scan.failureReason) rows.push(["Failure", scan.failureReason]);
  return (
    <div className="space-y-4" data-testid="scan" data-status={scan.status}>
      {!isTerminal(scan.status) && <meta httpEquiv="refresh" content={String(REFRESH_S)} />}
      <h1 className="text-2xl font-semibold tracking-tight">Scan {scan.scanId}</h1>
      <table className="text-sm">
        <tbody>
          {rows.map(([k, v]) => (
            <tr key={k} className="border-b border-slate-200">
              <th className="py-1 pr-4 text-left font-medium text-slate-500">{k}</th>
              <td className="py-1 font-mono break-all">{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {isReportReady(scan.status) && (
        <p className="space-x-3 text-sm">
          <span className="text-slate-500">Report:</span>
          {REPORT_FORMAT_NAMES.map((f) => (
            <a key={f} className="text-blue-700 underline" href={`${scan.reportUrl}?format=${f}`}>
              {f}
            </a>
          ))}
        </p>
      )}
    </div>
  );
}
