// Next.js configuration. Telemetry is disabled through NEXT_TELEMETRY_DISABLED=1 in our scripts.
import { fileURLToPath } from "node:url";
import { BASE_SECURITY_HEADERS } from "./lib/server/http/base-security-headers.mjs";

/** @type {import("next").NextConfig} */
const nextConfig = {
  // Loaded from node_modules at run time, not bundled: pdfjs-dist resolves its worker file next to
  // itself (fails when bundled, see shared/notes/node20-dependencies.md), piscina spawns threads;
  // the scan stores: libsql is native, pg/bullmq/ioredis keep one module instance per process.
  serverExternalPackages: ["pdfjs-dist", "piscina", "libsql", "pg", "bullmq", "ioredis"],
  // `npm run typecheck` (tsc --noEmit over the whole repo) is its own step of `npm test`; the build
  // does not repeat it, so a type error in a test or script cannot stop `npm start` from serving.
  typescript: { ignoreBuildErrors: true },
  poweredByHeader: false,
  reactStrictMode: true,
  turbopack: { root: fileURLToPath(new URL(".", import.meta.url)) },
  // Pages get their security headers (nonce CSP, HSTS behind TLS) from proxy.ts and API answers from
  // lib/server/http/api-route.ts; these cover the static files neither of them sees.
  async headers() {
    const headers = Object.entries(BASE_SECURITY_HEADERS).map(([key, value]) => ({ key, value }));
    return [
      { source: "/_next/static/:path*", headers },
      { source: "/favicon.svg", headers },
    ];
  },
};

export default nextConfig;
