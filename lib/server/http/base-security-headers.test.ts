// The security headers common to every response have one source (base-security-headers.mjs): pages
// and API answers (security-headers.ts) and the static files (next.config.mjs) send the same ones, and
// no other production file sets one of them by name.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { NextConfig } from "next";
import { describe, expect, it } from "vitest";
import { findCopies, REPO_ROOT } from "../../../test/support/fact-copies";
import { BASE_SECURITY_HEADERS } from "./base-security-headers.mjs";
import { commonSecurityHeaders } from "./security-headers";

describe("base security headers, declared once", () => {
  it.each([false, true])("pages and API answers carry them (tls: %s)", (tls) => {
    expect(commonSecurityHeaders(tls)).toMatchObject(BASE_SECURITY_HEADERS);
  });

  it("the static files carry them", async () => {
    // by URL: the config is plain ESM without type declarations
    const { default: nextConfig } = (await import(pathToFileURL(join(REPO_ROOT, "next.config.mjs")).href)) as {
      default: NextConfig;
    };
    const rules = await nextConfig.headers!();
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules)
      expect(Object.fromEntries(rule.headers.map((h) => [h.key.toLowerCase(), h.value]))).toEqual(
        BASE_SECURITY_HEADERS,
      );
  });

  it("are set by name only in base-security-headers.mjs", () => {
    const names = Object.keys(BASE_SECURITY_HEADERS);
    const setsOne = (line: string) => names.some((n) => line.toLowerCase().includes(`"${n}"`));
    expect(findCopies(setsOne, ["lib/server/http/base-security-headers.mjs"])).toEqual([]);
  });
});
