// The CSRF token of the signed-in session (readable cookie set at sign-in), sent back in a header on
// every state-changing request; the server compares it with the session's (double submit, bound to
// the session, issue 8 item 2).
export const CSRF_COOKIE = "pdfscan_csrf";
export const CSRF_HEADER = "x-csrf-token";

export function csrfHeaders(): Record<string, string> {
  if (typeof document === "undefined") return {};
  const entry = document.cookie.split("; ").find((c) => c.startsWith(`${CSRF_COOKIE}=`));
  return entry ? { [CSRF_HEADER]: entry.slice(CSRF_COOKIE.length + 1) } : {};
}
