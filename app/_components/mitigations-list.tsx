// Mitigations (contract: report elements). The fast result carries only mitigationIds on findings;
// deep results and scan reports add a `mitigations` array, rendered here when present.
import { Section } from "./section";

export interface Mitigation {
  id: string;
  action: string;
  title: string;
  description: string;
  appliesTo: string[];
  attackMitigationId?: string;
  references?: string[];
}

export function MitigationsList({ mitigations }: { mitigations: Mitigation[] }) {
  return (
    <Section title="Mitigations" count={mitigations.length} testId="mitigations">
      <ul className="space-y-3">
        {mitigations.map((m) => (
          <li key={m.id} className="rounded-md border border-slate-200 p-3">
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
            <p className="mt-1 text-sm text-slate-700">{m.description}</p>
            {m.appliesTo.length > 0 && <p className="mt-1 text-xs text-slate-500">Applies to {m.appliesTo.join(", ")}</p>}
          </li>
        ))}
      </ul>
    </Section>
  );
}
