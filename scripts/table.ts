// Number formatting for the eval and bench reports; tables come from the CLI's formatter.
export { formatTable, type Cell } from "../lib/cli/format-table";

export const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
export const fixed = (x: number, digits = 2): string => x.toFixed(digits);
