// Recommended actions (contract: mitigation elements). Deep results and scan reports carry a
// `mitigations` array; the fast result names them only by id on each finding, so the list is
// derived here from the analyzer's mitigation registry, most urgent finding first.
import type { Finding, FastResult } from "../../lib/analyzer/report";
import { MITIGATIONS } from "../../lib/analyzer/mitigations";
import { SEVERITIES } from "../../lib/analyzer/report";
import { Section } from "./section";

export interface Mitigation {
  id: string;
  action: string;
  title: string;
  description: string;
  /** finding ids */
  appliesTo: string[];
  attackMitigationId?: string;
  references?: string[];
}

export function mitigationsOf(result: FastResult): Mitigation[] {
  const given = (result as FastResult & { mitigations?: Mitigation[] }).mitigations;
  if (given) return given;
  const rank = (f: Finding) => SEVERITIES.indexOf(f.severity) * 1000 + f.weight;
  const byId = new Map<string, Mitigation>();
  for (const f of [...result.findings].sort((a, b) => rank(b) - rank(a))) {
    for (const id of f.mitigationIds) {
      const known = id in MITIGATIONS ? MITIGATIONS[id as keyof typeof MITIGATIONS] : undefined;
      const m = byId.get(id) ?? {
        id,
        action: id,
        title: known?.title ?? id,
        description: known?.description ?? "",
        attackMitigationId: known?.attackMitigationId,
        references: known?.references ? [...known.references] : [],
        appliesTo: [],
      };
      m.appliesTo.push(f.id);
      byId.set(id, m);
    }
  }
  return [...byId.values()];
}

export function MitigationsList({ mitigations, findings }: { mitigations: Mitigation[]; findings: Finding[] }) {
  const findingTitle = (id: string) => findings.find((f) => f.id === id)?.title ?? id;
  return (
    <Section title="Recommended actions" count={mitigations.length} testId="mitigations">
      <ul className="space-y-3">
        {mitigations.map((m) => (
          <li key={m.id} className="rounded-md border border-slate-200 p-3" data-testid="mitigation">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{m.title}</span>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{m.action}</code>
              {m.attackMitigationId && (
                <a
                  href={`https://attack.mitre.org/mitigations/${m.attackMitigationId}/`}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-xs text-sky-700 hover:underline"
                >
                  {m.attackMitigationId}
                </a>
              )}
            </div>
            {m.description && <p className="mt-1 text-sm text-slate-700">{m.description}</p>}
            {m.appliesTo.length > 0 && (
              <p className="mt-1 text-xs text-slate-500">Because of: {[...new Set(m.appliesTo.map(findingTitle))].join("; ")}</p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
