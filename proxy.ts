// Next.js proxy (the middleware of Next 16, Node.js runtime), for pages and malformed paths only:
// route handlers (the API, /analyze, /health, and a share link's report, scan and page images) are
// guarded in lib/server/http/api-route.ts, because a proxy that matched them would make Next buffer
// every upload in memory before the route sees it (experimental.proxyClientMaxBodySize), and its page
// CSP would replace theirs (the shared HTML export has its own, without scripts). The front door
// (lib/server/http/front-door.ts) refuses any body sent to a page before Next reads it.
// - a path with bad percent-encoding: 404 problem+json (Next would answer a bare 400/500)
// - a Host outside the allow-list: 421 (DNS rebinding)
// - pages answer GET and HEAD (405 with Allow otherwise), and OPTIONS with that Allow
// - a fresh nonce per page response, in a strict CSP that Next applies to its own scripts
import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "./lib/server/config";
import { ApiError } from "./lib/server/errors";
import { problemResponse } from "./lib/server/http/problem-response";
import { isAllowedHost } from "./lib/server/http/host-check";
import { API_CSP, commonSecurityHeaders, pageCsp } from "./lib/server/http/security-headers";
import { audit } from "./lib/server/auth/audit";

const PAGE_METHODS = "GET, HEAD";
const PAGE_ALLOW = `${PAGE_METHODS}, OPTIONS`;
/** Paths served by route handlers, not pages (the first matcher below leaves the same ones out). */
const ROUTE_HANDLER_PATH = /^\/(?:api|analyze|health)(?:\/|$)|^\/share\/[^/]+\/(?:report|scan|events|pages\/)/;

export function proxy(request: NextRequest): Response {
  const { tls, allowedHosts } = getConfig();
  const security = commonSecurityHeaders(tls);
  const withHeaders = (res: Response) => {
    for (const [k, v] of Object.entries(security)) res.headers.set(k, v);
    res.headers.set("content-security-policy", API_CSP);
    return res;
  };
  const refuse = (error: ApiError) => withHeaders(problemResponse(error));
  const path = request.nextUrl.pathname;
  if (!isWellEncoded(path)) return refuse(new ApiError("not_found", "The path is not valid percent-encoding."));
  // a well-encoded route handler path with a '%' (second matcher): its route handler does the rest
  if (ROUTE_HANDLER_PATH.test(path)) return NextResponse.next();
  const host = request.headers.get("host");
  if (!isAllowedHost(host, allowedHosts)) {
    audit("host.denied", { host: (host ?? "").slice(0, 200), path: path.slice(0, 200) });
    return refuse(new ApiError("misdirected_request", "This server does not serve that host name."));
  }
  if (request.method === "OPTIONS")
    return withHeaders(
      new Response(null, { status: 204, headers: { allow: PAGE_ALLOW, "cache-control": "no-store" } }),
    );
  if (request.method !== "GET" && request.method !== "HEAD") {
    return refuse(
      new ApiError("method_not_allowed", `Pages answer ${PAGE_METHODS} only.`, { headers: { allow: PAGE_ALLOW } }),
    );
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const csp = pageCsp(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("content-security-policy", csp);
  for (const [k, v] of Object.entries(security)) response.headers.set(k, v);
  return response;
}

function isWellEncoded(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: [
    // pages: everything but route handlers (ROUTE_HANDLER_PATH) and static files
    "/((?!api/|api$|analyze/|analyze$|health/|health$|share/[^/]+/(?:report|scan|events|pages/)|_next/static/|_next/image|favicon\\.svg$).*)",
    // any path with a percent sign, to refuse bad encodings before Next decodes route params
    "/(.*%.*)",
  ],
};
