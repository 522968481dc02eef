// The default output: one aligned row per file, printed as soon as it is known (fixed column widths,
// so rows stream), then the totals. A run over one document, or --details, prints the detailed block
// of each file instead (verdict, hash, structure, findings, defanged indicators).
import type { Verdict } from "../../analyzer/report";
import type { Colors } from "../colors";
import { formatResult, printable, verdictStyle } from "../format-result";
import { toFileRow } from "./file-row";
import type { Reporter, ReporterContext, Tally } from "./reporter";

const VERDICT_WIDTH = 10;
const SCORE_WIDTH = 5;
const FINDINGS_WIDTH = 8;
const RULES_WIDTH = 40;

export function tableReporter({ out, colors: c, total, details, explain = false }: ReporterContext): Reporter {
  const detailed = details || total === 1;
  let headerShown = false;
  return {
    add(o) {
      if (detailed) {
        if (o.result) out.write(`${formatResult(o.path, o.result, c, { all: details, explain })}\n`);
        return;
      }
      if (!headerShown) {
        headerShown = true;
        const head = `${"VERDICT".padEnd(VERDICT_WIDTH)} ${"SCORE".padStart(SCORE_WIDTH)} ${"FINDINGS".padStart(FINDINGS_WIDTH)}  ${"TOP RULES".padEnd(RULES_WIDTH)}  FILE`;
        out.write(`${c.bold(head)}\n`);
      }
      const r = toFileRow(o);
      const style = r.error ? (s: string) => c.bold(c.red(s)) : verdictStyle(r.verdict as Verdict, c);
      const verdict = style(r.verdict.toUpperCase().padEnd(VERDICT_WIDTH));
      const rules = r.error ? r.error : r.topRules.join(",") || "-";
      const shown = rules.length > RULES_WIDTH ? `${rules.slice(0, RULES_WIDTH - 3)}...` : rules;
      out.write(
        `${verdict} ${String(r.score ?? "-").padStart(SCORE_WIDTH)} ${String(r.findings ?? "-").padStart(FINDINGS_WIDTH)}  ${c.dim(printable(shown).padEnd(RULES_WIDTH))}  ${printable(r.path)}\n`,
      );
    },
    end(t) {
      if (t.files + t.errors > 1) out.write(formatTally(t, c));
    },
  };
}

export function formatTally(t: Tally, c: Colors): string {
  const parts = [
    c.red(`${t.malicious} malicious`),
    c.yellow(`${t.suspicious} suspicious`),
    c.green(`${t.benign} benign`),
    `${t.unknown} unknown`,
    t.errors > 0 ? c.red(`${t.errors} errors`) : "0 errors",
  ];
  return `${t.files} files analysed: ${parts.join(", ")}\n`;
}
