// The report view: a window of `rows` lines over the report's lines (report-lines.ts) from `scroll`.
import { Box, Text } from "ink";
import type { Line } from "./report-lines";
import { useTone } from "./theme";

interface Props {
  lines: Line[] | null;
  scroll: number;
  rows: number;
  waiting: string;
}

export function ReportView({ lines, scroll, rows, waiting }: Props) {
  const tone = useTone();
  return (
    <Box flexDirection="column" height={rows}>
      {lines === null && <Text {...tone("muted")}>{waiting}</Text>}
      {lines?.slice(scroll, scroll + rows).map((line, i) => (
        <Text key={scroll + i} wrap="truncate-end" {...tone(line.tone)}>
          {line.text || " "}
        </Text>
      ))}
    </Box>
  );
}
