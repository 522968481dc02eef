// /api itself and any /api/* path without a route of its own (including /api/v1/*): 404
// problem+json, whatever the method, instead of Next's HTML not-found page.
import { unknownApiPath } from "../../../lib/server/http/api-route";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

export {
  unknownApiPath as DELETE,
  unknownApiPath as GET,
  unknownApiPath as OPTIONS,
  unknownApiPath as PATCH,
  unknownApiPath as POST,
  unknownApiPath as PUT,
};
