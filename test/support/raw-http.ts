// HTTP/1.1 on a bare TCP socket, for what fetch will not send (TRACE, CONNECT, an absolute-form
// request target, a made-up method, a body that never ends properly) and for bodies too large to
// hold in the test process: a 256 MiB body is written as it is sent, with backpressure. Plus the
// server's resident memory, read from /proc (Linux).
import { readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  /** header names in lowercase; repeated headers joined with ", " */
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` (and `body`) on a new connection and reads the first answer on it. A server that does
 * not answer within `timeoutMs` fails the call: a hang is a failure, never a pass.
 */
export function rawExchange(
  url: string,
  head: string,
  { body, timeoutMs = 30_000 }: { body?: Buffer; timeoutMs?: number } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(head.split("\r\n")[0])}`));
    }, timeoutMs);
    const settle = () => {
      const answer = parseAnswer(received);
      if (!answer) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
      return true;
    };
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      settle();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      if (settle()) return;
      clearTimeout(timer);
      reject(
        new Error(
          `connection closed without a complete answer to ${JSON.stringify(head.split("\r\n")[0])}: ${JSON.stringify(received.toString("latin1").slice(0, 200))}`,
        ),
      );
    });
    socket.write(head);
    if (body) socket.write(body);
  });
}

/** The first complete HTTP/1.1 answer in `data` (Content-Length or chunked body), or null. */
function parseAnswer(data: Buffer): RawAnswer | null {
  const end = data.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = data.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const status = Number(statusLine.split(" ")[1]);
  const rest = data.subarray(end + 4);
  if (status === 204 || status === 304 || status < 200) return { status, headers, body: "" };
  if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    return rest.length >= length ? { status, headers, body: rest.subarray(0, length).toString("utf8") } : null;
  }
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const parts: Buffer[] = [];
    let at = 0;
    for (;;) {
      const lineEnd = rest.indexOf("\r\n", at);
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(at, lineEnd).toString("latin1"), 16);
      if (size === 0) return { status, headers, body: Buffer.concat(parts).toString("utf8") };
      if (rest.length < lineEnd + 2 + size + 2) return null;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
    }
  }
  return null; // a body that ends with the connection
}

export interface BigBodyResult {
  /** the status line's code, or null when the server closed without one */
  status: number | null;
  answer: string;
  /** body bytes written before the server stopped reading or the body ended */
  sentBytes: number;
}

/**
 * Sends a body of `bytes` spaces (with Content-Length, or chunked) the way an attacker does: all of it,
 * whatever the server answers meanwhile, then half-closes and waits for the server to close. Fails
 * after `timeoutMs` without an end.
 */
export function sendBigBody(
  url: string,
  {
    method,
    path,
    headers,
    bytes,
    chunked,
    timeoutMs = 120_000,
  }: {
    method: string;
    path: string;
    headers: Record<string, string>;
    bytes: number;
    chunked: boolean;
    timeoutMs?: number;
  },
): Promise<BigBodyResult> {
  const { hostname, port, host } = new URL(url);
  const PIECE = Math.min(1024 * 1024, bytes); // `bytes` is a multiple of it
  const piece = Buffer.alloc(PIECE, 0x20);
  const framed = chunked
    ? Buffer.concat([Buffer.from(`${PIECE.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
    : piece;
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    let sent = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`${method} ${path}: no end within ${timeoutMs} ms (sent ${sent} bytes)`));
    }, timeoutMs);
    socket.on("data", (d) => (answer += d.toString("latin1")));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      resolve({ status: status ? Number(status) : null, answer, sentBytes: sent });
    });
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `Host: ${host}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    lines.push(chunked ? "Transfer-Encoding: chunked" : `Content-Length: ${bytes}`);
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
    const pump = () => {
      while (sent < bytes) {
        if (socket.destroyed) return;
        sent += PIECE;
        if (!socket.write(framed)) return void socket.once("drain", pump);
      }
      if (chunked) socket.end("0\r\n\r\n");
      else socket.end();
    };
    pump();
  });
}

/** Resident memory of a process now and at its peak since the last resetPeakRss(), in bytes. */
export function rssOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1]) * 1024;
  return { rss: kib("VmRSS"), peak: kib("VmHWM") };
}

/** Resets the peak (VmHWM) to the current resident size (Linux 4.0+, /proc/PID/clear_refs). */
export function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}
