// Every event against every valid state: the allowed moves (written out here independently of the
// implementation's table) succeed with the expected next state; everything else throws.
import { describe, expect, it } from "vitest";
import {
  ADVANCED_STATUSES,
  ENRICHMENT_STATUSES,
  IllegalTransitionError,
  SCAN_STATUSES,
  allValidStates,
  describeState,
  initialState,
  isReportReady,
  stateViolation,
  statusRank,
  transition,
  type ScanEvent,
  type ScanState,
} from "./state-machine";

const EVENTS: ScanEvent[] = [
  { type: "start_fast" },
  { type: "resume_fast" },
  { type: "fast_succeeded" },
  { type: "fast_failed" },
  { type: "queue_advanced" },
  { type: "start_advanced" },
  { type: "resume_advanced" },
  { type: "start_enrichment" },
  { type: "advanced_finished", advanced: "completed", enrichment: null },
  { type: "advanced_finished", advanced: "failed", enrichment: null },
  { type: "advanced_finished", advanced: "completed", enrichment: "completed" },
  { type: "advanced_finished", advanced: "completed", enrichment: "failed" },
  { type: "advanced_finished", advanced: "failed", enrichment: "completed" },
  { type: "advanced_finished", advanced: "failed", enrichment: "failed" },
  { type: "expire" },
];

const st = (
  status: ScanState["status"],
  advancedStatus: ScanState["advancedStatus"],
  enrichmentStatus: ScanState["enrichmentStatus"],
): ScanState => ({
  status,
  advancedStatus,
  enrichmentStatus,
});

/** The expected result of `event` from `s`, or null when it must be refused. */
function expected(s: ScanState, e: ScanEvent): ScanState | null {
  const enr = s.enrichmentStatus;
  const enabled = enr !== "disabled";
  switch (e.type) {
    case "start_fast":
      return s.status === "queued_fast_scan" ? st("running_fast_scan", "pending", enr) : null;
    case "resume_fast":
      return s.status === "running_fast_scan" ? s : null;
    case "fast_succeeded":
      return s.status === "running_fast_scan" ? st("completed_fast_scan", "queued", enr) : null;
    case "fast_failed":
      return s.status === "running_fast_scan" ? st("failed", "failed", enabled ? "failed" : "disabled") : null;
    case "queue_advanced":
      return s.status === "completed_fast_scan" ? st("queued_advanced_scan", "queued", enr) : null;
    case "start_advanced":
      return s.status === "queued_advanced_scan" ? st("running_advanced_scan", "running", enr) : null;
    case "resume_advanced":
      return s.status === "running_advanced_scan" ? s : null;
    case "start_enrichment":
      return s.status === "running_advanced_scan" && (enr === "pending" || enr === "running")
        ? st("running_advanced_scan", "running", "running")
        : null;
    case "advanced_finished":
      if (s.status !== "running_advanced_scan") return null;
      if (enabled !== (e.enrichment !== null)) return null;
      return st("completed", e.advanced, e.enrichment ?? "disabled");
    case "expire":
      return s.status === "completed" ? st("expired", s.advancedStatus, enr) : null;
  }
}

const STATES = allValidStates();
const CASES = STATES.flatMap((s) => EVENTS.map((e) => ({ s, e, want: expected(s, e) })));
const label = (s: ScanState, e: ScanEvent) => `${JSON.stringify(e)} from ${describeState(s)}`;

describe("scan state machine", () => {
  it("has the valid states the contract implies", () => {
    // 2 fast states x (disabled|pending) + 2 handoff states x 2 + running_advanced x 3 + completed/expired x 2 x 3 + failed x 2
    expect(STATES).toHaveLength(4 + 4 + 3 + 12 + 2);
    for (const s of STATES) expect(stateViolation(s)).toBeNull();
  });

  it.each(CASES.filter((c) => c.want !== null).map((c) => [label(c.s, c.e), c] as const))(
    "allows %s",
    (_, { s, e, want }) => {
      const next = transition(s, e);
      expect(next).toEqual(want);
      expect(stateViolation(next)).toBeNull();
      // forward only
      expect(statusRank(next.status)).toBeGreaterThanOrEqual(statusRank(s.status));
    },
  );

  it.each(CASES.filter((c) => c.want === null).map((c) => [label(c.s, c.e), c] as const))(
    "refuses %s",
    (_, { s, e }) => {
      expect(() => transition(s, e)).toThrow(IllegalTransitionError);
    },
  );

  it("refuses any event on an invalid state (a corrupted row cannot be moved along)", () => {
    const invalid: ScanState[] = [];
    for (const status of SCAN_STATUSES)
      for (const advancedStatus of ADVANCED_STATUSES)
        for (const enrichmentStatus of ENRICHMENT_STATUSES) {
          const s = { status, advancedStatus, enrichmentStatus };
          if (stateViolation(s)) invalid.push(s);
        }
    expect(invalid.length).toBeGreaterThan(0);
    for (const s of invalid)
      for (const e of EVENTS) expect(() => transition(s, e), label(s, e)).toThrow(IllegalTransitionError);
  });

  it("starts at queued_fast_scan with advancedStatus pending (seed rule 1)", () => {
    expect(initialState(false)).toEqual(st("queued_fast_scan", "pending", "disabled"));
    expect(initialState(true)).toEqual(st("queued_fast_scan", "pending", "pending"));
  });

  it("reports an advancedStatus of queued or running at completed_fast_scan (seed rule 2)", () => {
    for (const s of STATES.filter((x) => x.status === "completed_fast_scan"))
      expect(["queued", "running"]).toContain(s.advancedStatus);
  });

  it("leaves no sub-stage pending or running once a scan has ended", () => {
    for (const s of STATES.filter((x) => ["completed", "failed", "expired"].includes(x.status))) {
      expect(["completed", "failed"]).toContain(s.advancedStatus);
      expect(["disabled", "completed", "failed"]).toContain(s.enrichmentStatus);
    }
  });

  it("walks the whole happy path, with enrichment", () => {
    let s = initialState(true);
    const path: ScanEvent[] = [
      { type: "start_fast" },
      { type: "fast_succeeded" },
      { type: "queue_advanced" },
      { type: "start_advanced" },
      { type: "start_enrichment" },
      { type: "advanced_finished", advanced: "completed", enrichment: "completed" },
      { type: "expire" },
    ];
    const seen = [s.status];
    for (const e of path) {
      s = transition(s, e);
      seen.push(s.status);
    }
    expect(seen).toEqual([
      "queued_fast_scan",
      "running_fast_scan",
      "completed_fast_scan",
      "queued_advanced_scan",
      "running_advanced_scan",
      "running_advanced_scan",
      "completed",
      "expired",
    ]);
    expect(s).toEqual(st("expired", "completed", "completed"));
  });

  it("knows when the report is readable", () => {
    expect(SCAN_STATUSES.filter(isReportReady)).toEqual([
      "completed_fast_scan",
      "queued_advanced_scan",
      "running_advanced_scan",
      "completed",
      "expired",
    ]);
  });
});
