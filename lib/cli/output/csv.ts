// --format csv: one RFC 4180 row per file (CRLF, formula-guarded cells: the report export's csvField).
import { csvField } from "../../server/report-formats/csv";
import { toFileRow } from "./file-row";
import type { Reporter, ReporterContext } from "./reporter";

export const CSV_COLUMNS = [
  "path",
  "verdict",
  "score",
  "confidence",
  "findings",
  "top_rules",
  "sha256",
  "size",
  "stage",
  "error",
] as const;

export function csvReporter({ out }: ReporterContext): Reporter {
  const line = (cells: (string | number | null)[]) =>
    out.write(`${cells.map((c) => csvField(c === null ? "" : String(c))).join(",")}\r\n`);
  line([...CSV_COLUMNS]);
  return {
    add(o) {
      const r = toFileRow(o);
      line([
        r.path,
        r.verdict,
        r.score,
        r.confidence,
        r.findings,
        r.topRules.join(" "),
        r.sha256,
        r.size,
        r.stage,
        r.error,
      ]);
    },
    end: () => undefined,
  };
}
