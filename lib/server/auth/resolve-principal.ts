// Who is calling. REST and CLI: `Authorization: Bearer pdfscan_...` (RFC 6750). Web UI: the session
// cookie from signing in (its state-changing requests also carry the CSRF token, http/api-route.ts).
// With PDFSCAN_AUTH=off (loopback only) every caller is the local admin.
import { getConfig } from "../config";
import { ApiError } from "../errors";
import { readCookie } from "../http/cookies";
import { getAuth } from "../runtime";
import { audit } from "./audit";
import { LOCAL_PRINCIPAL, type Principal } from "./principal";
import { SESSION_COOKIE, type Session } from "./sessions";

export { LOCAL_PRINCIPAL, type Principal };

const challenge = (error?: string) => ({
  "www-authenticate": `Bearer realm="pdfscan"${error ? `, error="${error}"` : ""}`,
});

/** Resolves the caller of a request; 401 authentication_required when there is no valid credential. */
export async function resolvePrincipal(request: Request | { headers: Headers }): Promise<Principal> {
  const principal = await findPrincipal(request.headers);
  if (principal) return principal;
  throw new ApiError("authentication_required", "Send an API key as `Authorization: Bearer pdfscan_...`, or sign in.", {
    headers: challenge(),
  });
}

/** The caller, or null when none is signed in (pages redirect to /signin). Bad credentials are a 401. */
export async function findPrincipal(headers: Headers): Promise<Principal | null> {
  if (!getConfig().authEnabled) return LOCAL_PRINCIPAL;
  const auth = await getAuth();
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const m = /^Bearer +(\S+)\s*$/i.exec(authorization);
    const result = m ? await auth.keys.authenticate(m[1]) : ({ ok: false, reason: "malformed" } as const);
    if (!result.ok) {
      audit("access.denied", { reason: result.reason, keyId: "keyId" in result ? result.keyId : undefined });
      throw new ApiError(
        "authentication_required",
        `The API key is ${result.reason === "unknown" || result.reason === "malformed" ? "not valid" : result.reason}.`,
        {
          headers: challenge("invalid_token"),
        },
      );
    }
    return { id: result.key.principal, kind: "key", keyId: result.key.id, admin: result.key.admin };
  }
  const live = await findSession(headers);
  if (!live) return null;
  const { key, csrfToken } = live.session;
  return { id: key.principal, kind: "session", keyId: key.id, admin: key.admin, csrfToken };
}

/** The live UI session this browser sends (its cookie), or null: sign-in must not replace it unasked. */
export async function findSession(headers: Headers): Promise<{ sessionId: string; session: Session } | null> {
  if (!getConfig().authEnabled) return null;
  const sessionId = readCookie(headers, SESSION_COOKIE);
  if (!sessionId) return null;
  const session = await (await getAuth()).sessions.resolve(sessionId);
  return session ? { sessionId, session } : null;
}
