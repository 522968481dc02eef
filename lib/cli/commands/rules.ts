// pdfscan rules [--json] - the detection rule registry, the same list the report and UI read.
import type { Command } from "commander";
import type { Rule } from "../../analyzer";
import type { CliContext } from "../context";
import { formatTable } from "../format-table";

interface RulesOptions {
  json?: boolean;
}

export function registerRulesCommand(program: Command, ctx: CliContext): void {
  program
    .command("rules")
    .description("list the detection rules: id, severity, weight, category, ATT&CK techniques")
    .option("--json", "print the rules as a JSON array (without their check functions)")
    .addHelpText(
      "after",
      `
Examples:
  $ pdfscan rules
  $ pdfscan rules --json | jq -r '.[] | select(.severity == "critical") | .id'`,
    )
    .action(async (opts: RulesOptions) => {
      // the registry (and the analyzer modules it pulls in) loads only when this command runs
      const [{ RULES, RULE_CATEGORIES }, { SEVERITIES }] = await Promise.all([
        import("../../analyzer"),
        import("../../analyzer/report"),
      ]);
      const rules = sortRules(RULES, RULE_CATEGORIES, SEVERITIES);
      if (opts.json) {
        ctx.stdout.write(`${JSON.stringify(rules.map(describeRule), null, 2)}\n`);
        return;
      }
      const rows = rules.map((r) => [r.id, r.severity, r.weight, r.category, r.attack.join(",") || "-", r.title]);
      ctx.stdout.write(
        `${formatTable(["id", "severity", "weight", "category", "att&ck", "title"], rows)}\n${rules.length} rules\n`,
      );
    });
}

/** By category (registry order of categories), then most severe, then heaviest. */
export function sortRules(
  rules: readonly Rule[],
  RULE_CATEGORIES: readonly Rule["category"][],
  SEVERITIES: readonly Rule["severity"][],
): Rule[] {
  const cat = (r: Rule) => RULE_CATEGORIES.indexOf(r.category);
  const sev = (r: Rule) => SEVERITIES.indexOf(r.severity);
  return [...rules].sort(
    (a, b) => cat(a) - cat(b) || sev(b) - sev(a) || b.weight - a.weight || a.id.localeCompare(b.id),
  );
}

/** Everything declared about a rule except its code. */
export function describeRule({ check: _check, id, title, ...rest }: Rule): Omit<Rule, "check"> {
  // id and title first: the JSON reads like the table
  return { id, title, ...rest };
}
