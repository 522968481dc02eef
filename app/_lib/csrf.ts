// The CSRF token of the signed-in session (readable cookie set at sign-in), sent back in a header on
// every state-changing request; the server compares it with the session's (double submit, bound to
// the session, issue 8 item 2).
import { parseCookie } from "cookie";

export const CSRF_COOKIE = "pdfscan_csrf";
export const CSRF_HEADER = "x-csrf-token";

export function csrfHeaders(): Record<string, string> {
  if (typeof document === "undefined") return {};
  const token = parseCookie(document.cookie)[CSRF_COOKIE];
  return token ? { [CSRF_HEADER]: token } : {};
}
