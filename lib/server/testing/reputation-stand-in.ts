// A local stand-in for the online reputation services (enrichment/online), answering as their
// documentation describes: VirusTotal API v3 (GET /api/v3/files/{hash}, x-apikey; 404 NotFoundError,
// 401 WrongCredentialsError, 429 QuotaExceededError) and URLhaus API v1 (POST /v1/host/ with a form
// field `host`, Auth-Key header; query_status ok / no_results / unknown_auth_key). Tests decide what
// it knows and read what it was asked; a test in another process (the browser tests) teaches it over
// HTTP: PUT /stand-in/files/{sha256} {malicious, undetected, label?}, PUT /stand-in/hosts/{host} [{url, status}].
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ReputationStandIn {
  url: string;
  requests: StandInRequest[];
  /** sha256 -> last_analysis_stats (and a label) */
  files: Map<string, { malicious: number; undetected: number; label?: string }>;
  /** host -> its URLs (status online/offline) */
  hosts: Map<string, { url: string; status: "online" | "offline" }[]>;
  /** the accepted keys (anything else: the documented refusal) */
  apiKey: string;
  authKey: string;
  /** when set, every answer is this HTTP status (429 quota, 500) */
  failWith: number | null;
  /** when true, requests are taken and never answered */
  hang: boolean;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

/** `port` 0: any free port (tests in this process); a fixed one for the browser tests' server. */
export async function startReputationStandIn(port = 0): Promise<ReputationStandIn> {
  const standIn: Omit<ReputationStandIn, "url" | "close"> = {
    requests: [],
    files: new Map(),
    hosts: new Map(),
    apiKey: "vt-test-key",
    authKey: "uh-test-key",
    failWith: null,
    hang: false,
  };
  const answer = (req: StandInRequest): { status: number; body: string } => {
    const taught = /^\/stand-in\/(files|hosts)\/([^/]+)$/.exec(req.path);
    if (taught && req.method === "PUT") {
      const key = decodeURIComponent(taught[2]!).toLowerCase();
      if (taught[1] === "files")
        standIn.files.set(key, JSON.parse(req.body) as { malicious: number; undetected: number; label?: string });
      else standIn.hosts.set(key, JSON.parse(req.body) as { url: string; status: "online" | "offline" }[]);
      return json(204, {});
    }
    if (req.path === "/stand-in/health") return json(200, { ok: true });
    if (standIn.failWith)
      return json(standIn.failWith, {
        error: { code: standIn.failWith === 429 ? "QuotaExceededError" : "InternalError", message: "stand-in" },
      });
    const file = /^\/api\/v3\/files\/([^/]+)$/.exec(req.path);
    if (file && req.method === "GET") {
      if (req.headers["x-apikey"] !== standIn.apiKey)
        return json(401, { error: { code: "WrongCredentialsError", message: "Wrong API key" } });
      const id = decodeURIComponent(file[1]!).toLowerCase();
      const known = standIn.files.get(id);
      if (!known) return json(404, { error: { code: "NotFoundError", message: `File "${id}" not found` } });
      return json(200, {
        data: {
          id,
          type: "file",
          links: { self: `https://www.virustotal.com/api/v3/files/${id}` },
          attributes: {
            last_analysis_stats: {
              malicious: known.malicious,
              suspicious: 0,
              undetected: known.undetected,
              harmless: 0,
              timeout: 1,
              "type-unsupported": 3,
              failure: 0,
              "confirmed-timeout": 0,
            },
            last_analysis_date: 1_764_000_000,
            first_submission_date: 1_700_000_000,
            ...(known.label && { popular_threat_classification: { suggested_threat_label: known.label } }),
          },
        },
      });
    }
    if (req.path === "/v1/host/" && req.method === "POST") {
      if (req.headers["auth-key"] !== standIn.authKey) return json(401, { query_status: "unknown_auth_key" });
      const host = new URLSearchParams(req.body).get("host") ?? "";
      const urls = standIn.hosts.get(host);
      if (!urls) return json(200, { query_status: "no_results" });
      return json(200, {
        query_status: "ok",
        urlhaus_reference: `https://urlhaus.abuse.ch/host/${host}/`,
        host,
        firstseen: "2026-10-01 08:00:00 UTC",
        url_count: String(urls.length),
        blacklists: { spamhaus_dbl: "not listed", surbl: "not listed" },
        urls: urls.map((u, i) => ({
          id: String(3_000_000 + i),
          urlhaus_reference: `https://urlhaus.abuse.ch/url/${3_000_000 + i}/`,
          url: u.url,
          url_status: u.status,
          date_added: "2026-11-20 10:30:00 UTC",
          threat: "malware_download",
          reporter: "stand-in",
          larted: "true",
          takedown_time_seconds: null,
          tags: ["pdf"],
        })),
      });
    }
    return json(404, { error: { code: "NotFoundError", message: "no such endpoint" } });
  };
  const server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      const r = {
        method: req.method ?? "",
        path: new URL(req.url ?? "/", "http://x").pathname,
        headers: req.headers,
        body,
      };
      if (!r.path.startsWith("/stand-in/")) standIn.requests.push(r);
      if (standIn.hang) return;
      const { status, body: out } = answer(r);
      if (status === 204) res.writeHead(204).end();
      else res.writeHead(status, { "content-type": "application/json" }).end(out);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
