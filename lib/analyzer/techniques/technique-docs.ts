// The technique catalogue as Markdown (docs/techniques.md is this output; a test keeps the file in step
// with the code, so the docs say what the analyzer does).
import { RULES_BY_ID } from "../rules/registry";
import { TECHNIQUES } from "./catalogue";
import { FLOOR_SCORES } from "./evidence-floor";
import { TECHNIQUE_CATEGORIES } from "./technique";

const ruleLink = (id: string) => `[\`${id}\`](rules.md#${id})`;

export function renderTechniqueDocs(): string {
  const out: string[] = [
    "# Attack techniques",
    "",
    "Generated from `lib/analyzer/techniques/catalogue.ts` by `npm run docs:rules`; do not edit by hand.",
    "",
    "Each technique lists the rules that report it and its **floor**: the least verdict a document gets when",
    `one of the floor's rules fired, whatever the verdict model says (suspicious: score >= ${FLOOR_SCORES.suspicious}; malicious: >= ${FLOOR_SCORES.malicious};`,
    `a proven exploit: >= ${FLOOR_SCORES.proof}, high confidence). The model ranks and calibrates within and above the floors; only a declared`,
    "benign explanation (a rule of its own, named in the report's `summary.explained`) lifts a floor. Each carrier",
    "has a fixture built in code (`lib/analyzer/techniques/testing`), and `test/techniques.test.ts` checks that",
    "the technique's rules fire on it and its floor holds.",
    "",
    "| technique | category | floor | ATT&CK |",
    "| --- | --- | --- | --- |",
    ...TECHNIQUES.map(
      (t) => `| [${t.id}](#${t.id}) | ${t.category} | ${floorSummary(t.floors)} | ${t.attack.join(" ")} |`,
    ),
    "",
  ];
  for (const category of TECHNIQUE_CATEGORIES) {
    const techniques = TECHNIQUES.filter((t) => t.category === category);
    if (!techniques.length) continue;
    out.push(`## ${category}`, "");
    for (const t of techniques) {
      out.push(`### ${t.id}`, "", `**${t.title}** (ATT&CK ${t.attack.join(", ")})`, "", t.description, "");
      out.push(`Rules: ${t.rules.map(ruleLink).join(", ")}.`, "");
      if (t.floors.length)
        for (const f of t.floors)
          out.push(
            `- Floor **${f.proof ? "malicious (proof)" : f.verdict}** when ${f.rules.map(ruleLink).join(" or ")} fires${f.confidence === "high" ? " with high confidence" : ""}${f.when ? ` and \`${f.when}\`` : ""}.`,
          );
      else out.push(`- No floor: ${t.noFloor}.`);
      for (const id of t.explainedBy ?? [])
        out.push(`- Explained (floor lifted) by ${ruleLink(id)}: ${RULES_BY_ID.get(id)?.title ?? id}.`);
      out.push(`- Carriers: ${t.carriers.map((c) => `\`${c}\``).join(", ")}.`, "");
    }
  }
  return out.join("\n");
}

function floorSummary(floors: (typeof TECHNIQUES)[number]["floors"]): string {
  if (!floors.length) return "none";
  return [...new Set(floors.map((f) => (f.proof ? "malicious (proof)" : f.verdict)))].join(", ");
}
