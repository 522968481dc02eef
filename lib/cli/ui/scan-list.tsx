// The scans list: a header row and one row per scan (verdict, score, name, status, age), the selected
// row in reverse video, scrolled so the selection stays in view.
import { Box, Text } from "ink";
import type { ScanResource } from "../client/scan-client";
import { columnWidths, scanCells, statusTone, verdictTone } from "./scan-columns";
import { useTone } from "./theme";

interface Props {
  scans: ScanResource[];
  selected: number;
  /** rows for scans (the header row apart) */
  rows: number;
  width: number;
  now: number;
  empty: string;
}

export function ScanList({ scans, selected, rows, width, now, empty }: Props) {
  const tone = useTone();
  const w = columnWidths(width);
  // the window follows the selection down; the selection is on its last row once past the first page
  const top = Math.max(0, selected - rows + 1);
  const cell = (text: string, cols: number, style = {}, inverse = false) => (
    <Box width={cols} flexShrink={0}>
      <Text wrap="truncate-end" inverse={inverse} {...style}>
        {text.padEnd(cols)}
      </Text>
    </Box>
  );
  return (
    <Box flexDirection="column" height={rows + 1}>
      <Box>
        {cell("", 2)}
        {cell("VERDICT", w.verdict, tone("heading"))}
        {cell("SCORE", w.score, tone("heading"))}
        {cell("FILE", w.name, tone("heading"))}
        {cell("STATUS", w.status, tone("heading"))}
        {cell("CREATED", w.time, tone("heading"))}
      </Box>
      {scans.length === 0 && <Text {...tone("muted")}>{empty}</Text>}
      {scans.slice(top, top + rows).map((scan, i) => {
        const c = scanCells(scan, now);
        const on = top + i === selected;
        return (
          <Box key={scan.scanId}>
            {cell(on ? "> " : "  ", 2, {}, on)}
            {cell(c.verdict, w.verdict, tone(verdictTone(scan.verdict)), on)}
            {cell(c.score, w.score, {}, on)}
            {cell(c.name, w.name - 1, {}, on)}
            {cell(" ", 1, {}, on)}
            {cell(c.status, w.status, tone(statusTone(scan.status)), on)}
            {cell(c.time, w.time, tone("muted"), on)}
          </Box>
        );
      })}
    </Box>
  );
}
