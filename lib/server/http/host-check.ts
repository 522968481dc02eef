// DNS-rebinding defence: a request is served only when its Host header names this service (loopback
// names by default, plus PDFSCAN_PUBLIC_URL's host and PDFSCAN_ALLOWED_HOSTS). A hostile domain that
// resolves to our address gets 421 Misdirected Request (RFC 9110 section 15.5.20).
import type { Config } from "../config";

/** True when `host` (a Host header, with or without port) is allowed by the list. */
export function isAllowedHost(host: string | null, allowed: readonly string[]): boolean {
  if (!host) return false;
  const value = host.trim().toLowerCase();
  const name = value.startsWith("[") ? value.slice(0, value.indexOf("]") + 1) : value.replace(/:\d+$/, "");
  return allowed.includes(value) || allowed.includes(name);
}

/** The origin (scheme://host) a browser shows for a request with this Host header. */
export function ownOrigins(host: string | null, config: Pick<Config, "tls" | "publicOrigin">): string[] {
  const origins = host ? [`${config.tls ? "https" : "http"}://${host.toLowerCase()}`] : [];
  if (config.publicOrigin) origins.push(config.publicOrigin);
  return origins;
}
