// POST /api/scans/:scanId/shares {expiresInHours?} - the owner mints a read-only, expiring link to the
//   scan's report page and formats: 201 {shareId, url: "/share/<token>", token, expiresAt, ...}. The
//   token is shown only here (stored hashed).
// GET /api/scans/:scanId/shares - the scan's links (without tokens), newest first.
import { MintShare, sharePath, toShareResource } from "../../../../../lib/server/auth/share-links";
import { apiRoute, otherMethods } from "../../../../../lib/server/http/api-route";
import { readJsonBody } from "../../../../../lib/server/http/json-body";
import { getAuth, getScanService } from "../../../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ scanId: string }>;
}

export const POST = apiRoute(async (request, { params }: Context, principal) => {
  const { scanId } = await params;
  const scan = await (await getScanService()).getScan(principal, scanId);
  const { expiresInHours } = await readJsonBody(request, MintShare);
  const { token, info } = await (await getAuth()).shares.mint(scan.id, scan.owner, expiresInHours, principal.keyId);
  return Response.json(
    { ...toShareResource(info), url: sharePath(token), token },
    { status: 201, headers: { location: sharePath(token) } },
  );
});

export const GET = apiRoute(async (_request, { params }: Context, principal) => {
  const { scanId } = await params;
  const scan = await (await getScanService()).getScan(principal, scanId);
  const items = (await (await getAuth()).shares.list(scan.id)).map((s) => toShareResource(s));
  return Response.json({ items });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
