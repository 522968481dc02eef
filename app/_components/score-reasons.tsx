// Why the score is what it is, on the first screen (issue 22): the findings that moved it most, each
// with its points and a link to its card, the structure's share, the evidence floor, and the tags
// (CVEs, ATT&CK, techniques). The arithmetic is lib/analyzer/explain-score.ts, shared with the exports
// and the CLI; the points are the verdict model's own additive explanation (lib/analyzer/score.ts).
import {
  explainScore,
  explanationText,
  reportTags,
  signedPoints,
  type ScoreReason,
} from "../../lib/analyzer/explain-score";
import type { Finding, Summary } from "../../lib/analyzer/report";
import { findingAnchor } from "./findings-list";

/** `anchorScope`: the FindingsList's, when several reports share the page. */
/** Reasons a phone-width screen shows (the rest from the sm breakpoint on). */
const PHONE_REASONS = 3;

export function ScoreReasons({
  summary,
  findings,
  anchorScope = "",
}: {
  summary: Summary;
  findings: readonly Finding[];
  anchorScope?: string;
}) {
  const e = explainScore(summary, findings);
  const tags = reportTags(summary, findings);
  const reasons = [...e.raised, ...e.lowered];
  if (reasons.length === 0 && e.prior === null && !e.floor) return null;
  return (
    <div className="mt-3" data-testid="score-reasons">
      <h2 className="text-sm font-semibold text-slate-700">Why {e.score}</h2>
      <ul className="mt-1 space-y-0.5 text-sm">
        {reasons.map((r, i) => (
          // a phone shows the three largest (the first screen must reach the first finding)
          <Reason
            key={r.ruleId}
            reason={r}
            href={`#${findingAnchor(anchorScope, r.ruleId)}`}
            hiddenOnPhone={i >= PHONE_REASONS}
          />
        ))}
        {e.structure.features.length > 0 && (
          <li className="flex gap-2" data-testid="score-structure">
            <Points points={e.structure.points} />
            <span>
              the file&apos;s structure{" "}
              <span className="hidden text-slate-500 sm:inline">
                ({e.structure.features.length} features: {e.structure.features.slice(0, 3).map(featureWords).join(", ")}
                {e.structure.features.length > 3 ? ", …" : ""})
              </span>
            </span>
          </li>
        )}
      </ul>
      {/* the sentence the exports and the CLI print (explanationText) */}
      <p className="mt-1 text-xs text-slate-600" data-testid="score-sum">
        {explanationText(e).sum}
      </p>
      {(tags.cve.length > 0 || tags.attack.length > 0 || tags.techniques.length > 0) && (
        <dl className="mt-2 space-y-0.5 text-xs" data-testid="report-tags">
          <TagLine label="CVE" values={tags.cve} href={(c) => `https://www.cve.org/CVERecord?id=${c}`} />
          <TagLine label="Techniques" values={tags.techniques} />
          <TagLine
            label="ATT&CK"
            values={tags.attack}
            href={(t) => `https://attack.mitre.org/techniques/${t.replace(".", "/")}/`}
          />
        </dl>
      )}
    </div>
  );
}

function Reason({ reason: r, href, hiddenOnPhone }: { reason: ScoreReason; href: string; hiddenOnPhone: boolean }) {
  return (
    <li
      className={`${hiddenOnPhone ? "hidden sm:flex" : "flex"} gap-2`}
      data-testid="score-reason"
      data-rule-id={r.ruleId}
    >
      <Points points={r.points} />
      <a href={href} className="text-sky-800 hover:underline">
        {r.title}
      </a>
    </li>
  );
}

function Points({ points }: { points: number }) {
  return (
    <span
      className={`w-14 shrink-0 text-right font-mono tabular-nums ${points < 0 ? "text-emerald-800" : "text-red-800"}`}
      aria-label={`${signedPoints(points)} points`}
    >
      {signedPoints(points)}
    </span>
  );
}

/** One kind of tag as a wrapping line ("Techniques: a · b · c"): chips took a 390 px screen's height. */
function TagLine({ label, values, href }: { label: string; values: string[]; href?: (v: string) => string }) {
  if (values.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-x-1.5">
      <dt className="text-slate-600">{label}:</dt>
      {values.map((v, i) => (
        <dd key={v} className="font-mono">
          {href ? (
            <a href={href(v)} target="_blank" rel="noreferrer noopener" className="text-sky-800 hover:underline">
              {v}
            </a>
          ) : (
            v
          )}
          {i < values.length - 1 && (
            <span className="text-slate-400" aria-hidden>
              {" "}
              ·
            </span>
          )}
        </dd>
      ))}
    </div>
  );
}

/** "kw-raw:OpenAction" -> "OpenAction keyword", "rule:malformed-structure" -> "malformed-structure rule"; other names as they are. */
function featureWords(name: string): string {
  const [kind, rest] = name.includes(":")
    ? [name.slice(0, name.indexOf(":")), name.slice(name.indexOf(":") + 1)]
    : ["", name];
  if (kind.startsWith("kw")) return `${rest} keyword`;
  if (kind === "rule") return `${rest} rule`;
  return rest;
}
