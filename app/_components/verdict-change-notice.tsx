"use client";
// Says how the advanced stage moved the fast stage's verdict ("raised the verdict from suspicious 62
// to malicious 73"), only when the verdict changed (a kept verdict is no news on the first screen). The live region is rendered from the start, empty, so screen readers announce
// the sentence when it appears.
import { describeVerdictChange } from "../_lib/verdict-change";
import type { ScanReport } from "../_lib/scans";

const TONE = {
  raised: "border-red-300 bg-red-50 text-red-900",
  lowered: "border-emerald-300 bg-emerald-50 text-emerald-900",
  confirmed: "border-slate-300 bg-slate-50 text-slate-800",
};

export function VerdictChangeNotice({ report }: { report: ScanReport | undefined }) {
  const change = report?.fastSummary ? describeVerdictChange(report.fastSummary, report.advancedSummary) : null;
  return (
    <div aria-live="polite" role="status" data-testid="verdict-change" data-direction={change?.direction ?? ""}>
      {change && change.direction !== "confirmed" && (
        <p className={`mt-3 rounded-md border px-3 py-2 text-sm font-medium ${TONE[change.direction]}`}>
          {change.sentence}
        </p>
      )}
    </div>
  );
}
