// Findings grouped by severity (critical first): rule id, description, ATT&CK/CVE ids, mitigations
// and the evidence that locates each one in the file.
import { SEVERITIES, type Evidence, type Finding, type Severity } from "../../lib/analyzer/report";
import { formatOffset } from "../_lib/format";
import type { Mitigation } from "./mitigations-list";
import { Empty, Section } from "./section";

export const SEVERITY_STYLE: Record<Severity, string> = {
  critical: "bg-red-700 text-white",
  high: "bg-red-100 text-red-800 ring-1 ring-red-300",
  medium: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
  low: "bg-sky-100 text-sky-900 ring-1 ring-sky-300",
  info: "bg-slate-100 text-slate-700 ring-1 ring-slate-300",
};

export function SeverityPill({ severity }: { severity: Severity }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-semibold uppercase ${SEVERITY_STYLE[severity]}`}>{severity}</span>
  );
}

export function FindingsList({ findings, mitigations }: { findings: Finding[]; mitigations: Mitigation[] }) {
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
                <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-600">
                  <SeverityPill severity={g.severity} /> {g.items.length} finding{g.items.length === 1 ? "" : "s"}
                </h3>
                <ul className="space-y-3">
                  {g.items.map((f) => (
                    <FindingCard key={f.id} finding={f} mitigations={mitigations} />
                  ))}
                </ul>
              </div>
            ))}
        </div>
      )}
    </Section>
  );
}

function FindingCard({ finding: f, mitigations }: { finding: Finding; mitigations: Mitigation[] }) {
  const mitigationTitle = (id: string) => mitigations.find((m) => m.id === id)?.title ?? id;
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="finding" data-rule-id={f.ruleId}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <SeverityPill severity={f.severity} />
        <span className="font-semibold">{f.title}</span>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{f.ruleId}</code>
        <span className="ml-auto text-xs text-slate-500">
          {f.category} · confidence {f.confidence} · weight {f.weight} · {f.stage} stage
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-700">{f.description}</p>
      {(f.attack.length > 0 || f.cve.length > 0 || f.mitigationIds.length > 0) && (
        <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs">
          {f.attack.length > 0 && (
            <Tags label="ATT&CK" values={f.attack} href={(t) => `https://attack.mitre.org/techniques/${t.replace(".", "/")}/`} />
          )}
          {f.cve.length > 0 && <Tags label="CVE" values={f.cve} href={(c) => `https://www.cve.org/CVERecord?id=${c}`} />}
          {f.mitigationIds.length > 0 && <Tags label="Mitigations" values={f.mitigationIds.map(mitigationTitle)} />}
        </dl>
      )}
      {f.evidence.length > 0 && <EvidenceTable evidence={f.evidence} />}
    </li>
  );
}

function Tags({ label, values, href }: { label: string; values: string[]; href?: (v: string) => string }) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      <dt className="text-slate-500">{label}:</dt>
      {values.map((v) => (
        <dd key={v} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono">
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

function EvidenceTable({ evidence }: { evidence: Evidence[] }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-xs">
        <thead className="text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-medium">Object</th>
            <th className="py-1 pr-3 font-medium">Path</th>
            <th className="py-1 pr-3 font-medium">Offset</th>
            <th className="py-1 font-medium">Excerpt</th>
          </tr>
        </thead>
        <tbody className="font-mono">
          {evidence.map((e, i) => (
            <tr key={i} className="border-t border-slate-100 align-top">
              <td className="py-1 pr-3 whitespace-nowrap">{e.objectRef ?? "–"}</td>
              <td className="py-1 pr-3 break-all">{e.path ?? "–"}</td>
              <td className="py-1 pr-3 whitespace-nowrap">{e.offset !== undefined ? formatOffset(e.offset) : "–"}</td>
              <td className="py-1 break-all whitespace-pre-wrap text-slate-700">{e.excerpt ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
