// Indicators of compromise by type. Values are shown defanged (not clickable, not auto-linked);
// the copy button copies the raw value for a blocklist or a SIEM query.
import type { IocItem, Iocs } from "../../lib/analyzer/report";
import { defang } from "../../lib/analyzer/iocs/defang";
import { CopyButton } from "./copy-button";
import { Empty, Section } from "./section";

const GROUPS: { type: IocItem["type"]; label: string; list: (i: Iocs) => string[] }[] = [
  { type: "url", label: "URLs", list: (i) => i.urls },
  { type: "domain", label: "Domains", list: (i) => i.domains ?? [] },
  { type: "ip", label: "IP addresses", list: (i) => i.ips },
  { type: "email", label: "E-mail addresses", list: (i) => i.emails },
  { type: "unc", label: "UNC paths", list: (i) => i.uncPaths ?? [] },
];

interface Row {
  value: string;
  defanged: string;
  sources: string[];
  /** the target's own address or domain (victim-data.ts): shown, but not one to block */
  victim: boolean;
}

export function IocList({ iocs }: { iocs: Iocs }) {
  const items = iocs.items ?? [];
  const groups = GROUPS.map((g) => {
    const values = new Set([...g.list(iocs), ...items.filter((it) => it.type === g.type).map((it) => it.value)]);
    const rows: Row[] = [...values].map((value) => {
      const item = items.find((it) => it.type === g.type && it.value === value);
      return {
        value,
        defanged: item?.defanged ?? defang(value),
        sources: [
          ...new Set(item?.sources.map((s) => (s.objectRef ? `${s.source} @ ${s.objectRef}` : s.source)) ?? []),
        ],
        victim: item?.victimData === true,
      };
    });
    return { ...g, rows };
  }).filter((g) => g.rows.length > 0);
  const total = groups.reduce((n, g) => n + g.rows.length, 0);

  return (
    <Section title="Indicators (IOCs)" count={total} testId="iocs">
      {total === 0 ? (
        <Empty>No URLs, IP addresses, e-mail addresses, domains or UNC paths found.</Empty>
      ) : (
        <div className="space-y-4">
          {groups.map((g) => (
            <div key={g.type}>
              <h3 className="mb-1 text-sm font-semibold text-slate-600">
                {g.label} <span className="font-normal text-slate-600">({g.rows.length})</span>
              </h3>
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {g.rows.map((r) => (
                  <li
                    key={r.value}
                    className="flex items-start gap-3 px-3 py-1.5"
                    data-testid="ioc"
                    data-ioc-type={g.type}
                  >
                    <div className="min-w-0 flex-1">
                      <div className="font-mono text-sm break-all text-slate-800">
                        {r.defanged}
                        {r.victim && " "}
                        {r.victim && (
                          <span
                            className="ml-2 inline-block rounded bg-amber-100 px-1.5 py-0.5 font-sans text-xs font-medium whitespace-nowrap text-amber-900"
                            title="The recipient's own address or domain, taken from a link's query string: not an indicator to block"
                            data-testid="victim-data"
                          >
                            victim data
                          </span>
                        )}
                      </div>
                      {r.sources.length > 0 && (
                        <div className="text-xs text-slate-500">seen in {r.sources.join(", ")}</div>
                      )}
                    </div>
                    <CopyButton value={r.value} label="Copy raw" />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Section>
  );
}
