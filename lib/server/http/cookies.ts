// Cookie header parsing and Set-Cookie serialisation (RFC 6265), for the session cookies.

export function readCookie(headers: Headers, name: string): string | undefined {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeS: number;
  httpOnly: boolean;
  secure: boolean;
}

/** SameSite=Strict always: the browser never attaches our cookies to a cross-site request. */
export function setCookie(name: string, value: string, { maxAgeS, httpOnly, secure }: CookieOptions): string {
  return [`${name}=${value}`, "Path=/", `Max-Age=${maxAgeS}`, "SameSite=Strict", httpOnly ? "HttpOnly" : "", secure ? "Secure" : ""]
    .filter(Boolean)
    .join("; ");
}
