// The scan state machine, in one place (contract.md "Scan lifecycle"). A scan's state is the triple
// (status, advancedStatus, enrichmentStatus); `transition(state, event)` is the only way to compute a
// next state and throws IllegalTransitionError for anything the table does not allow. Every writer
// goes through ScanRepository.transition(), which calls this function and then writes with
// compare-and-set on the current triple, so a concurrent or replayed worker cannot make an illegal
// move: either it sees the state it expected and the move is legal, or nothing is written.
//
//   queued_fast_scan -> running_fast_scan -> completed_fast_scan -> queued_advanced_scan
//     -> running_advanced_scan -> completed -> expired
//   running_fast_scan -> failed            (no usable result at all)
//   running_*_scan -> running_*_scan       (resume: a dead worker's lease expired, another takes over)
//
// Deliberately stricter than the contract's "any state before completed may go to failed": once the
// fast stage has produced a verdict, a later failure ends `completed` with advancedStatus "failed"
// (partial success), so `failed` always means "no usable result" and a report never disappears.

export const SCAN_STATUSES = [
  "queued_fast_scan",
  "running_fast_scan",
  "completed_fast_scan",
  "queued_advanced_scan",
  "running_advanced_scan",
  "completed",
  "failed",
  "expired",
] as const;
export const ADVANCED_STATUSES = ["pending", "queued", "running", "completed", "failed"] as const;
export const ENRICHMENT_STATUSES = ["disabled", "pending", "running", "completed", "failed"] as const;

/** The two stages a scan runs, each a job of the stage queue. */
export type Stage = "fast" | "advanced";

export type ScanStatus = (typeof SCAN_STATUSES)[number];
export type AdvancedStatus = (typeof ADVANCED_STATUSES)[number];
export type EnrichmentStatus = (typeof ENRICHMENT_STATUSES)[number];

/** States after which nothing runs any more. */
export const TERMINAL_STATUSES = ["completed", "failed", "expired"] as const satisfies readonly ScanStatus[];
/** From here on verdict and score are set and the report can be read (contract). */
export const REPORT_READY_STATUSES = [
  "completed_fast_scan",
  "queued_advanced_scan",
  "running_advanced_scan",
  "completed",
  "expired",
] as const satisfies readonly ScanStatus[];

export interface ScanState {
  status: ScanStatus;
  advancedStatus: AdvancedStatus;
  enrichmentStatus: EnrichmentStatus;
}

export type ScanEvent =
  /** a worker claims a queued fast stage */
  | { type: "start_fast" }
  /** a worker takes over a fast stage whose previous owner's lease expired (crash, kill) */
  | { type: "resume_fast" }
  | { type: "fast_succeeded" }
  /** the fast stage produced no usable result (error, time-out, file missing, attempts exhausted) */
  | { type: "fast_failed" }
  /** the advanced stage is handed to the queue */
  | { type: "queue_advanced" }
  | { type: "start_advanced" }
  | { type: "resume_advanced" }
  /** the enrichment step inside the advanced stage begins (again, after a resume) */
  | { type: "start_enrichment" }
  /** the advanced stage ends; each part reports its own outcome (enrichment null when disabled) */
  | { type: "advanced_finished"; advanced: "completed" | "failed"; enrichment: "completed" | "failed" | null }
  /** the retention period ended: the file is gone, the report stays */
  | { type: "expire" };

export type ScanEventType = ScanEvent["type"];

export class IllegalTransitionError extends Error {
  override name = "IllegalTransitionError";
  constructor(
    readonly from: ScanState,
    readonly event: ScanEvent,
    reason: string,
  ) {
    super(`illegal scan transition ${JSON.stringify(event)} from ${describeState(from)}: ${reason}`);
  }
}

export function describeState(s: ScanState): string {
  return `${s.status}/${s.advancedStatus}/${s.enrichmentStatus}`;
}

/** The state of a new scan (seed rule 1: queued_fast_scan). */
export function initialState(enableEnrichment: boolean): ScanState {
  return {
    status: "queued_fast_scan",
    advancedStatus: "pending",
    enrichmentStatus: enableEnrichment ? "pending" : "disabled",
  };
}

interface Rule {
  from: readonly ScanStatus[];
  to(state: ScanState, event: ScanEvent): ScanState;
}

/** Terminal enrichment status for a scan that ends before enrichment could run. */
const enrichmentGivenUp = (s: ScanState): EnrichmentStatus =>
  s.enrichmentStatus === "disabled" ? "disabled" : "failed";

const RULES: { [T in ScanEventType]: Rule } = {
  start_fast: { from: ["queued_fast_scan"], to: (s) => ({ ...s, status: "running_fast_scan" }) },
  resume_fast: { from: ["running_fast_scan"], to: (s) => s },
  fast_succeeded: {
    from: ["running_fast_scan"],
    to: (s) => ({ ...s, status: "completed_fast_scan", advancedStatus: "queued" }),
  },
  fast_failed: {
    from: ["running_fast_scan"],
    to: (s) => ({ status: "failed", advancedStatus: "failed", enrichmentStatus: enrichmentGivenUp(s) }),
  },
  queue_advanced: { from: ["completed_fast_scan"], to: (s) => ({ ...s, status: "queued_advanced_scan" }) },
  start_advanced: {
    from: ["queued_advanced_scan"],
    to: (s) => ({ ...s, status: "running_advanced_scan", advancedStatus: "running" }),
  },
  resume_advanced: { from: ["running_advanced_scan"], to: (s) => s },
  start_enrichment: {
    from: ["running_advanced_scan"],
    to: (s, e) => {
      if (s.enrichmentStatus !== "pending" && s.enrichmentStatus !== "running") {
        throw new IllegalTransitionError(s, e, `enrichment is ${s.enrichmentStatus}`);
      }
      return { ...s, enrichmentStatus: "running" };
    },
  },
  advanced_finished: {
    from: ["running_advanced_scan"],
    to: (s, e) => {
      const ev = e as Extract<ScanEvent, { type: "advanced_finished" }>;
      if ((s.enrichmentStatus === "disabled") !== (ev.enrichment === null)) {
        throw new IllegalTransitionError(s, e, "an enrichment outcome is required exactly when enrichment is enabled");
      }
      return { status: "completed", advancedStatus: ev.advanced, enrichmentStatus: ev.enrichment ?? "disabled" };
    },
  },
  expire: { from: ["completed"], to: (s) => ({ ...s, status: "expired" }) },
};

/**
 * The next state after `event`, or IllegalTransitionError. Pure. Both the input and the output must
 * satisfy the invariants, so a corrupted row cannot be moved along either.
 */
export function transition(state: ScanState, event: ScanEvent): ScanState {
  const rule = RULES[event.type];
  if (!rule) throw new IllegalTransitionError(state, event, "unknown event");
  const invalid = stateViolation(state);
  if (invalid) throw new IllegalTransitionError(state, event, `the current state is invalid (${invalid})`);
  if (!rule.from.includes(state.status)) {
    throw new IllegalTransitionError(state, event, `allowed only from ${rule.from.join(", ")}`);
  }
  const next = rule.to(state, event);
  const violation = stateViolation(next);
  if (violation) throw new IllegalTransitionError(state, event, violation);
  if (statusRank(next.status) < statusRank(state.status))
    throw new IllegalTransitionError(state, event, "status moves forward only");
  return next;
}

/** Position in the forward order; `failed` ranks with `completed` (both end the analysis). */
export function statusRank(status: ScanStatus): number {
  return status === "failed" ? SCAN_STATUSES.indexOf("completed") : SCAN_STATUSES.indexOf(status);
}

const ALLOWED_SUBSTATES: {
  [S in ScanStatus]: { advanced: readonly AdvancedStatus[]; enrichment: readonly EnrichmentStatus[] };
} = {
  queued_fast_scan: { advanced: ["pending"], enrichment: ["disabled", "pending"] },
  running_fast_scan: { advanced: ["pending"], enrichment: ["disabled", "pending"] },
  // seed rule 2: at completed_fast_scan the advanced stage is already queued (or running)
  completed_fast_scan: { advanced: ["queued"], enrichment: ["disabled", "pending"] },
  queued_advanced_scan: { advanced: ["queued"], enrichment: ["disabled", "pending"] },
  running_advanced_scan: { advanced: ["running"], enrichment: ["disabled", "pending", "running"] },
  completed: { advanced: ["completed", "failed"], enrichment: ["disabled", "completed", "failed"] },
  expired: { advanced: ["completed", "failed"], enrichment: ["disabled", "completed", "failed"] },
  failed: { advanced: ["failed"], enrichment: ["disabled", "failed"] },
};

/** Why a state breaks the invariants, or null when it is valid. */
export function stateViolation(s: ScanState): string | null {
  const allowed = ALLOWED_SUBSTATES[s.status];
  if (!allowed) return `unknown status ${String(s.status)}`;
  if (!allowed.advanced.includes(s.advancedStatus))
    return `advancedStatus ${s.advancedStatus} is not allowed at ${s.status}`;
  if (!allowed.enrichment.includes(s.enrichmentStatus))
    return `enrichmentStatus ${s.enrichmentStatus} is not allowed at ${s.status}`;
  return null;
}

export const isTerminal = (status: ScanStatus): boolean =>
  (TERMINAL_STATUSES as readonly ScanStatus[]).includes(status);
export const isReportReady = (status: ScanStatus): boolean =>
  (REPORT_READY_STATUSES as readonly ScanStatus[]).includes(status);

/** Every valid state: the cross product filtered by the invariants (for tests and docs). */
export function allValidStates(): ScanState[] {
  const out: ScanState[] = [];
  for (const status of SCAN_STATUSES)
    for (const advancedStatus of ADVANCED_STATUSES)
      for (const enrichmentStatus of ENRICHMENT_STATUSES) {
        const s = { status, advancedStatus, enrichmentStatus };
        if (!stateViolation(s)) out.push(s);
      }
  return out;
}
