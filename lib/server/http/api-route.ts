// The wrapper of every API route handler, in this order: the Host allow-list (421), the Origin of a
// state-changing request (403), authentication (401), the CSRF token of a UI session (403), the
// caller's rate limit (429), then the handler. Every error leaves as problem+json, and every answer
// carries the security headers and the caller's RateLimit fields.
import { audit, sourceOf, withAuditSource } from "../auth/audit";
import { resolvePrincipal } from "../auth/resolve-principal";
import type { Principal } from "../auth/principal";
import { safeEqual } from "../auth/secrets";
import { CSRF_HEADER } from "../auth/sessions";
import { getConfig } from "../config";
import { getAuth } from "../runtime";
import { ApiError } from "../errors";
import { errorResponse } from "./problem-response";
import { isAllowedHost, ownOrigins } from "./host-check";
import { API_CSP, commonSecurityHeaders } from "./security-headers";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type Handler<C> = (request: Request, context: C) => Promise<Response>;

interface Guarded {
  /** extra response headers (RateLimit fields) */
  headers: Record<string, string>;
}

/** A route that needs a caller: Bearer key, UI session (+ CSRF token), or auth off. */
export function apiRoute<C>(
  handler: (request: Request, context: C, principal: Principal) => Promise<Response>,
): Handler<C> {
  return guarded(async (request, context, g) => {
    const principal = await resolvePrincipal(request);
    if (principal.kind === "session" && !SAFE_METHODS.has(request.method)) checkCsrf(request, principal);
    await takeRate(`key:${principal.keyId ?? principal.id}`, g);
    return handler(request, context, principal);
  });
}

/**
 * A route whose credential is in its URL (share links) or that needs none (/health, sign-in): the
 * Host and Origin checks and the error model still apply; `rate(subject)` charges a budget.
 * `anyHost`: only for /health, which load balancers probe by IP address and which discloses nothing.
 */
export function publicRoute<C>(
  handler: (request: Request, context: C, g: { rate(subject: string): Promise<void> }) => Promise<Response>,
  { anyHost = false }: { anyHost?: boolean } = {},
): Handler<C> {
  return guarded((request, context, g) => handler(request, context, { rate: (subject) => takeRate(subject, g) }), {
    anyHost,
  });
}

/**
 * Handlers for the methods a route does not implement: 405 problem+json with `Allow` (RFC 9110
 * section 15.5.6), instead of Next's empty 405; and OPTIONS: 204 with the same `Allow` (Next's own
 * OPTIONS would list every method the file exports, these refusals included). Export the ones your
 * route lacks, and OPTIONS.
 */
export function otherMethods(...allowed: HttpMethod[]): Record<HttpMethod | "OPTIONS", Handler<unknown>> {
  const served = new Set<string>([...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"]);
  const allow = [...HTTP_METHODS, "OPTIONS"].filter((m) => served.has(m)).join(", ");
  const refuse = guarded(async (request) => {
    throw new ApiError("method_not_allowed", `${request.method} is not supported here; allowed: ${allow}.`, {
      headers: { allow },
    });
  });
  const options = guarded(async () => new Response(null, { status: 204, headers: { allow } }));
  return {
    ...(Object.fromEntries(HTTP_METHODS.map((m) => [m, refuse])) as Record<HttpMethod, Handler<unknown>>),
    OPTIONS: options,
  };
}

/** The API's answer to a path it does not have. */
export const unknownApiPath = guarded(async (request) => {
  throw new ApiError("not_found", `No API route ${JSON.stringify(new URL(request.url).pathname.slice(0, 200))}.`);
});

function guarded<C>(
  run: (request: Request, context: C, g: Guarded) => Promise<Response>,
  { anyHost = false } = {},
): Handler<C> {
  // every audit line written while handling the request names its source (audit.ts limits by it)
  return (request, context) => withAuditSource(sourceOf(request.headers), () => guard(request, context));
  async function guard(request: Request, context: C): Promise<Response> {
    const g: Guarded = { headers: {} };
    let response: Response;
    try {
      if (!anyHost) checkHost(request);
      checkOrigin(request);
      response = await run(request, context, g);
    } catch (error) {
      response = errorResponse(error, request);
    }
    return withHeaders(response, { ...g.headers, ...commonSecurityHeaders(getConfig().tls) });
  }
}

function checkHost(request: Request): void {
  const host = request.headers.get("host");
  if (isAllowedHost(host, getConfig().allowedHosts)) return;
  audit("host.denied", { host: (host ?? "").slice(0, 200), path: new URL(request.url).pathname.slice(0, 200) });
  throw new ApiError(
    "misdirected_request",
    "This server does not serve that host name (configure PDFSCAN_ALLOWED_HOSTS or PDFSCAN_PUBLIC_URL).",
  );
}

/** A state-changing request sent by a browser from another site is refused, whatever it carries. */
function checkOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  const site = request.headers.get("sec-fetch-site");
  const foreignOrigin =
    origin !== null && !ownOrigins(request.headers.get("host"), getConfig()).includes(origin.toLowerCase());
  if (foreignOrigin || site === "cross-site") {
    audit("csrf.denied", {
      reason: "origin",
      origin: (origin ?? "").slice(0, 200),
      path: new URL(request.url).pathname.slice(0, 200),
    });
    throw new ApiError("forbidden", "Cross-origin state-changing requests are not accepted.");
  }
}

/** A UI session's state-changing request must come from our pages: same Origin and its CSRF token. */
function checkCsrf(request: Request, principal: Principal): void {
  const token = request.headers.get(CSRF_HEADER);
  if (
    request.headers.get("origin") !== null &&
    token !== null &&
    principal.csrfToken &&
    safeEqual(token, principal.csrfToken)
  )
    return;
  audit("csrf.denied", { reason: "token", keyId: principal.keyId, path: new URL(request.url).pathname.slice(0, 200) });
  throw new ApiError(
    "forbidden",
    `A signed-in browser request that changes state needs its Origin and the ${CSRF_HEADER} header.`,
  );
}

async function takeRate(subject: string, g: Guarded): Promise<void> {
  const decision = await (await getAuth()).limiter.take(subject);
  Object.assign(g.headers, decision.headers);
  if (decision.allowed) return;
  audit("rate.limited", { subject });
  throw new ApiError("rate_limited", `Rate limit reached; retry in ${decision.retryAfterS} s.`, {
    headers: { "retry-after": String(decision.retryAfterS), ...decision.headers },
  });
}

/** Adds headers the handler did not set itself (its own CSP, e.g. the HTML report's, wins). */
function withHeaders(response: Response, headers: Record<string, string>): Response {
  const all: Record<string, string> = { "content-security-policy": API_CSP, "cache-control": "no-store", ...headers };
  let target = response;
  try {
    for (const [k, v] of Object.entries(all)) if (!response.headers.has(k)) response.headers.set(k, v);
  } catch {
    // immutable headers (a fetched Response): copy into a new one
    target = new Response(response.body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    for (const [k, v] of Object.entries(all)) if (!target.headers.has(k)) target.headers.set(k, v);
  }
  return target;
}
