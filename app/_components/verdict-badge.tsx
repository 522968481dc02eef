// Verdict, score (0..100) and confidence at a glance; colours follow the contract's score bands.
import type { Summary } from "../../lib/analyzer/report";

const VERDICT_STYLE: Record<Summary["verdict"], { badge: string; bar: string }> = {
  malicious: { badge: "bg-red-700 text-white", bar: "bg-red-600" },
  suspicious: { badge: "bg-amber-300 text-amber-950", bar: "bg-amber-500" },
  benign: { badge: "bg-emerald-700 text-white", bar: "bg-emerald-600" },
  unknown: { badge: "bg-slate-600 text-white", bar: "bg-slate-500" },
};

// The score bar's width in 5-point steps, as literal classes (Tailwind generates only classes it can
// read in the source): an inline style="width:…" would need 'unsafe-inline' in the page CSP.
const BAR_WIDTH = [
  "w-[2%]",
  "w-[5%]",
  "w-[10%]",
  "w-[15%]",
  "w-[20%]",
  "w-[25%]",
  "w-[30%]",
  "w-[35%]",
  "w-[40%]",
  "w-[45%]",
  "w-[50%]",
  "w-[55%]",
  "w-[60%]",
  "w-[65%]",
  "w-[70%]",
  "w-[75%]",
  "w-[80%]",
  "w-[85%]",
  "w-[90%]",
  "w-[95%]",
  "w-[100%]",
];

export function VerdictBadge({ summary }: { summary: Summary }) {
  const style = VERDICT_STYLE[summary.verdict];
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="verdict" data-verdict={summary.verdict}>
      <span className={`rounded-md px-3 py-1.5 text-lg font-bold uppercase tracking-wide ${style.badge}`}>
        {summary.verdict}
      </span>
      <div className="min-w-40">
        <div className="flex items-baseline justify-between text-sm">
          <span className="text-slate-500">Score</span>
          <span className="font-mono text-base font-semibold" data-testid="score">
            {summary.score}
            <span className="text-slate-600">/100</span>
          </span>
        </div>
        <div className="mt-1 h-2 rounded-full bg-slate-200" aria-hidden>
          <div
            className={`h-2 rounded-full ${style.bar} ${BAR_WIDTH[Math.round(Math.min(100, Math.max(0, summary.score)) / 5)]}`}
          />
        </div>
      </div>
      <div className="text-sm">
        <span className="text-slate-500">Confidence </span>
        <span className="font-semibold" data-testid="confidence">
          {summary.confidence}
        </span>
      </div>
    </div>
  );
}

// The small badge of a list row: darker fills than the big badge, whose large bold text may use 3:1,
// because text-xs needs 4.5:1.
const PILL_STYLE: Record<Summary["verdict"], string> = {
  malicious: "bg-red-700 text-white",
  suspicious: "bg-amber-400 text-slate-950",
  benign: "bg-emerald-700 text-white",
  unknown: "bg-slate-600 text-white",
};

/** A verdict in a list; null (not analysed yet, or failed) shows as a neutral dash. */
export function VerdictPill({ verdict }: { verdict: string | null }) {
  const style = verdict ? PILL_STYLE[verdict as Summary["verdict"]] : undefined;
  return (
    <span
      className={`inline-block min-w-[5.5rem] rounded px-2 py-0.5 text-center text-xs font-bold uppercase tracking-wide ${style ?? "bg-slate-100 text-slate-700 ring-1 ring-slate-300"}`}
      data-testid="row-verdict"
      data-verdict={verdict ?? "none"}
    >
      {style ? verdict : "no verdict"}
    </span>
  );
}
