// Suspicious PDF keywords (/JavaScript, /OpenAction, /Launch, ...) with their occurrence counts.
import type { FastResult } from "../../lib/analyzer/report";
import { Empty, Section } from "./section";

export function KeywordHits({ hits, counts }: { hits: string[]; counts: FastResult["keyword_counts"] }) {
  return (
    <Section title="Keyword hits" count={hits.length} testId="keywords">
      {hits.length === 0 ? (
        <Empty>No suspicious keywords.</Empty>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {hits.map((k) => (
            <li
              key={k}
              className="rounded-md border border-slate-200 bg-slate-50 px-2 py-1 font-mono text-sm"
              data-testid="keyword"
            >
              {k}
              {counts[k] !== undefined && <span className="ml-1.5 text-xs text-slate-500">×{counts[k]}</span>}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
