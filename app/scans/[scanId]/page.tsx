// GET /scans/:scanId - the scan's shareable page (the resultUrl). The server renders the scan's current
// state (no loading flash); ScanView then polls the API until the scan has ended and shows the stages,
// the verdict, the report and the export links. A missing scan is a 404.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ScanView } from "../../_components/scan-view";
import { requireSignIn } from "../../_lib/page-auth";
import { ApiError } from "../../../lib/server/errors";
import { getScanService } from "../../../lib/server/runtime";
import { toScanResource, type ScanResource } from "../../../lib/server/scans/scan-resource";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Scan · pdfscan" };

export default async function ScanPage({ params }: { params: Promise<{ scanId: string }> }) {
  const { scanId } = await params;
  const principal = await requireSignIn(`/scans/${encodeURIComponent(scanId)}`);
  let initialScan: ScanResource | undefined;
  try {
    const row = await (await getScanService()).getScan(principal, scanId);
    initialScan = toScanResource(row);
  } catch (error) {
    // an unknown (or another owner's) scan is a real 404, as the API answers; anything else (store
    // briefly down) renders the page, whose client asks the API again and shows its problem
    if (error instanceof ApiError && error.code === "scan_not_found") notFound();
  }
  return <ScanView scanId={scanId} initialScan={initialScan} />;
}
