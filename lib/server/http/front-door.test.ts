// The front door on a real local HTTP server, with a stand-in for Next's request handler that
// misbehaves the way Next does (text/plain errors, bodies it reads or leaves unread), so each refusal
// is checked to happen before the handler runs, and each answer to leave with the headers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawExchange } from "../../../test/support/raw-http";
import { HTTP_LIMITS } from "../../limits";
import { attachFrontDoor } from "./front-door";
import { API_CSP, STATIC_SCRIPT_CSP } from "./security-headers";

const MAX_UPLOAD_BYTES = 1_000;
const UPLOAD_CAP = MAX_UPLOAD_BYTES + HTTP_LIMITS.MULTIPART_OVERHEAD_BYTES;

/** Next's stand-in: what it does depends on the path. */
async function handler(req: IncomingMessage, res: ServerResponse): Promise<void> {
  calls.push(`${req.method} ${req.url}`);
  const path = (req.url ?? "").split("?")[0];
  if (path === "/analyze/fast") {
    // reads the whole body, as a route's reader would, and says how much arrived
    let bytes = 0;
    for await (const chunk of req) bytes += (chunk as Buffer).byteLength;
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ bytes }));
    return;
  }
  if (path === "/text-error") {
    res.statusCode = 500;
    res.setHeader("content-type", "text/plain; charset=utf-8");
    res.end("Internal Server Error: secret at /srv/app.js");
    return;
  }
  if (path.startsWith("/_next/static/") || path === "/data.json")
    return void res.writeHead(200, { "content-type": "application/javascript" }).end("self.x=1");
  if (path === "/empty-405") return void res.writeHead(405, { allow: "GET" }).end();
  if (path === "/typed-413")
    return void res.writeHead(413, { "Content-Type": "text/plain", "Content-Length": "8" }).end("too big!");
  if (path === "/html-404")
    return void res
      .writeHead(404, { "content-type": "text/html", "content-security-policy": "default-src 'self'" })
      .end("<p>no</p>");
  if (path === "/written-error") {
    res.statusCode = 400;
    res.write("partial");
    res.end("rest");
    return;
  }
  if (path === "/throws") throw new Error("a bug");
  res.setHeader("content-type", "text/plain");
  res.end("ok");
}

let calls: string[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer();
  attachFrontDoor(server, handler, { tls: false, maxUploadBytes: MAX_UPLOAD_BYTES });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const request = (line: string, headers: Record<string, string> = {}, body?: Buffer) => {
  calls = [];
  const head = [
    line,
    "host: 127.0.0.1",
    "connection: close",
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join("\r\n");
  return rawExchange(url, `${head}\r\n\r\n`, { body, timeoutMs: 10_000 });
};

/** A chunked body of `pieces` chunks of `size` bytes. */
const chunked = (pieces: number, size: number) =>
  Buffer.concat([
    ...Array.from({ length: pieces }, () =>
      Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), Buffer.alloc(size, 0x41), Buffer.from("\r\n")]),
    ),
    Buffer.from("0\r\n\r\n"),
  ]);

describe("front door", () => {
  it.each(["TRACE / HTTP/1.1", "PROPFIND /api/scans HTTP/1.1", "FOO / HTTP/1.1", "CONNECT evil.example:443 HTTP/1.1"])(
    "answers %s with 501 before Next",
    async (line) => {
      const res = await request(line);
      expect(res.status).toBe(501);
      expect(JSON.parse(res.body)).toMatchObject({ code: "not_implemented", status: 501 });
      expect(res.headers["content-security-policy"]).toBe(API_CSP);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(calls).toEqual([]);
    },
  );

  it.each(["http://evil.example/api/scans", "https://evil.example/", "evil.example:80"])(
    "refuses the request target %s with 400",
    async (target) => {
      const res = await request(`GET ${target} HTTP/1.1`);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ code: "invalid_request" });
      expect(res.headers.location).toBeUndefined();
      expect(calls).toEqual([]);
    },
  );

  it("answers OPTIONS * with the methods served", async () => {
    const res = await request("OPTIONS * HTTP/1.1");
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
  });

  it.each([
    ["POST /api/session HTTP/1.1", HTTP_LIMITS.MAX_JSON_BODY_BYTES + 1, "body_too_large"],
    ["POST /analyze/fast HTTP/1.1", UPLOAD_CAP + 1, "file_too_large"],
    ["POST / HTTP/1.1", 1, "body_too_large"],
    ["GET /api/scans HTTP/1.1", 1, "body_too_large"],
    ["DELETE /api/scans/x HTTP/1.1", 10, "body_too_large"],
  ])("refuses %s with a Content-Length of %i before Next", async (line, length, code) => {
    const res = await request(line, { "content-length": String(length) }, Buffer.alloc(length));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code, status: 413 });
    expect(calls).toEqual([]);
  });

  it("refuses a chunked body where the route takes none, before Next", async () => {
    const res = await request("POST /nope HTTP/1.1", { "transfer-encoding": "chunked" }, chunked(2, 10));
    expect(res.status).toBe(413);
    expect(calls).toEqual([]);
  });

  it("passes a body within its limit whole", async () => {
    const res = await request("POST /analyze/fast HTTP/1.1", { "transfer-encoding": "chunked" }, chunked(4, 16_000));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ bytes: 64_000 });
  });

  it("passes a chunked body over its limit only up to the chunk that crosses it", async () => {
    const piece = 16 * 1024;
    const res = await request("POST /analyze/fast HTTP/1.1", { "transfer-encoding": "chunked" }, chunked(64, piece));
    expect(res.status).toBe(200);
    const { bytes } = JSON.parse(res.body) as { bytes: number };
    expect(bytes).toBeGreaterThan(UPLOAD_CAP);
    // one read of the socket past the limit at most (Node reads 64 KiB at a time)
    expect(bytes).toBeLessThanOrEqual(UPLOAD_CAP + 64 * 1024);
  });

  it.each(["/text-error", "/empty-405", "/typed-413", "/written-error", "/throws"])(
    "turns the answer of %s into problem+json with the security headers",
    async (path) => {
      const res = await request(`GET ${path} HTTP/1.1`);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.headers["content-type"]).toBe("application/problem+json");
      expect(JSON.parse(res.body)).toMatchObject({
        status: res.status,
        code: expect.any(String),
        title: expect.any(String),
      });
      expect(res.body).not.toMatch(/partial|rest|secret|a bug/);
      expect(res.headers["content-security-policy"]).toBe(API_CSP);
      expect(res.headers["x-frame-options"]).toBe("DENY");
    },
  );

  it("serves Next's built scripts with a CSP that lets a worker they start load our scripts only; anything else gets the API's", async () => {
    const script = await request("GET /_next/static/chunks/turbopack-worker-1.js HTTP/1.1");
    expect(script.headers["content-security-policy"]).toBe(STATIC_SCRIPT_CSP);
    expect(STATIC_SCRIPT_CSP).toMatch(/^default-src 'none'; script-src 'self';/);
    expect((await request("GET /data.json HTTP/1.1")).headers["content-security-policy"]).toBe(API_CSP);
  });

  it("keeps a page's own body and CSP", async () => {
    const res = await request("GET /html-404 HTTP/1.1");
    expect(res.status).toBe(404);
    expect(res.body).toBe("<p>no</p>");
    expect(res.headers["content-security-policy"]).toBe("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("keeps the allow header of a 405 it rewrites, and sends no body to HEAD", async () => {
    const res = await request("GET /empty-405 HTTP/1.1");
    expect(res.headers.allow).toBe("GET");
    const head = await request("HEAD /text-error HTTP/1.1");
    expect(head.status).toBe(500);
    expect(head.body).toBe("");
  });
});
