// One request to an online reputation service (online-lookups.ts): bounded by its own timeout and the
// enrichment step's signal, the answer read up to a size cap, and every failure one ProviderError with
// a reason a report can show. Only what the caller passes is sent: an indicator, never the file.
import { PROVIDER_LIMITS } from "../../../limits";
import { readFetchedBody } from "../../http/fetched-body";

export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    /** the service refused the key or the quota: later lookups of this scan are skipped too */
    readonly stopsProvider = false,
  ) {
    super(message);
  }
}

export interface ProviderRequest {
  url: string;
  method: "GET" | "POST";
  headers: Record<string, string>;
  /** a form body (application/x-www-form-urlencoded) */
  form?: Record<string, string>;
  timeoutMs: number;
  signal: AbortSignal;
}

/** The status and the parsed JSON body; throws ProviderError when no JSON answer came in time. */
export async function requestJson(req: ProviderRequest): Promise<{ status: number; body: unknown }> {
  const signal = AbortSignal.any([req.signal, AbortSignal.timeout(req.timeoutMs)]);
  let res: Response;
  try {
    res = await fetch(req.url, {
      method: req.method,
      headers: { accept: "application/json", "user-agent": "pdfscan-enrichment/1", ...req.headers },
      ...(req.form && { body: new URLSearchParams(req.form) }),
      redirect: "error",
      signal,
    });
  } catch (error) {
    if (req.signal.aborted) throw new ProviderError("the enrichment step's budget ran out");
    if (signal.aborted) throw new ProviderError(`no answer within ${req.timeoutMs} ms`);
    throw new ProviderError(
      `not reached: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`,
    );
  }
  const text = Buffer.from(
    await readFetchedBody(res, PROVIDER_LIMITS.MAX_ANSWER_BYTES).catch(() => {
      throw new ProviderError(
        `the answer (HTTP ${res.status}) was cut off or larger than ${PROVIDER_LIMITS.MAX_ANSWER_BYTES} bytes`,
      );
    }),
  ).toString("utf8");
  try {
    return { status: res.status, body: JSON.parse(text) as unknown };
  } catch {
    throw new ProviderError(`HTTP ${res.status} without a JSON body`);
  }
}
