// The security headers every response of ours carries whatever it is (no MIME sniffing, no Referer
// leaks, no powerful browser features, no framing), declared once: security-headers.ts adds them to
// pages and API answers (with a CSP, COOP and, behind TLS, HSTS), next.config.mjs to the static files
// neither the proxy nor a route handler sees. Plain ESM, so the Next config loads it without a
// TypeScript loader (types in base-security-headers.d.mts).
export const BASE_SECURITY_HEADERS = Object.freeze({
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
  "x-frame-options": "DENY",
});
