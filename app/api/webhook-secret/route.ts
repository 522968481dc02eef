// POST /api/webhook-secret - a new Standard Webhooks signing secret for the caller's key (whsec_...),
//   shown only in this answer; webhooks sent from now on (retries included) are signed with it and the
//   old one stops working at once. A key gets its first secret with its first callbackUrl scan.
import { apiRoute, otherMethods } from "../../../lib/server/http/api-route";
import { ApiError } from "../../../lib/server/errors";
import { getWebhookStore } from "../../../lib/server/runtime";
import { LOCAL_KEY_REF } from "../../../lib/server/webhooks/webhook-store";
import { audit } from "../../../lib/server/auth/audit";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export const POST = apiRoute(async (_request, _context, principal) => {
  if (principal.kind === "share") throw new ApiError("forbidden", "A share link cannot manage webhook secrets.");
  const keyRef = principal.keyId ?? LOCAL_KEY_REF;
  const secret = await (await getWebhookStore()).rotateSecret(keyRef);
  audit("webhook.secret_rotated", { keyId: principal.keyId });
  return Response.json({ webhookSecret: secret }, { status: 201, headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
