// --format md: a GitHub-flavoured Markdown table, one row per file, then the totals. File names come
// from the user's disk or a hostile archive: escaped like the report export (mdEscape).
import { mdEscape } from "../../server/report-formats/markdown";
import { printable } from "../format-result";
import { toFileRow } from "./file-row";
import type { Reporter, ReporterContext } from "./reporter";

export function markdownReporter({ out }: ReporterContext): Reporter {
  out.write("| File | Verdict | Score | Findings | Top rules |\n| --- | --- | ---: | ---: | --- |\n");
  return {
    add(o) {
      const r = toFileRow(o);
      const verdict = r.error ? `error: ${mdEscape(printable(r.error))}` : `**${r.verdict}**`;
      const rules = r.topRules.map((id) => `\`${id}\``).join(", ");
      out.write(
        `| ${mdEscape(printable(r.path))} | ${verdict} | ${r.score ?? ""} | ${r.findings ?? ""} | ${rules} |\n`,
      );
    },
    end(t) {
      out.write(
        `\n${t.files} files analysed: ${t.malicious} malicious, ${t.suspicious} suspicious, ${t.benign} benign, ${t.unknown} unknown, ${t.errors} errors\n`,
      );
    },
  };
}
