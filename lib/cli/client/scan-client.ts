// HTTP client of the service's scan API (README "Scans"), on Node's fetch. Every failure becomes a
// CliError with one line: the problem+json answer's status, title and detail, or the network error.
import { CliError } from "../cli-error";
import type { ServerTarget } from "./server-target";
import { serverSentEvents } from "./event-stream";
import type { ScanResource } from "../../server/scans/scan-resource";
import type { WebhookDelivery } from "../../server/webhooks/webhook-store";

/** The scan resource as the server declares it (its zod schema): one definition for the API, the web app and this client. */
export type { ScanResource };

export interface ScanPage {
  items: ScanResource[];
  nextCursor: string | null;
}

export interface ShareResource {
  shareId: string;
  url: string;
  expiresAt: string;
}

export interface ScanListFilters {
  verdict?: string;
  status?: string;
  query?: string;
  /** an indicator the scans contain (GET /api/scans?ioc=) */
  ioc?: string;
  limit?: number;
  cursor?: string;
}

export class ScanClient {
  constructor(readonly target: ServerTarget) {}

  /** An absolute URL on the server for a path the API returned (resultUrl, a share link's url). */
  absolute(path: string): string {
    return new URL(path.replace(/^\//, ""), `${this.target.url}/`).href;
  }

  /** `password`: the document's own password (an encrypted PDF); the server keeps it only until the stages ran. */
  /** A PDF gives its scan; a ZIP of PDFs (password `infected` unless zipPassword says) a batch with one scan per PDF. */
  async submit(
    file: Blob,
    fileName: string,
    options: {
      retentionMode?: string;
      enrichment: boolean;
      password?: string;
      callbackUrl?: string;
      zipPassword?: string;
    },
  ): Promise<
    (ScanResource | { batchId: string; scans: ScanResource[]; skipped: { name: string; reason: string }[] }) & {
      webhookSecret?: string;
    }
  > {
    const form = new FormData();
    form.append("file", file, fileName);
    if (options.retentionMode) form.append("retentionMode", options.retentionMode);
    form.append("enableEnrichment", String(options.enrichment));
    if (options.password) form.append("password", options.password);
    if (options.callbackUrl) form.append("callbackUrl", options.callbackUrl);
    if (options.zipPassword) form.append("zipPassword", options.zipPassword);
    return (await this.request("POST", "api/scans", { body: form })).json() as ReturnType<ScanClient["submit"]>;
  }

  /** A new webhook signing secret for this key (POST /api/webhook-secret), shown this once. */
  async rotateWebhookSecret(): Promise<string> {
    return ((await (await this.request("POST", "api/webhook-secret")).json()) as { webhookSecret: string })
      .webhookSecret;
  }

  /** The delivery log of a scan's webhooks (GET /api/scans/:scanId/webhooks). */
  async webhookDeliveries(scanId: string): Promise<{ callbackUrl: string | null; items: WebhookDelivery[] }> {
    return (await this.request("GET", `api/scans/${encodeURIComponent(scanId)}/webhooks`)).json() as Promise<{
      callbackUrl: string | null;
      items: WebhookDelivery[];
    }>;
  }

  async get(scanId: string): Promise<ScanResource> {
    return (await this.request("GET", `api/scans/${encodeURIComponent(scanId)}`)).json() as Promise<ScanResource>;
  }

  async list(filters: ScanListFilters): Promise<ScanPage> {
    const query = new URLSearchParams();
    if (filters.limit !== undefined) query.set("limit", String(filters.limit));
    if (filters.cursor) query.set("cursor", filters.cursor);
    if (filters.verdict) query.set("verdict", filters.verdict);
    if (filters.status) query.set("status", filters.status);
    if (filters.query) query.set("q", filters.query);
    if (filters.ioc) query.set("ioc", filters.ioc);
    return (await this.request("GET", `api/scans?${query}`)).json() as Promise<ScanPage>;
  }

  /** The report in one of the server's formats, as bytes (HTML and CSV are written out verbatim). */
  async report(scanId: string, format: string): Promise<Uint8Array> {
    const res = await this.request(
      "GET",
      `api/scans/${encodeURIComponent(scanId)}/report?format=${encodeURIComponent(format)}`,
    );
    return new Uint8Array(await res.arrayBuffer());
  }

  async delete(scanId: string): Promise<void> {
    await this.request("DELETE", `api/scans/${encodeURIComponent(scanId)}`);
  }

  async share(scanId: string, expiresInHours: number): Promise<ShareResource> {
    const body = JSON.stringify({ expiresInHours });
    const res = await this.request("POST", `api/scans/${encodeURIComponent(scanId)}/shares`, {
      body,
      headers: { "content-type": "application/json" },
    });
    return res.json() as Promise<ShareResource>;
  }

  /**
   * The scan as the server's event stream reports it, each state once, until a terminal state or the
   * stream's end (GET /api/scans/:scanId/events).
   */
  async *events(scanId: string, signal?: AbortSignal): AsyncGenerator<ScanResource> {
    const res = await this.request("GET", `api/scans/${encodeURIComponent(scanId)}/events`, {
      headers: { accept: "text/event-stream" },
      signal,
    });
    if (!res.body || !res.headers.get("content-type")?.startsWith("text/event-stream")) return;
    for await (const e of serverSentEvents(res.body)) {
      if (e.event === "scan") yield JSON.parse(e.data) as ScanResource;
      else if (e.event === "end" || e.event === "deleted") return;
    }
  }

  private async request(
    method: string,
    path: string,
    init: { body?: BodyInit; headers?: Record<string, string>; signal?: AbortSignal } = {},
  ): Promise<Response> {
    const url = `${this.target.url}/${path}`;
    const headers: Record<string, string> = { accept: "application/json, */*", ...init.headers };
    if (this.target.apiKey) headers.authorization = `Bearer ${this.target.apiKey}`;
    let res: Response;
    try {
      res = await fetch(url, { method, body: init.body, headers, redirect: "error", signal: init.signal });
    } catch (error) {
      throw new CliError(`cannot reach ${this.target.url}: ${networkReason(error)}`);
    }
    if (!res.ok) throw new CliError(await problemLine(res, this.target));
    return res;
  }
}

/** undici reports "fetch failed" with the useful part (ECONNREFUSED, ENOTFOUND...) in its cause. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return oneLine(cause?.code ?? cause?.message ?? (error as Error).message ?? String(error));
}

/** "server answered 404 Scan not found: No scan with id ..." from a problem+json body (or its text), with a 400's field errors. */
export async function problemLine(res: Response, target: ServerTarget): Promise<string> {
  const text = await res.text().catch(() => "");
  let title = res.statusText;
  let detail = "";
  try {
    const problem = JSON.parse(text) as { title?: unknown; detail?: unknown; errors?: unknown };
    if (typeof problem.title === "string") title = problem.title;
    if (typeof problem.detail === "string") detail = problem.detail;
    // a 400's field errors say what to change: "(verdict: must be one of ...)"
    const fields = Array.isArray(problem.errors)
      ? (problem.errors as { field?: unknown; message?: unknown }[]).filter((e) => typeof e?.message === "string")
      : [];
    if (fields.length > 0)
      detail += ` (${fields.map((e) => (typeof e.field === "string" ? `${e.field}: ${e.message}` : e.message)).join("; ")})`;
  } catch {
    detail = text.slice(0, 200);
  }
  const hint = res.status === 401 && !target.apiKey ? " (no API key: pass --api-key or set PDFSCAN_API_KEY)" : "";
  return oneLine(`server answered ${res.status} ${title}${detail ? `: ${detail}` : ""}${hint}`);
}

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();
