// Response headers every page and API answer carries (issue 8 item 7): a Content-Security-Policy
// (pages: nonce-based for Next's scripts; API: nothing may load), no framing, no MIME sniffing, no
// Referer leaks, no powerful browser features, and HSTS when the service is reached over TLS.
import { BASE_SECURITY_HEADERS } from "./base-security-headers.mjs";

/** API responses are data, never documents: nothing in them may load or run. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Next's built files (/_next/static/): data to a page that loads them, but a worker's own policy when
 * one starts a Web Worker (the script viewer's layout worker, app/_lib/use-beautified.ts): the worker
 * may load our scripts (Turbopack's worker bootstrap imports its chunks) and nothing else.
 */
export const STATIC_SCRIPT_CSP =
  "default-src 'none'; script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * Pages: scripts only with this response's nonce ('strict-dynamic' lets Next's loader add its chunks),
 * styles and images from our origin only, no plugins, no framing, forms post to us only.
 */
export function pageCsp(nonce: string, { dev = false }: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // the script viewer lays scripts out in a Web Worker of our own (app/_lib/use-beautified.ts)
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** One year, the HSTS preload list's minimum (RFC 6797). */
export const HSTS = "max-age=31536000; includeSubDomains";

export function commonSecurityHeaders(tls: boolean): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    "cross-origin-opener-policy": "same-origin",
    ...(tls ? { "strict-transport-security": HSTS } : {}),
  };
}
