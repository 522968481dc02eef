// The two stages of a scan as a live checklist: fast stage (queued/running/done), advanced stage
// (advancedStatus) and its optional enrichment step (enrichmentStatus).
import type { ScanResource } from "../_lib/scans";

type StepState = "waiting" | "queued" | "running" | "done" | "failed" | "skipped";

const STEP_STYLE: Record<StepState, { dot: string; text: string }> = {
  waiting: { dot: "border-slate-300 bg-white", text: "text-slate-500" },
  queued: { dot: "border-sky-400 bg-sky-100", text: "text-sky-800" },
  running: { dot: "border-sky-600 bg-sky-500 animate-pulse", text: "text-sky-800" },
  done: { dot: "border-emerald-600 bg-emerald-500", text: "text-emerald-800" },
  failed: { dot: "border-red-600 bg-red-500", text: "text-red-800" },
  skipped: { dot: "border-slate-300 bg-slate-200", text: "text-slate-500" },
};

function fastState(scan: ScanResource): { state: StepState; label: string } {
  switch (scan.status) {
    case "queued_fast_scan":
      return { state: "queued", label: "queued" };
    case "running_fast_scan":
      return { state: "running", label: "running" };
    case "failed":
      return scan.fastCompletedAt ? { state: "done", label: "done" } : { state: "failed", label: "failed" };
    default:
      return { state: "done", label: "done" };
  }
}

function advancedState(scan: ScanResource): { state: StepState; label: string } {
  const s = scan.advancedStatus;
  if (s === "completed") return { state: "done", label: "completed" };
  if (s === "failed") return { state: "failed", label: "failed" };
  if (s === "running") return { state: "running", label: "running" };
  if (s === "queued") return { state: "queued", label: "queued" };
  return { state: scan.status === "failed" ? "skipped" : "waiting", label: "pending" };
}

function enrichmentState(scan: ScanResource): { state: StepState; label: string } {
  const s = scan.enrichmentStatus;
  if (s === "disabled") return { state: "skipped", label: "disabled" };
  if (s === "completed") return { state: "done", label: "completed" };
  if (s === "failed") return { state: "failed", label: "failed" };
  if (s === "running") return { state: "running", label: "running" };
  return { state: "waiting", label: "pending" };
}

export function ScanStages({ scan }: { scan: ScanResource }) {
  const steps = [
    {
      key: "fast",
      name: "Fast stage",
      help: "keywords, actions, IOCs, verdict",
      ...fastState(scan),
      at: scan.fastCompletedAt,
      reason: null as string | null,
    },
    {
      key: "advanced",
      name: "Advanced stage",
      help: "JavaScript emulation, embedded files, lures",
      ...advancedState(scan),
      at: scan.advancedStatus === "completed" ? scan.completedAt : null,
      reason: scan.advancedFailureReason,
    },
    {
      key: "enrichment",
      name: "Enrichment",
      help: "indicator reputation, threat feeds",
      ...enrichmentState(scan),
      at: null,
      reason: scan.enrichmentFailureReason,
    },
  ];
  return (
    <ol className="mt-4 grid grid-cols-3 gap-1.5 sm:gap-3" aria-label="Stages" data-testid="stages">
      {steps.map((s) => {
        const style = STEP_STYLE[s.state];
        return (
          <li
            key={s.key}
            className="rounded-md border border-slate-200 px-2 py-1.5 sm:px-3 sm:py-2"
            data-testid={`stage-${s.key}`}
            data-state={s.state}
          >
            {/* a phone shows the three side by side, name over state; wider screens name and state on one line */}
            <div className="flex items-center gap-1.5 sm:gap-2">
              <span className={`h-3 w-3 shrink-0 rounded-full border-2 ${style.dot}`} aria-hidden />
              <span className="text-xs font-semibold sm:text-sm">{s.name}</span>
              <span className={`ml-auto hidden text-xs font-medium sm:inline ${style.text}`}>{s.label}</span>
            </div>
            <p className={`text-xs font-medium sm:hidden ${style.text}`}>{s.label}</p>
            {/* what each stage does: from the sm breakpoint on (a phone's first screen goes to the findings) */}
            <p className="mt-1 hidden text-xs text-slate-500 sm:block">{s.help}</p>
            {s.reason && (
              <p className="mt-1 text-xs break-words text-red-700">
                reason: <code>{s.reason}</code>
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
