// Verdict, score (0..100) and confidence at a glance; colours follow the contract's score bands.
import type { Summary } from "../../lib/analyzer/report";

const VERDICT_STYLE: Record<Summary["verdict"], { badge: string; bar: string }> = {
  malicious: { badge: "bg-red-600 text-white", bar: "bg-red-600" },
  suspicious: { badge: "bg-amber-500 text-slate-950", bar: "bg-amber-500" },
  benign: { badge: "bg-emerald-600 text-white", bar: "bg-emerald-600" },
  unknown: { badge: "bg-slate-500 text-white", bar: "bg-slate-500" },
};

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
            <span className="text-slate-400">/100</span>
          </span>
        </div>
        <div className="mt-1 h-2 rounded-full bg-slate-200" aria-hidden>
          <div className={`h-2 rounded-full ${style.bar}`} style={{ width: `${Math.max(2, summary.score)}%` }} />
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
