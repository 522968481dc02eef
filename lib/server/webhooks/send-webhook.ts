// One HTTP POST of a webhook to an address already checked (callback-url.ts): the connection goes to
// that address whatever DNS says now, the Host header and TLS name stay the URL's. Redirects are not
// followed (a 3xx is a failed attempt: following it would reach an address nobody checked), the
// answer's body is not read, and the whole attempt is bounded by one timeout.
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import type { ResolvedTarget } from "./callback-url";

export interface SendOutcome {
  /** the HTTP status, or null when no answer came */
  statusCode: number | null;
  /** why the attempt failed (null on 2xx) */
  error: string | null;
  durationMs: number;
}

/** `interrupt` (this process shuts down) cuts the attempt short like the timeout does. */
export async function sendWebhook(
  target: ResolvedTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  interrupt?: AbortSignal,
): Promise<SendOutcome> {
  const started = performance.now();
  const { url, address, family } = target;
  // the checked address, in whichever callback form net asks for (all: true with autoSelectFamily)
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const request = url.protocol === "https:" ? https.request : http.request;
  const done = (statusCode: number | null, error: string | null): SendOutcome => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise<SendOutcome>((resolve) => {
    const req = request(url, {
      method: "POST",
      agent: false,
      lookup: pinned,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        "user-agent": "pdfscan-webhooks/1",
      },
      signal: interrupt ? AbortSignal.any([interrupt, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs),
    });
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      res.destroy(); // the body is not needed; a receiver streaming forever must not hold us
      if (status >= 200 && status < 300) resolve(done(status, null));
      else if (status >= 300 && status < 400) resolve(done(status, `HTTP ${status}: redirects are not followed`));
      else resolve(done(status, `HTTP ${status}`));
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (interrupt?.aborted) resolve(done(null, "interrupted: this process is shutting down"));
      else
        resolve(
          done(
            null,
            error.name === "AbortError" || error.name === "TimeoutError"
              ? `no answer within ${timeoutMs} ms`
              : `${error.code ?? error.name}: ${error.message}`,
          ),
        );
    });
    req.end(body);
  });
}
