// One soak run: start a configuration, warm it up, send traffic for the given time while injecting
// faults, then audit the stores and watch the memory come back. Returns the figures and the list of
// failed criteria (the issue's "done when": no lost or stuck scan, no undeleted delete_immediately
// upload, no 5xx but the planned 503/504, RSS after the soak within 20% of its value after warm-up).
import { summarize, type Latency } from "../bench-stats";
import { createScan, waitUntilEnded } from "../../test/scans/support/scan-api";
import { auditStores, type Audit } from "./audit";
import { faultsFor, injectFault, type FaultKind, type FaultRecord } from "./faults";
import { stillRunning, treeRssMb } from "./rss";
import { startStack, type Crash, type StackKind } from "./stack";
import { startTraffic, type AckedScan, type ErrorSample, type RequestLog } from "./traffic";
import { nextUpload } from "./uploads";

export const PLANNED_5XX = [503, 504];
export const RSS_TOLERANCE = 0.2;
const RSS_SAMPLE_MS = 5_000;
const WARMUP_SCANS = 6;
/** how long children may take to notice their parent is gone and exit */
const LEFTOVER_WAIT_MS = 5_000;
/** no fault this close to the end, so the last restart has settled before the audit */
const QUIET_END_S = 10;

export interface SoakOptions {
  kind: StackKind;
  durationS: number;
  uploaders: number;
  readers: number;
  workers: number;
  threads: number;
  leaseMs: number;
  /** seconds between faults; 0: no faults */
  faultEveryS: number;
  /** the faults to inject, in order, once each (the CI slice) */
  faults?: FaultKind[];
  /** the faults to rotate through (default: every fault the configuration has) */
  rotation?: FaultKind[];
  /** how long after the traffic every scan has to end */
  graceS: number;
  /** how long to wait, idle, for the RSS to come back */
  settleS: number;
  seed: number;
  /** progress lines (default: none) */
  log?: (line: string) => void;
}

export interface RouteFigures {
  route: string;
  requests: number;
  latencyMs: Latency;
  outcomes: Record<string, number>;
}

export interface RssSample {
  /** seconds since the traffic started (negative: warm-up) */
  t: number;
  serverMb: number;
  workersMb: number[];
  totalMb: number;
}

export interface SoakResult {
  options: Omit<SoakOptions, "log">;
  seconds: number;
  requests: number;
  requestsPerSec: number;
  scansAcknowledged: number;
  routes: RouteFigures[];
  outcomes: Record<string, number>;
  unplanned5xx: number;
  faults: FaultRecord[];
  /** the first 5xx answers, whole; `t`: seconds since the traffic started */
  errorSamples: (Omit<ErrorSample, "at"> & { t: number })[];
  /** processes that died on their own; `t`: seconds since the traffic started */
  crashes: (Omit<Crash, "at"> & { t: number })[];
  audit: Audit;
  rss: { samples: RssSample[]; startMb: number; peakMb: number; endMb: number };
  /** processes of the service (server, workers, their children) still running after it was stopped, as "pid:start time" */
  leftoverPids: string[];
  /** the criteria this run failed; empty when it passed */
  failures: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runSoak(o: SoakOptions): Promise<SoakResult> {
  const log = o.log ?? (() => {});
  log(`starting the ${o.kind} configuration`);
  const stack = await startStack(o);
  const seenPids = new Set<string>();
  let result: Omit<SoakResult, "leftoverPids">;
  try {
    const sample = (t: number): RssSample => {
      const [serverMb, ...workersMb] = treeRssMb([stack.serverPid() ?? 0, ...stack.workerPids()], seenPids);
      return { t, serverMb, workersMb, totalMb: serverMb + workersMb.reduce((a, b) => a + b, 0) };
    };
    // warm-up: a few files through both stages, so "start" RSS is that of a service that has worked
    const acked = new Map<string, AckedScan>();
    for (let i = 0; i < WARMUP_SCANS; i++) {
      const u = nextUpload(2 ** 27 + i, Math.random);
      const { body } = await createScan(stack.url(), u.pdf, u.fields);
      const { scan } = await waitUntilEnded(stack.url(), body.scanId, 60_000);
      acked.set(scan.scanId, {
        id: scan.scanId,
        retentionMode: u.fields.retentionMode,
        completed: scan.status === "completed",
      });
    }
    const samples = [sample(0)];
    const startMb = samples[0].totalMb;

    log(
      `traffic for ${o.durationS} s: ${o.uploaders} uploaders, ${o.readers} readers${o.faultEveryS ? `, a fault every ${o.faultEveryS} s` : ""}`,
    );
    const startedAt = Date.now();
    const elapsedS = () => (Date.now() - startedAt) / 1000;
    const sampler = setInterval(() => samples.push(sample(Math.round(elapsedS()))), RSS_SAMPLE_MS);
    const traffic = startTraffic({ url: stack.url, acked, uploaders: o.uploaders, readers: o.readers, seed: o.seed });
    const faults: FaultRecord[] = [];
    const rotation = o.faults ?? o.rotation ?? faultsFor(stack);
    try {
      for (let n = 0; o.faultEveryS > 0 && n < (o.faults?.length ?? Infinity); n++) {
        const at = (n + 1) * o.faultEveryS;
        if (at > o.durationS - QUIET_END_S) break;
        await sleep(Math.max(0, (at - elapsedS()) * 1000));
        const f = await injectFault(stack, rotation[n % rotation.length], startedAt);
        faults.push(f);
        log(
          `  t=${f.atS}s ${f.kind}${f.detail ? ` (${f.detail})` : ""}: ${f.ms} ms${f.error ? `, FAILED: ${f.error}` : ""}`,
        );
      }
      await sleep(Math.max(0, (o.durationS - elapsedS()) * 1000));
    } finally {
      await traffic.stop();
      clearInterval(sampler);
    }
    const seconds = elapsedS();

    log(`auditing the stores (grace ${o.graceS} s)`);
    const audit = await auditStores(stack, traffic.acked, o.graceS * 1000);

    log(`idle: waiting up to ${o.settleS} s for the RSS to come back (start ${startMb.toFixed(0)} MB)`);
    const settleUntil = Date.now() + o.settleS * 1000;
    let last = sample(Math.round(elapsedS()));
    samples.push(last);
    while (last.totalMb > startMb * (1 + RSS_TOLERANCE) && Date.now() < settleUntil) {
      await sleep(RSS_SAMPLE_MS);
      samples.push((last = sample(Math.round(elapsedS()))));
    }

    const { routes, outcomes, unplanned5xx, requests } = routeFigures(traffic.log);
    const rss = { samples, startMb, peakMb: Math.max(...samples.map((s) => s.totalMb)), endMb: last.totalMb };

    const sinceStart = (at: number) => Math.round((at - startedAt) / 1000);
    const crashes = stack.crashes.map(({ at, ...c }) => ({ ...c, t: sinceStart(at) }));
    const errorSamples = traffic.log.errorSamples.map(({ at, ...e }) => ({ ...e, t: sinceStart(at) }));
    const failures = failuresOf(audit, unplanned5xx, faults, rss);
    if (crashes.length > 0)
      failures.push(
        `${crashes.length} processes died without a fault killing them: ${crashes.map((c) => `${c.process} at ${c.t} s`).join(", ")}`,
      );
    const { log: _log, ...options } = o;
    result = {
      options,
      seconds,
      requests,
      requestsPerSec: requests / seconds,
      scansAcknowledged: traffic.acked.size,
      routes,
      outcomes,
      unplanned5xx,
      faults,
      errorSamples,
      crashes,
      audit,
      rss,
      failures,
    };
  } finally {
    await stack.stop();
  }
  // a SIGKILLed process must not leave its children running (render processes, thread pools)
  let leftoverPids = stillRunning(seenPids);
  for (let waited = 0; leftoverPids.length > 0 && waited < LEFTOVER_WAIT_MS; waited += 250) {
    await sleep(250);
    leftoverPids = stillRunning(leftoverPids);
  }
  if (leftoverPids.length > 0)
    result.failures.push(
      `${leftoverPids.length} processes still running after the service stopped: ${leftoverPids.join(", ")}`,
    );
  return { ...result, leftoverPids };
}

function routeFigures(log: RequestLog): Pick<SoakResult, "routes" | "outcomes" | "unplanned5xx" | "requests"> {
  const routes = [...log.outcomes.entries()].map(([route, outcomes]) => ({
    route,
    requests: [...outcomes.values()].reduce((a, b) => a + b, 0),
    latencyMs: summarize(log.latencies.get(route) ?? []),
    outcomes: Object.fromEntries(outcomes) as Record<string, number>,
  }));
  const outcomes: Record<string, number> = {};
  for (const r of routes) for (const [k, n] of Object.entries(r.outcomes)) outcomes[k] = (outcomes[k] ?? 0) + n;
  const isUnplanned5xx = (k: string) => Number(k) >= 500 && !PLANNED_5XX.includes(Number(k));
  const unplanned5xx = Object.entries(outcomes).reduce((n, [k, c]) => n + (isUnplanned5xx(k) ? c : 0), 0);
  return { routes, outcomes, unplanned5xx, requests: routes.reduce((n, r) => n + r.requests, 0) };
}

function failuresOf(audit: Audit, unplanned5xx: number, faults: FaultRecord[], rss: SoakResult["rss"]): string[] {
  return [
    audit.lost.length > 0 && `${audit.lost.length} lost scans`,
    Object.keys(audit.stuck).length > 0 && `${Object.keys(audit.stuck).length} stuck scans`,
    audit.undeletedDeleteImmediately.length > 0 &&
      `${audit.undeletedDeleteImmediately.length} undeleted delete_immediately uploads`,
    unplanned5xx > 0 && `${unplanned5xx} unplanned 5xx answers`,
    ...faults.filter((f) => f.error).map((f) => `fault ${f.kind} at ${f.atS} s failed: ${f.error}`),
    rss.endMb > rss.startMb * (1 + RSS_TOLERANCE) &&
      `RSS after the soak ${rss.endMb.toFixed(0)} MB > start ${rss.startMb.toFixed(0)} MB + ${RSS_TOLERANCE * 100}%`,
  ].filter((f): f is string => typeof f === "string");
}
