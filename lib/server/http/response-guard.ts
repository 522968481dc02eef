// The last word on every response the production server sends, whoever made it (a route, Next's
// router, its static file server, its redirects): the front door installs this on each response.
// - the security headers and a CSP, unless the response set its own (pages: the proxy's nonce CSP;
//   the HTML export: its no-script CSP);
// - an error answer that is neither a page nor JSON (Next's text/plain 500 "Internal Server Error",
//   its bare "Not Found" for a missing static file, an empty 400 or 405) leaves as problem+json with
//   the same status and headers, so a client never has to parse anything else (issue 19).
import type { OutgoingHttpHeaders, ServerResponse } from "node:http";
import { STATUS_CODES } from "node:http";
import { ApiError, type ErrorCode } from "../errors";
import { toProblem } from "./problem-response";

/** Error statuses Next produces on its own, with the problem code each one means. */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "invalid_request",
  404: "not_found",
  405: "method_not_allowed",
  413: "body_too_large",
  415: "unsupported_media_type",
  500: "internal",
  501: "not_implemented",
  503: "unavailable",
};

/** Bodies of error answers that are kept as they are: our problems, other JSON, and HTML pages. */
const KEPT_ERROR_BODY = /^application\/(?:problem\+)?json|^text\/html/i;

type Callback = (error?: Error | null) => void;

export function guardResponse(
  res: ServerResponse,
  defaults: Record<string, string>,
  { head }: { head: boolean },
): void {
  // the originals, called with whatever arguments the maker passed (their overloads differ)
  type Loose = (this: ServerResponse, ...args: unknown[]) => unknown;
  const writeHead = res.writeHead as Loose;
  const write = res.write as Loose;
  const end = res.end as Loose;
  let problem: Buffer | null = null;

  res.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
    if (this.headersSent) return writeHead.call(this, status, ...rest);
    for (const [k, v] of Object.entries(defaults)) if (!this.hasHeader(k)) this.setHeader(k, v);
    const passed = rest.find((r): r is OutgoingHttpHeaders => typeof r === "object" && r !== null && !Array.isArray(r));
    if (replacesBody(this, status, passed)) {
      problem = Buffer.from(JSON.stringify(problemOf(status)));
      for (const h of ["content-type", "content-length", "content-encoding", "transfer-encoding"]) {
        this.removeHeader(h);
        for (const k of Object.keys(passed ?? {})) if (k.toLowerCase() === h) delete passed![k];
      }
      this.setHeader("content-type", "application/problem+json");
      this.setHeader("content-length", head ? 0 : problem.byteLength);
      this.setHeader("cache-control", "no-store");
    }
    return writeHead.call(this, status, ...rest);
  } as ServerResponse["writeHead"];

  // A body written before its head: the head is decided first when the body is to be replaced, so
  // no byte of it goes out (otherwise Node writes the head itself, with the length it computes).
  const decideHead = (r: ServerResponse) => {
    if (!r.headersSent && replacesBody(r, r.statusCode, undefined)) r.writeHead(r.statusCode);
  };
  res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
    decideHead(this);
    if (!problem) return write.call(this, chunk, ...rest);
    callbackOf(rest)?.();
    return true;
  } as ServerResponse["write"];

  res.end = function (this: ServerResponse, ...args: unknown[]) {
    decideHead(this);
    if (!problem) return end.call(this, ...args);
    const callback = callbackOf(args);
    return head ? end.call(this, callback) : end.call(this, problem, callback);
  } as ServerResponse["end"];
}

/** An error answer whose body is neither a problem, other JSON, nor a page. */
function replacesBody(res: ServerResponse, status: number, passed: OutgoingHttpHeaders | undefined): boolean {
  if (status < 400) return false;
  const passedType = Object.entries(passed ?? {}).find(([k]) => k.toLowerCase() === "content-type")?.[1];
  return !KEPT_ERROR_BODY.test(String(passedType ?? res.getHeader("content-type") ?? ""));
}

function problemOf(status: number) {
  const code = CODE_BY_STATUS[status] ?? (status < 500 ? "invalid_request" : "internal");
  const detail = status === 404 ? "Nothing is served at this path." : `${STATUS_CODES[status] ?? "Error"}.`;
  return { ...toProblem(new ApiError(code, detail)), status };
}

function callbackOf(args: unknown[]): Callback | undefined {
  const last = args[args.length - 1];
  return typeof last === "function" ? (last as Callback) : undefined;
}
