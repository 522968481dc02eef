// Session cookies: Cookie header parsing and Set-Cookie serialisation (RFC 6265) by the `cookie`
// package (jshttp), which also refuses names and values the grammar does not allow.
import { parseCookie, stringifySetCookie } from "cookie";

export function readCookie(headers: Headers, name: string): string | undefined {
  return parseCookie(headers.get("cookie") ?? "")[name];
}

export interface CookieOptions {
  maxAgeS: number;
  httpOnly: boolean;
  secure: boolean;
}

/** SameSite=Strict always: the browser never attaches our cookies to a cross-site request. */
export function setCookie(name: string, value: string, { maxAgeS, httpOnly, secure }: CookieOptions): string {
  return stringifySetCookie(name, value, { path: "/", maxAge: maxAgeS, sameSite: "strict", httpOnly, secure });
}
