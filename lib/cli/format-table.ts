// Plain-text tables (pdfscan rules, eval and bench reports): left-aligned text, right-aligned numbers.

export type Cell = string | number;

/** Renders rows under a header; numeric cells (or cells that look numeric) are right-aligned. */
export function formatTable(header: string[], rows: Cell[][]): string {
  const all = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...all.map((r) => (r[c] ?? "").length)));
  const numeric = header.map(
    (_, c) =>
      rows.length > 0 &&
      rows.every((r) => typeof r[c] === "number" || /^[-+]?[\d.,]+\s*[%x]?$/.test(String(r[c] ?? ""))),
  );
  const line = (r: string[]) =>
    r
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...all.slice(1).map(line)].join("\n");
}
