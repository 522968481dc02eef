// The detection rules as Markdown, generated from the registry (docs/rules.md is this output; a test
// keeps the file in step with the code, so docs cannot drift from what runs).
import { MITIGATIONS } from "../mitigations";
import { RULES } from "./registry";

export function renderRuleDocs(): string {
  const out: string[] = [
    "# Detection rules",
    "",
    "Generated from `lib/analyzer/rules/registry.ts` by `npm run docs:rules`; do not edit by hand.",
    "Scores combine rule weights as independent evidence (see `lib/analyzer/score.ts`): >= 70 malicious, 40..69 suspicious.",
    "",
    "| id | stage | severity | weight | category | ATT&CK | CVE |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...RULES.map((r) => `| [${r.id}](#${r.id}) | ${r.stage} | ${r.severity} | ${r.weight} | ${r.category} | ${r.attack.join(" ")} | ${r.cve.join(" ")} |`),
    "",
  ];
  for (const r of RULES) {
    out.push(`## ${r.id}`, "", `**${r.title}** (${r.stage} stage, ${r.severity}, weight ${r.weight})`, "", r.description, "");
    out.push(`Mitigations: ${r.mitigations.map((m) => `${MITIGATIONS[m].title} (\`${m}\`, ${MITIGATIONS[m].attackMitigationId})`).join("; ")}.`, "");
  }
  return out.join("\n");
}
