// The outputs of `pdfscan analyze`: each one sees every outcome in input order, then the end of
// the run. Results go to stdout; errors always go to stderr as well (a pipeline's log shows them).
import type { Colors } from "../colors";
import type { OutputStream } from "../context";
import type { Outcome } from "../analysis/run-batch";

export const OUTPUT_FORMATS = ["table", "json", "sarif", "csv", "md"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface Tally {
  files: number;
  malicious: number;
  suspicious: number;
  benign: number;
  unknown: number;
  errors: number;
}

export interface Reporter {
  /** one outcome, in input order */
  add(outcome: Outcome): void;
  /** the run ended */
  end(tally: Tally): void;
}

export interface ReporterContext {
  out: OutputStream;
  colors: Colors;
  /** how many documents the run analyses (known before the first result) */
  total: number;
  /** the detailed per-file block instead of a table row */
  details: boolean;
  /** the score's explanation in the detailed block (--explain) */
  explain?: boolean;
}

export async function createReporter(format: OutputFormat, rc: ReporterContext): Promise<Reporter> {
  switch (format) {
    case "json":
      return {
        add: (o) => o.result && rc.out.write(`${JSON.stringify({ path: o.path, ...o.result })}\n`),
        end: () => undefined,
      };
    case "csv":
      return (await import("./csv")).csvReporter(rc);
    case "md":
      return (await import("./markdown")).markdownReporter(rc);
    case "sarif":
      return (await import("./sarif")).sarifReporter(rc);
    default:
      return (await import("./table")).tableReporter(rc);
  }
}
