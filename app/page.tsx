// GET / - upload page: drop or pick a PDF, see the fast analysis (verdict, findings, IOCs) and export it;
// or submit it as a background scan (retention, enrichment) and follow it on /scans/:scanId.
import { getConfig } from "../lib/server/config";
import { requireSignIn } from "./_lib/page-auth";
import { FastAnalyzer } from "./_components/fast-analyzer";
import { ScanSubmit } from "./_components/scan-submit";

export default async function UploadPage() {
  await requireSignIn("/"); // rendered per request: signed-in callers only, and the upload limit is runtime configuration
  const { maxUploadBytes } = getConfig();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Analyse a PDF</h1>
        <p className="text-sm text-slate-600">
          Static analysis: suspicious keywords, scripts and actions, indicators of compromise, structural anomalies and a
          verdict with score. Submit a scan for the full two-stage analysis and exports, or run a quick analysis below.
        </p>
      </div>
      <ScanSubmit maxUploadBytes={maxUploadBytes} />
      <div className="space-y-2">
        <h2 className="text-base font-semibold">
          Quick analysis <span className="text-sm font-normal text-slate-500">· fast stage only, in this page, nothing stored</span>
        </h2>
        <FastAnalyzer maxUploadBytes={maxUploadBytes} />
      </div>
    </div>
  );
}
