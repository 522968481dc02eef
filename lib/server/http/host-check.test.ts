import { describe, expect, it } from "vitest";
import { parseConfig } from "../config";
import { isAllowedHost } from "./host-check";
import { cleanFileName, MAX_FILE_NAME_BYTES } from "./multipart";
import { commonSecurityHeaders, pageCsp } from "./security-headers";

describe("isAllowedHost", () => {
  const allowed = parseConfig({ PDFSCAN_ALLOWED_HOSTS: "scanner.internal:8443" }).allowedHosts;
  it.each([
    ["127.0.0.1:3000", true],
    ["localhost", true],
    ["LOCALHOST:80", true],
    ["[::1]:3000", true],
    ["scanner.internal:8443", true],
    ["scanner.internal:9999", false],
    ["rebind.evil.example", false],
    ["rebind.evil.example:3000", false],
    ["127.0.0.1.evil.example", false],
    ["", false],
  ])("%s -> %s", (host, ok) => {
    expect(isAllowedHost(host, allowed)).toBe(ok);
  });
  it("refuses a request without Host", () => expect(isAllowedHost(null, allowed)).toBe(false));
});

describe("cleanFileName", () => {
  it("strips control and bidi characters", () => {
    expect(cleanFileName("in\u0000voi\u001bce\u202e\u0085fdp.exe\n")).toBe("invoicefdp.exe");
  });
  it("cuts to 255 bytes of UTF-8 without splitting a character", () => {
    const name = cleanFileName("é".repeat(1_000_000));
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(name).toBe("é".repeat(127));
  });
});

describe("security headers", () => {
  it("send HSTS only behind TLS", () => {
    expect(commonSecurityHeaders(true)["strict-transport-security"]).toMatch(/^max-age=\d+/);
    expect(commonSecurityHeaders(false)).not.toHaveProperty("strict-transport-security");
    expect(parseConfig({ PDFSCAN_PUBLIC_URL: "https://pdfscan.example.org" }).tls).toBe(true);
    expect(parseConfig({ PDFSCAN_PUBLIC_URL: "http://pdfscan.internal:8080" }).tls).toBe(false);
  });
  it("allow page scripts only with the response's nonce", () => {
    const csp = pageCsp("abc");
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe");
  });
});
