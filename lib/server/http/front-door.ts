// The front door of the production server (serve.ts): what every request meets on the raw Node
// socket BEFORE Next sees it (issue 19). Next buffers the body of any request its proxy matches, answers
// methods it does not know with a text/plain 500, follows an absolute-form request target to another
// host, and makes redirects and 404s without our headers; so, here:
// - a method this server serves nowhere (TRACE, CONNECT, PROPFIND, a made-up one): 501 problem+json;
// - a request target that is not a path (`GET http://evil.example/x`): 400, never a redirect;
// - a body over its route's limit (body-limits.ts): 413 from Content-Length before Next reads a byte,
//   and on the raw stream for a body without one (nothing past the limit is passed on);
// - every response, whoever makes it, leaves with the security headers and a CSP (a handler's own
//   win), and an error as problem+json (response-guard.ts).
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { HTTP_LIMITS } from "../../limits";
import { bodyKindOf, bodyLimitOf, declaredLength } from "./body-limits";
import { ApiError } from "../errors";
import { toProblem } from "./problem-response";
import { guardResponse } from "./response-guard";
import { API_CSP, commonSecurityHeaders, STATIC_SCRIPT_CSP } from "./security-headers";

/** Where Next serves the built scripts and assets. */
const NEXT_STATIC_PREFIX = "/_next/static/";

/** The methods some route of ours answers; anything else is 501 for every path. */
export const SERVED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const SERVED = new Set<string>(SERVED_METHODS);

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface FrontDoorOptions {
  /** behind TLS: HSTS on every response */
  tls: boolean;
  /** PDFSCAN_MAX_UPLOAD_BYTES */
  maxUploadBytes: number;
}

/** Puts the front door between `server` and `handle` (Next's request handler). */
export function attachFrontDoor(server: Server, handle: RequestHandler, options: FrontDoorOptions): void {
  const defaults = defaultHeaders(options.tls);
  const staticDefaults = { ...defaults, "content-security-policy": STATIC_SCRIPT_CSP };
  const admit = (req: IncomingMessage, res: ServerResponse): ApiError | null => {
    // Next's built scripts: the CSP a file is served with is a worker's own when the file starts one
    guardResponse(res, pathOf(req.url ?? "").startsWith(NEXT_STATIC_PREFIX) ? staticDefaults : defaults, {
      head: req.method === "HEAD",
    });
    return refusalOf(req, options);
  };
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    capBody(req, bodyLimitOf(bodyKindOf(req.method ?? "", pathOf(req.url ?? "")), options.maxUploadBytes).maxBytes);
    // A body the answer left unread (a 401 before the upload is read) is read and dropped by Node
    // itself once the answer ends, uncounted and without end. Reading it here first, before Node's own
    // 'finish' listener runs, keeps every byte going through capBody and its bound.
    res.prependOnceListener("finish", () => {
      if (req.complete || req.destroyed) return;
      req.on("data", () => {});
      req.on("error", () => {});
      req.resume();
    });
    handle(req, res).catch((error: unknown) => {
      console.error(`[pdfscan] unhandled error on ${req.method} ${pathOf(req.url ?? "").slice(0, 200)}:`, error);
      if (!res.headersSent)
        sendProblem(req, res, new ApiError("internal", "The server failed to handle this request."));
      else res.destroy();
    });
  };
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const refusal = admit(req, res);
    if (refusal) return sendProblem(req, res, refusal);
    if (req.method === "OPTIONS" && req.url === "*")
      return void res.writeHead(204, { allow: SERVED_METHODS.join(", ") }).end();
    pass(req, res);
  });
  // `Expect: 100-continue` (curl sends it for bodies over 1 MiB): a refused body is never asked for
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    const refusal = admit(req, res);
    if (refusal) return sendProblem(req, res, refusal);
    res.writeContinue();
    pass(req, res);
  });
  // CONNECT never reaches 'request'; without a listener Node drops the socket without an answer
  server.on("connect", (_req: IncomingMessage, socket: Duplex) => {
    endRaw(socket, new ApiError("not_implemented", "CONNECT is not served here: this is not a proxy."), defaults);
  });
  // a request line or header block Node's parser refuses (an unknown method token, a bad header)
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    // a client gone, or one too slow to send its request (requestTimeout): nobody to answer
    if (
      error.code === "ECONNRESET" ||
      error.code === "ERR_HTTP_REQUEST_TIMEOUT" ||
      !socket.writable ||
      inFlight?.headersSent
    )
      return void socket.destroy();
    const refusal =
      error.code === "HPE_INVALID_METHOD"
        ? new ApiError("not_implemented", "That request method is not served here.")
        : new ApiError("invalid_request", "The request could not be parsed as HTTP/1.1.");
    endRaw(socket, refusal, defaults);
  });
}

/** Why the front door answers a request itself, or null to pass it on to Next. */
function refusalOf(req: IncomingMessage, options: FrontDoorOptions): ApiError | null {
  const method = req.method ?? "";
  const target = req.url ?? "";
  if (!SERVED.has(method)) {
    return new ApiError("not_implemented", `${method.slice(0, 32)} is not served on any path here.`);
  }
  if (!target.startsWith("/") && !(method === "OPTIONS" && target === "*")) {
    // absolute-form (RFC 9112 section 3.2.2) is for proxies; Next would follow it to the named host
    return new ApiError("invalid_request", "The request target must be a path (origin-form), not an absolute URL.");
  }
  const limit = bodyLimitOf(bodyKindOf(method, pathOf(target)), options.maxUploadBytes);
  const declared = declaredLength(req.headers["content-length"]);
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if ((declared !== null && declared > limit.maxBytes) || (chunked && limit.maxBytes === 0)) return limit.tooLarge();
  return null;
}

/**
 * Counts a body on the raw stream, where Node's HTTP parser hands each chunk to the request
 * (IncomingMessage.push), before any reader. Up to `maxBytes` passes; the chunk that crosses it too, so
 * the route's own bounded reader sees the overflow and answers 413 (read-body.ts). The rest is read and
 * dropped (the client can read that answer) up to MAX_DISCARD_BYTES; past that the connection is cut.
 * Only a body without Content-Length can get here over its limit.
 */
function capBody(req: IncomingMessage, maxBytes: number): void {
  const push = req.push;
  let seen = 0;
  req.push = function (chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk === null || !(chunk instanceof Uint8Array)) return push.call(this, chunk, encoding);
    const before = seen;
    seen += chunk.byteLength;
    if (seen <= maxBytes) return push.call(this, chunk, encoding);
    if (before <= maxBytes) push.call(this, chunk, encoding);
    if (seen > HTTP_LIMITS.MAX_DISCARD_BYTES) req.socket.destroy();
    return true;
  };
}

/**
 * Answers with a problem. A body the request still carries is read and dropped (bounded, as above) so
 * the client sees the answer; one declared over MAX_DISCARD_BYTES is not read: the connection closes.
 */
function sendProblem(req: IncomingMessage, res: ServerResponse, error: ApiError): void {
  const declared = declaredLength(req.headers["content-length"]);
  const hasBody = req.headers["transfer-encoding"] !== undefined || (declared ?? 0) > 0;
  const linger = hasBody && (declared === null || declared <= HTTP_LIMITS.MAX_DISCARD_BYTES);
  if (linger) {
    // reading before the answer ends keeps Node from dumping the body unread and uncounted
    let seen = 0;
    req.on("data", (chunk: Buffer) => {
      seen += chunk.byteLength;
      if (seen > HTTP_LIMITS.MAX_DISCARD_BYTES) req.socket.destroy();
    });
    req.on("error", () => {});
  } else if (hasBody) {
    res.once("finish", () => req.socket.destroy());
  }
  const body = JSON.stringify(toProblem(error));
  res.writeHead(error.status, {
    "content-type": "application/problem+json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    ...error.extra.headers,
    ...(hasBody && !linger ? { connection: "close" } : {}),
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** A problem written straight to a socket that has no ServerResponse (CONNECT, parse errors). */
function endRaw(socket: Duplex, error: ApiError, defaults: Record<string, string>): void {
  const body = JSON.stringify(toProblem(error));
  const headers = {
    ...defaults,
    "content-type": "application/problem+json",
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
    connection: "close",
  };
  const head = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.on("error", () => {});
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}

/** What every response carries unless its maker set its own (pages: the proxy's nonce CSP). */
function defaultHeaders(tls: boolean): Record<string, string> {
  return { "content-security-policy": API_CSP, ...commonSecurityHeaders(tls) };
}

function pathOf(target: string): string {
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}
