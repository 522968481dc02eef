"use client";
// Findings grouped by severity (critical first): rule id, description, ATT&CK/CVE ids, mitigations
// and the evidence that locates each one in the file.
import { useId, useState } from "react";
import { objectHash, objectNumberOf } from "../_lib/object-links";
import { SEVERITIES, type Evidence, type Finding, type Severity } from "../../lib/analyzer/report";
import { formatOffset } from "../_lib/format";
import { signedPoints } from "../../lib/analyzer/explain-score";
import type { Mitigation } from "./mitigations-list";
import { Empty, Section } from "./section";

export const SEVERITY_STYLE: Record<Severity, string> = {
  critical: "bg-red-700 text-white",
  high: "bg-red-100 text-red-800 ring-1 ring-red-300",
  medium: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  low: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  info: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
};

const SEVERITY_HEADING: Record<Severity, string> = {
  critical: "text-red-800",
  high: "text-red-700",
  medium: "text-amber-700",
  low: "text-sky-700",
  info: "text-slate-600",
};

/** The id of a finding's card, which the score's reasons link to; `scope` tells apart several reports on one page. */
export const findingAnchor = (scope: string, ruleId: string) => `finding-${scope ? `${scope}-` : ""}${ruleId}`;

export function SeverityPill({ severity }: { severity: Severity }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold uppercase ${SEVERITY_STYLE[severity]}`}>
      {severity}
    </span>
  );
}

/** `objectLinks`: the page has the object inspector (a retained file, its owner): evidence objects link to it. */
export function FindingsList({
  findings,
  mitigations,
  anchorScope = "",
  objectLinks = false,
}: {
  findings: Finding[];
  mitigations: Mitigation[];
  anchorScope?: string;
  objectLinks?: boolean;
}) {
  const bySeverity = [...SEVERITIES].reverse().map((severity) => ({
    severity,
    items: findings.filter((f) => f.severity === severity).sort((a, b) => b.weight - a.weight),
  }));
  return (
    <Section title="Findings" count={findings.length} testId="findings">
      {findings.length === 0 ? (
        <Empty>No rule matched.</Empty>
      ) : (
        <div className="space-y-5">
          {bySeverity
            .filter((g) => g.items.length > 0)
            .map((g) => (
              <div key={g.severity}>
                <h3 className={`mb-2 text-sm font-semibold uppercase tracking-wide ${SEVERITY_HEADING[g.severity]}`}>
                  {g.severity}{" "}
                  <span className="font-normal normal-case text-slate-500">
                    · {g.items.length} finding{g.items.length === 1 ? "" : "s"}
                  </span>
                </h3>
                <ul className="space-y-3">
                  {g.items.map((f, i) => (
                    <FindingCard
                      key={`${f.id}-${i}`}
                      finding={f}
                      mitigations={mitigations}
                      anchor={findingAnchor(anchorScope, f.ruleId)}
                      objectLinks={objectLinks}
                    />
                  ))}
                </ul>
              </div>
            ))}
        </div>
      )}
    </Section>
  );
}

function FindingCard({
  finding: f,
  mitigations,
  anchor,
  objectLinks,
}: {
  finding: Finding;
  mitigations: Mitigation[];
  anchor: string;
  objectLinks: boolean;
}) {
  const mitigationTitle = (id: string) => mitigations.find((m) => m.id === id || m.action === id)?.title ?? id;
  return (
    <li
      className="scroll-mt-4 rounded-md border border-slate-200 p-3"
      id={anchor}
      data-testid="finding"
      data-rule-id={f.ruleId}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <SeverityPill severity={f.severity} />
        <span className="font-semibold">{f.title}</span>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{f.ruleId}</code>
        <StagePill stage={f.stage} />
        <span className="ml-auto text-xs text-slate-600">
          {f.category} · confidence {f.confidence} · weight {f.weight}
          {typeof f.contribution === "number" && (
            <>
              {" "}
              · <span data-testid="finding-points">{signedPoints(f.contribution)} score points</span>
            </>
          )}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">{f.description}</p>
      {(f.attack.length > 0 || f.cve.length > 0 || f.mitigationIds.length > 0) && (
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs">
          {f.attack.length > 0 && (
            <Tags
              label="ATT&CK"
              values={f.attack}
              href={(t) => `https://attack.mitre.org/techniques/${t.replace(".", "/")}/`}
            />
          )}
          {f.cve.length > 0 && (
            <Tags label="CVE" values={f.cve} href={(c) => `https://www.cve.org/CVERecord?id=${c}`} />
          )}
          {f.mitigationIds.length > 0 && (
            <Tags label="Mitigations" values={f.mitigationIds.map(mitigationTitle)} mono={false} />
          )}
        </dl>
      )}
      {f.evidence.length > 0 && <EvidenceTable evidence={f.evidence} objectLinks={objectLinks} />}
    </li>
  );
}

/** Which stage's analysis found it: the fast pass, or the advanced one (emulation, deep parse, engines). */
function StagePill({ stage }: { stage: Finding["stage"] }) {
  const style =
    stage === "advanced" ? "bg-sky-100 text-sky-900 ring-sky-300" : "bg-slate-100 text-slate-700 ring-slate-300";
  return (
    <span
      className={`rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${style}`}
      data-testid="finding-stage"
      data-stage={stage}
    >
      {stage === "advanced" ? "found by the advanced stage" : "found by the fast stage"}
    </span>
  );
}

function Tags({
  label,
  values,
  href,
  mono = true,
}: {
  label: string;
  values: string[];
  href?: (v: string) => string;
  mono?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <dt className="text-slate-500">{label}:</dt>
      {values.map((v) => (
        <dd key={v} className={`rounded bg-slate-100 px-1.5 py-0.5 ${mono ? "font-mono" : ""}`}>
          {href ? (
            <a href={href(v)} target="_blank" rel="noreferrer noopener" className="text-sky-700 hover:underline">
              {v}
            </a>
          ) : (
            v
          )}
        </dd>
      ))}
    </div>
  );
}

/** Evidence rows shown before "Show all": enough to locate the finding without burying the next one. */
const EVIDENCE_PREVIEW_ROWS = 3;

function EvidenceTable({ evidence, objectLinks }: { evidence: Evidence[]; objectLinks: boolean }) {
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  return (
    <div className="mt-3">
      <h4 className="text-xs font-medium text-slate-600">Evidence ({evidence.length})</h4>
      <ul className="mt-1 space-y-1.5" id={listId}>
        {evidence.map((e, i) => (
          // rows past the preview stay in the page (hidden) so a printed report has them all
          <li
            key={i}
            className={`rounded border border-slate-100 bg-slate-50 px-2 py-1.5 ${!showAll && i >= EVIDENCE_PREVIEW_ROWS ? "hidden print:block" : ""}`}
            data-testid="evidence"
          >
            <div className="flex flex-wrap gap-x-4 gap-y-0.5 font-mono text-xs text-slate-600">
              {e.objectRef && <EvidenceObject objectRef={e.objectRef} link={objectLinks} />}
              {e.path && (
                <span className="break-all" title="path">
                  {e.path}
                </span>
              )}
              {e.offset !== undefined && <span title="offset">@ {formatOffset(e.offset)}</span>}
            </div>
            {e.excerpt && (
              <pre className="mt-1 font-mono text-xs whitespace-pre-wrap break-all text-slate-800">{e.excerpt}</pre>
            )}
          </li>
        ))}
      </ul>
      {evidence.length > EVIDENCE_PREVIEW_ROWS && (
        <button
          type="button"
          onClick={() => setShowAll(!showAll)}
          aria-expanded={showAll}
          aria-controls={listId}
          className="mt-1 text-xs text-sky-700 hover:underline"
        >
          {showAll ? "Show fewer" : `Show all ${evidence.length}`}
        </button>
      )}
    </div>
  );
}

/** "obj 12 0 R", a link into the object inspector (#object-12) where the page has one. */
function EvidenceObject({ objectRef, link }: { objectRef: string; link: boolean }) {
  const num = link ? objectNumberOf(objectRef) : null;
  if (num === null) return <span title="object">obj {objectRef}</span>;
  return (
    <a
      href={objectHash(num)}
      className="text-sky-800 underline"
      title="open this object in the object inspector"
      data-testid="evidence-object"
    >
      obj {objectRef}
    </a>
  );
}
