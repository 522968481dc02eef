// Recommended actions (contract: mitigation elements): every analysis result carries its
// `mitigations` list, built by lib/analyzer/mitigations.ts from the findings.
import type { Finding, FastResult, Mitigation } from "../../lib/analyzer/report";
import { mitigationsFor } from "../../lib/analyzer/mitigations";
import { Section } from "./section";

export type { Mitigation };

/** The result's own list (every analysis carries one); derived from the findings for older results. */
export function mitigationsOf(result: FastResult): Mitigation[] {
  return result.mitigations ?? mitigationsFor(result.findings);
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
              <p className="mt-1 text-xs text-slate-500">
                Because of: {[...new Set(m.appliesTo.map(findingTitle))].join("; ")}
              </p>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
