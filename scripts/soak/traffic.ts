// The soak's clients: uploaders (POST a scan, then follow it as a client would, polling its status)
// and readers (status, report, list and /health of scans created so far). Every request is timed and
// counted by route and outcome: the HTTP status, "network" (no answer: the server was being killed)
// or "timeout". Clients never stop on an error: they pause briefly and go on.
import { mulberry32 } from "../../lib/analyzer/model/folds";
import { TERMINAL, scanForm, type ScanJson } from "../../test/scans/support/scan-api";
import { authorizedFetch as fetch } from "../../test/support/next-server";
import { nextUpload } from "./uploads";

export const REQUEST_TIMEOUT_MS = 30_000;
const PAUSE_AFTER_ERROR_MS = 250;
const POLL_INTERVAL_MS = 300;
/** an uploader follows its scan this long, then moves on (the final audit checks every scan anyway) */
const FOLLOW_MS = 20_000;
const READER_THINK_MS = 50;

export type Outcome = number | "network" | "timeout";

/** 5xx answers kept whole (the first ones), to tell what failed */
const ERROR_SAMPLES = 20;

export interface ErrorSample {
  /** epoch ms */
  at: number;
  route: string;
  status: number;
  body: string;
}

export class RequestLog {
  readonly latencies = new Map<string, number[]>();
  readonly outcomes = new Map<string, Map<Outcome, number>>();
  readonly errorSamples: ErrorSample[] = [];

  record(route: string, outcome: Outcome, ms: number): void {
    if (typeof outcome === "number") {
      const l = this.latencies.get(route) ?? [];
      l.push(ms);
      this.latencies.set(route, l);
    }
    const o = this.outcomes.get(route) ?? new Map<Outcome, number>();
    o.set(outcome, (o.get(outcome) ?? 0) + 1);
    this.outcomes.set(route, o);
  }
}

/** A scan the service answered 201 for. */
export interface AckedScan {
  id: string;
  retentionMode: string;
  completed: boolean;
}

export interface Traffic {
  log: RequestLog;
  acked: Map<string, AckedScan>;
  /** resolves once every client has finished its current request after `stop()` */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `acked`: scans created before (the readers read them too); the uploaders add theirs. */
export function startTraffic({
  url,
  acked,
  uploaders,
  readers,
  seed = 1,
}: {
  url: () => string;
  acked: Map<string, AckedScan>;
  uploaders: number;
  readers: number;
  seed?: number;
}): Traffic {
  const log = new RequestLog();
  // seeded, so a run's mix of files and requests is reproducible
  const random = mulberry32(seed);
  let stopped = false;
  let uploads = 0;

  /** One timed request; the parsed JSON body for 2xx answers. */
  async function call(route: string, path: string, init?: RequestInit): Promise<{ status: Outcome; body?: unknown }> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${url()}${path}`, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
      const text = await res.text();
      log.record(route, res.status, performance.now() - t0);
      if (res.status >= 500 && log.errorSamples.length < ERROR_SAMPLES)
        log.errorSamples.push({ at: Date.now(), route, status: res.status, body: text.slice(0, 500) });
      return { status: res.status, body: res.ok && text ? JSON.parse(text) : undefined };
    } catch (error) {
      const outcome = (error as Error).name === "TimeoutError" ? "timeout" : "network";
      log.record(route, outcome, performance.now() - t0);
      return { status: outcome };
    }
  }

  async function follow(scan: AckedScan): Promise<void> {
    const until = Date.now() + FOLLOW_MS;
    while (!stopped && Date.now() < until) {
      await sleep(POLL_INTERVAL_MS);
      const r = await call("GET /api/scans/:id", `/api/scans/${scan.id}`);
      const status = (r.body as ScanJson | undefined)?.status;
      if (status && TERMINAL.includes(status)) {
        scan.completed = status === "completed";
        return;
      }
    }
  }

  async function uploader(): Promise<void> {
    while (!stopped) {
      const u = nextUpload(uploads++, random);
      const r = await call("POST /api/scans", "/api/scans", {
        method: "POST",
        body: scanForm(u.pdf, u.fields, `soak-${u.kind}.pdf`),
      });
      if (r.status !== 201) {
        await sleep(PAUSE_AFTER_ERROR_MS);
        continue;
      }
      const scan: AckedScan = {
        id: (r.body as ScanJson).scanId,
        retentionMode: u.fields.retentionMode,
        completed: false,
      };
      acked.set(scan.id, scan);
      await follow(scan);
    }
  }

  async function reader(): Promise<void> {
    while (!stopped) {
      const ids = [...acked.values()];
      const pick = ids[Math.floor(random() * ids.length)];
      const dice = random();
      let r;
      if (!pick || dice < 0.1) r = await call("GET /health", "/health");
      else if (dice < 0.25) r = await call("GET /api/scans (list)", "/api/scans?limit=20");
      else if (dice < 0.5 && pick.completed)
        r = await call("GET /api/scans/:id/report", `/api/scans/${pick.id}/report`);
      else r = await call("GET /api/scans/:id", `/api/scans/${pick.id}`);
      await sleep(typeof r.status === "number" && r.status < 500 ? READER_THINK_MS : PAUSE_AFTER_ERROR_MS);
    }
  }

  const clients = [...Array.from({ length: uploaders }, uploader), ...Array.from({ length: readers }, reader)];
  return {
    log,
    acked,
    async stop() {
      stopped = true;
      await Promise.all(clients);
    },
  };
}
