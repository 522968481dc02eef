// GET /api/scans/:scanId/webhooks - the delivery log of the scan's callbackUrl: one item per webhook
//   (webhook-id, event, state, every attempt with its HTTP status or error), oldest first.
import { apiRoute, otherMethods } from "../../../../../lib/server/http/api-route";
import { getScanService, getWebhookStore } from "../../../../../lib/server/runtime";
import { toWebhookDelivery } from "../../../../../lib/server/webhooks/webhook-store";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ scanId: string }>;
}

export const GET = apiRoute(async (_request, { params }: Context, principal) => {
  const { scanId } = await params;
  const scan = await (await getScanService()).getScan(principal, scanId);
  const items = (await (await getWebhookStore()).listForScan(scan.id)).map(toWebhookDelivery);
  return Response.json({ callbackUrl: scan.callback_url, items }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
