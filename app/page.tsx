// GET / - upload page: drop PDFs anywhere or pick them, then see a quick analysis inline (verdict,
// findings, IOCs) or follow background scans (retention, enrichment) on /scans/:scanId.
import { getConfig } from "../lib/server/config";
import { requireSignIn } from "./_lib/page-auth";
import { UploadSurface } from "./_components/upload-surface";

export default async function UploadPage() {
  await requireSignIn("/"); // rendered per request: signed-in callers only, and the upload limit is runtime configuration
  const { maxUploadBytes } = getConfig();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Analyse a PDF</h1>
        <p className="text-sm text-slate-600">
          Static analysis: suspicious keywords, scripts and actions, indicators of compromise, structural anomalies and
          a verdict with score. Nothing in the file is ever run in your browser.
        </p>
      </div>
      <UploadSurface maxUploadBytes={maxUploadBytes} />
    </div>
  );
}
