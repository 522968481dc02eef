// GET /share/:token - a scan's report page opened with a share link: read-only, no sign-in. An
// unknown, revoked or expired link is a 404 page.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { SharedScanView } from "../../_components/shared-scan-view";
import { sourceOf, withAuditSource } from "../../../lib/server/auth/audit";
import { openShare } from "../../../lib/server/auth/share-access";
import { ApiError } from "../../../lib/server/errors";
import { toScanResource } from "../../../lib/server/scans/scan-resource";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Shared scan · pdfscan", referrer: "no-referrer" };

export default async function SharedScanPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  try {
    // audit lines of this page view name its source, as the API routes' do
    const share = await withAuditSource(sourceOf(await headers()), () => openShare(token));
    return <SharedScanView token={token} initialScan={toScanResource(share.scan)} />;
  } catch (error) {
    if (error instanceof ApiError && (error.code === "share_not_found" || error.code === "scan_not_found")) notFound();
    throw error;
  }
}
