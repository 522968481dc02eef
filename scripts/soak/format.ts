// The soak's printed report: throughput and latency by route, answers by status, faults, the store
// audit, RSS over time, and the verdict.
import { fixed, formatTable } from "../table";
import type { SoakResult } from "./run-soak";

/** at most this many RSS rows: the samples are thinned evenly */
const RSS_ROWS = 24;

export function formatSoak(r: SoakResult): string {
  const o = r.options;
  const a = r.audit;
  const statuses = [...new Set(r.routes.flatMap((x) => Object.keys(x.outcomes)))].sort();
  const routeRows = r.routes.map((x) => [
    x.route,
    x.requests,
    fixed(x.requests / r.seconds, 1),
    fixed(x.latencyMs.p50, 0),
    fixed(x.latencyMs.p95, 0),
    fixed(x.latencyMs.p99, 0),
    fixed(x.latencyMs.max, 0),
    ...statuses.map((s) => x.outcomes[s] ?? 0),
  ]);
  const step = Math.max(1, Math.ceil(r.rss.samples.length / RSS_ROWS));
  const rssRows = r.rss.samples
    .filter((_, i, all) => i % step === 0 || i === all.length - 1)
    .map((s) => [
      s.t,
      fixed(s.serverMb, 0),
      s.workersMb.map((w) => fixed(w, 0)).join(" / ") || "-",
      fixed(s.totalMb, 0),
    ]);
  return [
    `\nSoak, ${o.kind}: ${fixed(r.seconds, 0)} s, ${o.uploaders} uploaders + ${o.readers} readers${o.kind === "scale-out" ? `, ${o.workers} workers` : ""}, ${o.threads} analysis thread(s) per process, lease ${o.leaseMs} ms`,
    `${r.requests} requests, ${fixed(r.requestsPerSec, 1)} req/s; ${r.scansAcknowledged} scans acknowledged (201)`,
    formatTable(["route", "requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", ...statuses], routeRows),
    `answers: ${Object.entries(r.outcomes)
      .map(([k, n]) => `${k}: ${n}`)
      .join(", ")}; unplanned 5xx: ${r.unplanned5xx} (planned: 503, 504, and no answer while a process restarts)`,
    `\nfaults (${r.faults.length}):`,
    r.faults.length
      ? formatTable(
          ["t s", "fault", "ms", "detail"],
          r.faults.map((f) => [f.atS, f.kind, f.ms, f.error ? `FAILED: ${f.error}` : (f.detail ?? "")]),
        )
      : "none",
    ...r.crashes.map((c) => `\nCRASH: ${c.process} died at ${c.t} s; its last output:\n${c.output}`),
    ...(r.errorSamples.length
      ? [`\nfirst 5xx answers:`, ...r.errorSamples.map((e) => `  t=${e.t}s ${e.route} ${e.status}: ${e.body}`)]
      : []),
    `\nstores: ${a.scansInStore} scans (${Object.entries(a.byStatus)
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ", ",
      )}), ${a.unacknowledged} created without a 201 reaching the client, ${a.resumed} resumed after a fault hit their stage`,
    `lost ${a.lost.length}, stuck ${Object.keys(a.stuck).length} (all ended ${fixed(a.drainMs / 1000, 1)} s after the traffic; grace ${o.graceS} s), ` +
      `undeleted delete_immediately uploads ${a.undeletedDeleteImmediately.length}, orphan uploads ${a.orphanUploads}`,
    ...(a.lost.length ? [`  lost: ${a.lost.slice(0, 10).join(", ")}`] : []),
    ...(Object.keys(a.stuck).length
      ? [
          `  stuck: ${Object.entries(a.stuck)
            .slice(0, 10)
            .map(([id, s]) => `${id} ${s}`)
            .join(", ")}`,
        ]
      : []),
    ...(a.undeletedDeleteImmediately.length
      ? [`  undeleted: ${a.undeletedDeleteImmediately.slice(0, 10).join(", ")}`]
      : []),
    `\nRSS (MB; server and its children, each worker and its children):`,
    formatTable(["t s", "server", "workers", "total"], rssRows),
    `start ${fixed(r.rss.startMb, 0)} MB (after warm-up), peak ${fixed(r.rss.peakMb, 0)} MB, end ${fixed(r.rss.endMb, 0)} MB (${fixed((r.rss.endMb / r.rss.startMb - 1) * 100, 0)}%)`,
    `processes left running after the service stopped: ${r.leftoverPids.length}`,
    r.failures.length
      ? `\nFAILED: ${r.failures.join("; ")}`
      : "\nPASSED: no lost or stuck scans, no undeleted delete_immediately uploads, no unplanned 5xx, RSS back within 20%",
  ].join("\n");
}
