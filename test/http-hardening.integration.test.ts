// Issue 19, the HTTP part, over real HTTP against the built server (dist/server.mjs: Next behind the
// front door) in both configurations, SQLite + in-process queue and PostgreSQL + Redis/BullMQ. Each
// attack of the issue is sent as an attacker sends it and shown refused: bodies of 256 MiB to every
// kind of route (the server's resident memory is read from /proc), every Object.prototype name
// wherever a request names something, methods and request targets Next mishandled, and the headers
// of answers Next makes on its own. A client timeout is a failure, never a pass.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_LIMITS } from "../lib/limits";
import { HTML_REPORT_CSP } from "../lib/server/report-formats/html";
import { API_CSP } from "../lib/server/http/security-headers";
import { setUpShared } from "../lib/server/testing/set-up-shared";
import { benignPdf } from "./fixtures/sample-pdfs";
import { scanForm, TERMINAL } from "./scans/support/scan-api";
import { freePort, REPO_ROOT } from "./support/next-server";
import { rawExchange, resetPeakRss, rssOf, sendBigBody, type RawAnswer } from "./support/raw-http";
import { bearer, embeddedStack, problem, scaleOutStack, type SecurityStack } from "./support/security-stack";

const MIB = 1024 * 1024;
const ATTACK_BODY_BYTES = 256 * MIB;
const RSS_GROWTH_LIMIT_BYTES = 20 * MIB;
/** a small upload cap, so a streamed upload that the route buffers up to its cap stays small too */
const UPLOAD_CAP_BYTES = 4 * MIB;
const CLIENT_TIMEOUT_MS = 30_000;
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const SECURITY_HEADERS = ["content-security-policy", "x-content-type-options", "x-frame-options", "referrer-policy"];

const ENV = { PDFSCAN_MAX_UPLOAD_BYTES: String(UPLOAD_CAP_BYTES), PDFSCAN_WORKERS: "1" };
const OUTPUT_BYTES = 200_000;

function describeHardening(name: string, setUp: () => Promise<SecurityStack>) {
  describe(`HTTP hardening: ${name}`, () => {
    let f: SecurityStack;
    setUpShared(
      setUp,
      (value) => (f = value),
      (value) => value.dispose(),
    );

    const call = (path: string, init: RequestInit = {}) =>
      fetch(`${f.server.url}${path}`, { redirect: "manual", ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    const raw = (line: string, headers: Record<string, string> = {}, body?: Buffer) =>
      rawExchange(
        f.server.url,
        `${line}\r\n${Object.entries({ host: new URL(f.server.url).host, connection: "close", ...headers })
          .map(([k, v]) => `${k}: ${v}`)
          .join("\r\n")}\r\n\r\n`,
        { body, timeoutMs: CLIENT_TIMEOUT_MS },
      );
    const origin = () => f.server.url;
    const newKey = async (keyName: string) =>
      (await f.keys.create({ name: keyName, admin: false, expiresAt: null }, "test")).key;
    /** A finished scan and a share link to it. */
    const scanAndShare = async (key: string) => {
      const created = await call("/api/scans", { method: "POST", body: scanForm(benignPdf()), headers: bearer(key) });
      const { scanId } = (await created.json()) as { scanId: string };
      expect(created.status).toBe(201);
      for (let i = 0; ; i++) {
        const { status } = (await (await call(`/api/scans/${scanId}`, { headers: bearer(key) })).json()) as {
          status: string;
        };
        if (TERMINAL.includes(status)) break;
        if (i > 600) throw new Error(`scan ${scanId} did not end`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const minted = await call(`/api/scans/${scanId}/shares`, {
        method: "POST",
        headers: { ...bearer(key), "content-type": "application/json" },
        body: "{}",
      });
      expect(minted.status).toBe(201);
      const { token } = (await minted.json()) as { token: string };
      return { scanId, token };
    };
    const expectSecurityHeaders = (headers: Record<string, string> | Headers, what: string) => {
      const get = (h: string) => (headers instanceof Headers ? headers.get(h) : headers[h]);
      for (const h of SECURITY_HEADERS) expect(get(h), `${what}: ${h}`).toBeTruthy();
    };
    const expectRawProblem = (answer: RawAnswer, status: number, code: string) => {
      expect(answer.status, answer.body).toBe(status);
      expect(answer.headers["content-type"]).toBe("application/problem+json");
      expect(JSON.parse(answer.body)).toMatchObject({ status, code });
      expectSecurityHeaders(answer.headers, `${status} ${code}`);
    };
    const noUncaughtErrors = () => expect(f.server.output()).not.toMatch(/uncaught|unhandled/i);

    it("a 256 MiB body to any route is refused with 413 and raises the server's RSS by < 20 MB", async () => {
      const key = await newKey("big-bodies");
      const { scanId } = await scanAndShare(key);
      const multipart = { ...bearer(key), "content-type": "multipart/form-data; boundary=B" };
      const json = { ...bearer(key), "content-type": "application/json", origin: origin() };
      const targets: [string, string, Record<string, string>][] = [
        ["POST", "/api/session", { "content-type": "application/json", origin: origin() }],
        ["POST", `/api/scans/${scanId}/shares`, json],
        ["POST", "/analyze/fast", multipart],
        ["POST", "/analyze/deep", multipart],
        ["POST", "/api/scans", multipart],
        ["POST", "/api/v1/scans", multipart],
        ["POST", "/", { "content-type": "text/plain" }],
        ["POST", `/scans/${scanId}`, { "content-type": "text/plain" }],
        ["POST", "/no/such/path", { "content-type": "text/plain" }],
        ["PUT", `/api/scans/${scanId}`, json],
      ];
      const send = (method: string, path: string, headers: Record<string, string>, bytes: number, chunked: boolean) =>
        sendBigBody(f.server.url, { method, path, headers, bytes, chunked });
      // Baseline: the server at work. Each route answers a small body first (so the code it loads is
      // not counted), then uploads of the full allowed size are read. Reading any body leaves garbage
      // until the next collection, so resident memory saws up and down by some MB under ordinary
      // traffic; the baseline is the top of that saw (the peak while the uploads are read), and the
      // attack may raise neither the peak nor what stays by 20 MB over it. (Buffering one attack body
      // would add 256 MB.)
      for (const [method, path, headers] of targets)
        for (const chunked of [false, true]) await send(method, path, headers, 64 * 1024, chunked);
      const start = rssOf(f.server.pid).rss;
      resetPeakRss(f.server.pid);
      for (let i = 0; i < 8; i++) await send("POST", "/analyze/fast", multipart, UPLOAD_CAP_BYTES, i % 2 === 1);
      const working = rssOf(f.server.pid).peak;

      resetPeakRss(f.server.pid);
      const outcomes = { answered: 0, cut: 0 };
      for (const [method, path, headers] of targets) {
        for (const chunked of [false, true]) {
          const result = await send(method, path, headers, ATTACK_BODY_BYTES, chunked);
          const what = `${method} ${path} (${chunked ? "chunked" : "Content-Length"}): ${result.answer.slice(0, 300)}`;
          // The server answers 413 and stops reading past MAX_DISCARD_BYTES by closing the connection;
          // a client still sending may then lose the answer to the reset (the bytes it could not send
          // show the server stopped reading).
          outcomes[result.status === null ? "cut" : "answered"]++;
          if (result.status === null) expect(result.sentBytes, what).toBeLessThan(ATTACK_BODY_BYTES);
          else {
            expect(result.status, what).toBe(413);
            expect(result.answer, what).toMatch(/content-type: application\/problem\+json/i);
          }
        }
      }
      const after = rssOf(f.server.pid);
      const mib = (n: number) => `${(n / MIB).toFixed(1)} MiB`;
      console.log(
        `[http-hardening ${name}] RSS ${mib(start)} idle, peak ${mib(working)} reading uploads; ${targets.length * 2} bodies of 256 MiB ` +
          `(${outcomes.answered} answered 413, ${outcomes.cut} cut off): peak ${mib(after.peak)} (${mib(after.peak - working)} over), then ${mib(after.rss)} (${mib(after.rss - working)} over; ${mib(after.rss - start)} over idle)`,
      );
      expect(after.peak - working).toBeLessThan(RSS_GROWTH_LIMIT_BYTES);
      expect(after.rss - working).toBeLessThan(RSS_GROWTH_LIMIT_BYTES);
      // the server still serves
      expect((await call("/health")).status).toBe(200);
    }, 600_000);

    it("a body declared over the discard bound is not read: 413, then the connection closes", async () => {
      const over = await sendBigBody(f.server.url, {
        method: "POST",
        path: "/api/session",
        headers: { "content-type": "application/json", origin: origin() },
        bytes: HTTP_LIMITS.MAX_DISCARD_BYTES + MIB,
        chunked: false,
      });
      expect(over.sentBytes).toBeLessThan(HTTP_LIMITS.MAX_DISCARD_BYTES);
      if (over.status !== null) expect(over.status).toBe(413);
    }, 120_000);

    it("answers every Object.prototype name as a form field, file part, option value, query parameter, JSON key and path segment", async () => {
      const key = await newKey("prototype-names");
      const { scanId, token } = await scanAndShare(key);
      const pdf = benignPdf() as Uint8Array<ArrayBuffer>;
      const formWith = (extra: (form: FormData, name: string) => void) => {
        const form = new FormData();
        form.set("file", new Blob([pdf], { type: "application/pdf" }), "sample.pdf");
        for (const n of PROTOTYPE_NAMES) extra(form, n);
        return form;
      };
      const asFields = () => formWith((form, n) => form.append(n, "x"));
      const asFileParts = () => formWith((form, n) => form.append(n, new Blob([pdf]), `${n}.pdf`));
      for (const route of ["/analyze/fast", "/analyze/deep", "/api/v1/analyze/fast"]) {
        for (const body of [asFields(), asFileParts()]) {
          const res = await call(route, { method: "POST", body, headers: bearer(key) });
          expect(res.status, `${route}: ${await res.clone().text()}`).toBe(200);
        }
      }
      for (const route of ["/api/scans", "/api/v1/scans"]) {
        for (const body of [asFields(), asFileParts()]) {
          const refused = await problem(
            await call(route, { method: "POST", body, headers: bearer(key) }),
            400,
            "invalid_request",
          );
          expect((refused.errors as { field: string }[]).map((e) => e.field).sort()).toEqual(
            [...PROTOTYPE_NAMES].sort(),
          );
        }
        for (const option of ["retentionMode", "enableEnrichment", "keepThumbnails"]) {
          for (const n of PROTOTYPE_NAMES) {
            const body = scanForm(benignPdf(), { [option]: n });
            const refused = await problem(
              await call(route, { method: "POST", body, headers: bearer(key) }),
              400,
              "invalid_request",
            );
            expect(refused.errors).toEqual([expect.objectContaining({ field: option })]);
          }
        }
      }
      // query parameters, as names and as the values of every parameter a route reads
      const getRoutes = [
        "/api/scans",
        `/api/scans/${scanId}`,
        `/api/scans/${scanId}/report`,
        `/api/scans/${scanId}/shares`,
        `/api/scans/${scanId}/pages/1/thumbnail.png`,
        "/api/session",
        "/health",
        `/share/${token}/scan`,
        `/share/${token}/report`,
        `/share/${token}/pages/1/thumbnail.png`,
      ];
      const pages = ["/", "/scans", `/scans/${scanId}`, `/share/${token}`, "/signin"];
      for (const n of PROTOTYPE_NAMES) {
        const query = new URLSearchParams([
          [n, "1"],
          ...["format", "limit", "cursor", "all", "verdict", "status", "q", "download", "size", "next"].map((p) => [
            p,
            n,
          ]),
        ]);
        for (const route of getRoutes) {
          const res = await call(`${route}?${query}`, { headers: bearer(key) });
          expect(res.status, `${route}?${query}`).toBeLessThan(500);
          if (res.status >= 400) await problem(res, res.status);
        }
        for (const page of pages) {
          const res = await call(`${page}?${query}`, { headers: bearer(key) });
          expect(res.status, `${page}?${query}`).toBeLessThan(500);
        }
        // as a name in the path, where a route reads one
        for (const route of [
          `/api/scans/${n}`,
          `/api/scans/${n}/report`,
          `/api/scans/${n}/shares`,
          `/api/scans/${scanId}/pages/${n}/thumbnail.png`,
          `/share/${n}/report`,
          `/share/${n}/scan`,
        ]) {
          const res = await call(route, { headers: bearer(key) });
          await problem(res, 404);
        }
        await problem(await call(`/api/scans/${scanId}/shares/${n}`, { method: "DELETE", headers: bearer(key) }), 404);
        // as JSON keys and values
        const json = { ...bearer(key), "content-type": "application/json", origin: origin() };
        for (const body of [
          `{${JSON.stringify(n)}:1}`,
          `{"expiresInHours":${JSON.stringify(n)}}`,
          `{${JSON.stringify(n)}:{"expiresInHours":1}}`,
        ]) {
          await problem(
            await call(`/api/scans/${scanId}/shares`, { method: "POST", headers: json, body }),
            400,
            "invalid_request",
          );
        }
        for (const body of [
          `{${JSON.stringify(n)}:"x","apiKey":"pdfscan_x"}`,
          `{"apiKey":${JSON.stringify(n)}}`,
          `{${JSON.stringify(n)}:{"replace":true},"apiKey":${JSON.stringify(key)}}`,
        ]) {
          const res = await call("/api/session", {
            method: "POST",
            headers: { "content-type": "application/json", origin: origin() },
            body,
          });
          expect([400, 401], `${body}: ${res.status}`).toContain(res.status);
          await problem(res, res.status);
        }
      }
      noUncaughtErrors();
    }, 600_000);

    it("answers TRACE, PROPFIND, CONNECT and unknown methods with 501 problem+json, and OPTIONS with the route's Allow", async () => {
      for (const line of [
        "TRACE /api/scans HTTP/1.1",
        "TRACE / HTTP/1.1",
        "PROPFIND /api/scans HTTP/1.1",
        "PROPFIND / HTTP/1.1",
        "FOO /health HTTP/1.1",
        "CONNECT evil.example:443 HTTP/1.1",
        "TRACK / HTTP/1.1",
      ]) {
        expectRawProblem(await raw(line), 501, "not_implemented");
      }
      const allow: [string, string][] = [
        ["/api/scans", "GET, HEAD, POST, OPTIONS"],
        ["/api/v1/scans", "GET, HEAD, POST, OPTIONS"],
        ["/api/scans/x", "GET, HEAD, DELETE, OPTIONS"],
        ["/api/scans/x/report", "GET, HEAD, OPTIONS"],
        ["/api/scans/x/shares", "GET, HEAD, POST, OPTIONS"],
        ["/api/scans/x/shares/y", "DELETE, OPTIONS"],
        ["/api/session", "GET, HEAD, POST, DELETE, OPTIONS"],
        ["/analyze/fast", "POST, OPTIONS"],
        ["/analyze/deep", "POST, OPTIONS"],
        ["/health", "GET, HEAD, OPTIONS"],
        ["/share/x/report", "GET, HEAD, OPTIONS"],
        ["/", "GET, HEAD, OPTIONS"],
        ["/scans", "GET, HEAD, OPTIONS"],
      ];
      for (const [path, methods] of allow) {
        const res = await raw(`OPTIONS ${path} HTTP/1.1`);
        expect(res.status, path).toBe(204);
        expect(res.headers.allow, path).toBe(methods);
        expectSecurityHeaders(res.headers, `OPTIONS ${path}`);
      }
      await problem(await call("/api/scans", { method: "PATCH" }), 405, "method_not_allowed");
      await problem(await call("/", { method: "DELETE" }), 405, "method_not_allowed");
    });

    it("refuses absolute-form request targets with 400 and never redirects off-site", async () => {
      for (const target of [
        "http://evil.example/api/scans",
        "http://evil.example/",
        "https://evil.example/scans",
        `${f.server.url}/health`,
      ]) {
        const res = await raw(`GET ${target} HTTP/1.1`);
        expectRawProblem(res, 400, "invalid_request");
        expect(res.headers.location).toBeUndefined();
      }
    });

    it("puts a CSP and the security headers on Next's redirects, and keeps them on this host", async () => {
      for (const path of [
        "/scans/",
        "/api/scans/",
        "//evil.example/x",
        "//evil.example",
        "/\\evil.example/",
        "/a/../scans",
        "/./scans",
      ]) {
        const res = await raw(`GET ${path} HTTP/1.1`);
        expect([301, 302, 303, 307, 308], `${path}: ${res.status}`).toContain(res.status);
        expectSecurityHeaders(res.headers, path);
        const location = new URL(res.headers.location, f.server.url);
        expect(location.origin, `${path} -> ${res.headers.location}`).toBe(f.server.url);
      }
    });

    it("answers /api, /api/x, /analyze/x and /health/x with a problem+json 404, for every method", async () => {
      for (const path of [
        "/api",
        "/api/x",
        "/api/v1",
        "/api/v1/x",
        "/analyze",
        "/analyze/x",
        "/analyze/fast/x",
        "/health/x",
        "/api/scans/x/y/z",
      ]) {
        for (const method of ["GET", "POST", "PUT", "DELETE", "OPTIONS"]) {
          const res = await call(path, { method });
          await problem(res, 404, "not_found");
          expectSecurityHeaders(res.headers, `${method} ${path}`);
        }
      }
      // what Next's static file server says of a file it lacks
      const missing = await call("/_next/static/chunks/no-such-chunk.js");
      await problem(missing, 404, "not_found");
      expectSecurityHeaders(missing.headers, "missing static file");
    });

    it("answers a truncated multipart body with 400 and logs no uncaught exception", async () => {
      const key = await newKey("truncated");
      const whole = Buffer.concat([
        Buffer.from(
          '--B\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
        ),
        Buffer.from(benignPdf()),
        Buffer.from('\r\n--B\r\nContent-Disposition: form-data; name="retentionMode"\r\n\r\nretain_24h\r\n--B--\r\n'),
      ]);
      for (const route of ["/api/scans", "/analyze/fast", "/analyze/deep"]) {
        for (const cut of [60, Math.floor(whole.length / 2), whole.length - 8]) {
          const body = whole.subarray(0, cut);
          const res = await raw(
            `POST ${route} HTTP/1.1`,
            {
              ...bearer(key),
              "content-type": "multipart/form-data; boundary=B",
              "content-length": String(body.length),
            },
            body,
          );
          expectRawProblem(res, 400, "invalid_request");
        }
      }
      noUncaughtErrors();
    });

    it("serves the shared HTML export with its own no-script CSP, not the page CSP", async () => {
      const { scanId, token } = await scanAndShare(await newKey("export-csp"));
      for (const path of [`/share/${token}/report?format=html`, `/api/scans/${scanId}/report?format=html`]) {
        const res = await call(path, { headers: bearer(f.server.apiKey!) });
        expect(res.status, path).toBe(200);
        expect(res.headers.get("content-type")).toMatch(/^text\/html/);
        expect(res.headers.get("content-security-policy"), path).toBe(HTML_REPORT_CSP);
      }
      // the share page itself is a page, with the page CSP (a nonce for Next's scripts)
      expect((await call(`/share/${token}`)).headers.get("content-security-policy")).toMatch(
        /script-src 'self' 'nonce-/,
      );
      expect((await call(`/share/${token}/scan`)).headers.get("content-security-policy")).toBe(API_CSP);
    });
  });
}

describeHardening("SQLite, in-process queue", () => embeddedStack({ env: ENV, outputBytes: OUTPUT_BYTES }));
describeHardening("PostgreSQL + Redis", () => scaleOutStack({ env: ENV, outputBytes: OUTPUT_BYTES }));

/** Runs dist/server.mjs as `npm run serve` does, with `env`; resolves when it exits or `ready` says so. */
function serve(env: Record<string, string>, ready: (output: string) => boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pdfscan-serve-"));
  const child = spawn(process.execPath, [path.join(REPO_ROOT, "dist", "server.mjs")], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PDFSCAN_DATA_DIR: dataDir,
      PDFSCAN_DATABASE_URL: "",
      PDFSCAN_REDIS_URL: "",
      PDFSCAN_WORKERS: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const outcome = new Promise<{ exitCode: number | null; output: string }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server neither started nor exited within 60 s:\n${output}`)),
      60_000,
    );
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready(output)) {
        clearTimeout(timer);
        resolve({ exitCode: null, output });
      }
    };
    child.stdout.on("data", seen);
    child.stderr.on("data", seen);
    child.on("exit", (code) => (clearTimeout(timer), resolve({ exitCode: code, output })));
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { outcome, stop };
}

describe("one host setting: PDFSCAN_HOST, for every start path and for the PDFSCAN_AUTH=off check", () => {
  it("listens where PDFSCAN_HOST says, whatever HOST says", async () => {
    const port = await freePort();
    const server = serve(
      { PDFSCAN_HOST: "127.0.0.2", HOST: "127.0.0.1", PORT: String(port), PDFSCAN_AUTH: "off" },
      (o) => o.includes("listening on"),
    );
    try {
      const { exitCode, output } = await server.outcome;
      expect(exitCode, output).toBeNull();
      expect(output).toContain(`listening on http://127.0.0.2:${port}`);
      const health = await fetch(`http://127.0.0.2:${port}/health`, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
      expect(health.status).toBe(200);
      await expect(
        fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) }),
      ).rejects.toThrow();
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("refuses PDFSCAN_AUTH=off when PDFSCAN_HOST is not loopback, naming it, even with HOST=127.0.0.1", async () => {
    const server = serve(
      { PDFSCAN_HOST: "0.0.0.0", HOST: "127.0.0.1", PORT: String(await freePort()), PDFSCAN_AUTH: "off" },
      () => false,
    );
    try {
      const { exitCode, output } = await server.outcome;
      expect(exitCode).toBe(1);
      expect(output).toMatch(
        /PDFSCAN_AUTH: off is only accepted when the server listens on loopback \(PDFSCAN_HOST is 0\.0\.0\.0\)/,
      );
    } finally {
      await server.stop();
    }
  }, 120_000);
});
