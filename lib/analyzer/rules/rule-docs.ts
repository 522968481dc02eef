// The detection rules as Markdown, generated from the registry (docs/rules.md is this output; a test
// keeps the file in step with the code, so docs cannot drift from what runs).
import { MITIGATIONS } from "../mitigations";
import { RULES } from "./registry";

export function renderRuleDocs(): string {
  const out: string[] = [
    "# Detection rules",
    "",
    "Generated from `lib/analyzer/rules/registry.ts` by `npm run docs:rules`; do not edit by hand.",
    "The score is a learned, calibrated probability x 100 over rule hits and structural features (`lib/analyzer/score.ts`, `lib/analyzer/model/`, trained by `npm run train`): >= 70 malicious, 40..69 suspicious. The weights below enter the model as one feature (their noisy-OR). Each rule reports a technique of [techniques.md](techniques.md), whose floor sets the least verdict when the rule fires; explanation rules (weight 0) lift a floor.",
    "",
    "| id | stage | severity | weight | category | ATT&CK | CVE |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...RULES.map(
      (r) =>
        `| [${r.id}](#${r.id}) | ${r.stage} | ${r.severity} | ${r.weight} | ${r.category} | ${r.attack.join(" ")} | ${r.cve.join(" ")} |`,
    ),
    "",
  ];
  for (const r of RULES) {
    out.push(
      `## ${r.id}`,
      "",
      `**${r.title}** (${r.stage} stage, ${r.severity}, weight ${r.weight})`,
      "",
      r.description,
      "",
    );
    out.push(
      `Mitigations: ${r.mitigations.map((m) => `${MITIGATIONS[m].title} (\`${m}\`, ${MITIGATIONS[m].attackMitigationId})`).join("; ")}.`,
      "",
    );
  }
  return out.join("\n");
}
