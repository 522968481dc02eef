// The web UI's session (issue 8 item 2). POST {apiKey, replace?} - sign in: sets the HttpOnly session
// cookie and the CSRF cookie (SameSite=Strict; Secure behind TLS). A browser already signed in gets
// 409 session_exists unless it says `replace: true` (issue 19: a link must not swap the account a
// victim works in). GET - who is signed in. DELETE - sign out.
import { audit } from "../../../lib/server/auth/audit";
import { findSession } from "../../../lib/server/auth/resolve-principal";
import { CSRF_COOKIE, SESSION_COOKIE, SignIn } from "../../../lib/server/auth/sessions";
import { getConfig } from "../../../lib/server/config";
import { apiRoute, otherMethods, publicRoute } from "../../../lib/server/http/api-route";
import { readCookie, setCookie } from "../../../lib/server/http/cookies";
import { ApiError } from "../../../lib/server/errors";
import { readJsonBody } from "../../../lib/server/http/json-body";
import { getAuth } from "../../../lib/server/runtime";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// No rate budget here: keys are 256-bit random (nothing to guess), and a shared sign-in budget would
// let anyone lock everyone out.
export const POST = publicRoute(async (request) => {
  // a sign-in is state-changing: only from our own pages (Origin is checked by publicRoute)
  if (request.headers.get("origin") === null) throw new ApiError("forbidden", "Sign in from the pdfscan page.");
  const { apiKey, replace } = await readJsonBody(request, SignIn);
  const auth = await getAuth();
  const live = await findSession(request.headers);
  if (live && !replace) {
    const { key } = live.session;
    throw new ApiError(
      "session_exists",
      `This browser is signed in with ${key.prefix}… (${key.name}); sign out first or send "replace": true.`,
      {
        extensions: { signedInAs: { keyPrefix: key.prefix, name: key.name } },
      },
    );
  }
  const result = await auth.keys.authenticate(apiKey);
  if (!result.ok) {
    audit("access.denied", {
      reason: result.reason,
      via: "sign-in",
      keyId: "keyId" in result ? result.keyId : undefined,
    });
    throw new ApiError("authentication_required", "That API key is not valid (unknown, revoked or expired).");
  }
  const config = getConfig();
  const ttl = config.sessionTtlS;
  if (live) {
    await auth.sessions.end(live.sessionId);
    audit("session.ended", { keyId: live.session.key.id, reason: "replaced by a sign-in" });
  }
  const session = await auth.sessions.create(result.key.id);
  audit("session.created", { keyId: result.key.id, prefix: result.key.prefix });
  const headers = new Headers({ "cache-control": "no-store" });
  headers.append(
    "set-cookie",
    setCookie(SESSION_COOKIE, session.sessionId, { maxAgeS: ttl, httpOnly: true, secure: config.tls }),
  );
  headers.append(
    "set-cookie",
    setCookie(CSRF_COOKIE, session.csrfToken, { maxAgeS: ttl, httpOnly: false, secure: config.tls }),
  );
  return Response.json(
    {
      keyPrefix: result.key.prefix,
      name: result.key.name,
      admin: result.key.admin,
      expiresAt: new Date(session.expiresAt).toISOString(),
    },
    { headers },
  );
});

export const GET = apiRoute(async (_request, _context, principal) =>
  Response.json({ principal: principal.id, kind: principal.kind, admin: principal.admin, keyId: principal.keyId }),
);

export const DELETE = apiRoute(async (request, _context, principal) => {
  const sessionId = readCookie(request.headers, SESSION_COOKIE);
  if (sessionId) await (await getAuth()).sessions.end(sessionId);
  audit("session.ended", { keyId: principal.keyId });
  const secure = getConfig().tls;
  const headers = new Headers();
  headers.append("set-cookie", setCookie(SESSION_COOKIE, "", { maxAgeS: 0, httpOnly: true, secure }));
  headers.append("set-cookie", setCookie(CSRF_COOKIE, "", { maxAgeS: 0, httpOnly: false, secure }));
  return new Response(null, { status: 204, headers });
});

export const { PUT, PATCH, OPTIONS } = otherMethods("GET", "POST", "DELETE");
