// GET / - upload page: drop or pick a PDF, see the fast analysis (verdict, findings, IOCs) and export it.
import { connection } from "next/server";
import { getConfig } from "../lib/server/config";
import { FastAnalyzer } from "./_components/fast-analyzer";

export default async function UploadPage() {
  await connection(); // rendered per request: the upload limit is runtime configuration
  const { maxUploadBytes } = getConfig();
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Analyse a PDF</h1>
        <p className="text-sm text-slate-600">
          Static fast scan: suspicious keywords, scripts and actions, indicators of compromise, structural anomalies and a
          verdict with score.
        </p>
      </div>
      <FastAnalyzer maxUploadBytes={maxUploadBytes} />
    </div>
  );
}
