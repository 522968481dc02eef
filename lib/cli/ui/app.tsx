// The terminal UI's root: holds the state, turns keys and the poll's ticks into events for update(),
// runs the effects it asks for (run-effect.ts) and lays the screen out: a title line, the scans list
// or a report, and the bottom bar. The whole screen is drawn every time; the size follows the terminal.
import { Box, Text, useApp, useInput } from "ink";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { printable } from "../format-result";
import type { ScanClient } from "../client/scan-client";
import { BottomBar, bottomBarHeight } from "./bottom-bar";
import { reportLines } from "./report-lines";
import { ReportView } from "./report-view";
import { createEffectRunner } from "./run-effect";
import { ScanList } from "./scan-list";
import { useTone } from "./theme";
import { initialState, type UiEvent, type UiState, type Viewport } from "./ui-state";
import { update } from "./update";
import { useTerminalSize } from "./use-terminal-size";

/** how often the list (and an open report whose scan still runs) is asked for again */
export const POLL_INTERVAL_MS = 2_000;

export function App({ client, cwd }: { client: ScanClient; cwd: string }) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const [state, setState] = useState<UiState>(initialState);
  // events change the latest state, not the one of the last render: two quick keys both count
  const current = useRef(state);
  const runEffect = useMemo(() => createEffectRunner(client, cwd), [client, cwd]);

  const dispatch = useCallback(
    (event: UiEvent) => {
      const step = update(current.current, event);
      current.current = step.state;
      setState(step.state);
      for (const effect of step.effects) {
        if (effect.type === "quit") exit();
        else void runEffect(effect).then((outcome) => outcome && dispatch(outcome));
      }
    },
    [exit, runEffect],
  );

  useEffect(() => {
    dispatch({ type: "tick" });
    const timer = setInterval(() => dispatch({ type: "tick" }), POLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dispatch]);

  const report = state.report?.report ?? null;
  const lines = useMemo(() => (report ? reportLines(report, columns) : null), [report, columns]);
  const bodyRows = Math.max(1, rows - 1 - bottomBarHeight(state));
  const viewport: Viewport = {
    listRows: Math.max(1, bodyRows - 1),
    reportRows: bodyRows,
    reportLines: lines?.length ?? 0,
  };
  useInput((input, key) => dispatch({ type: "key", input, key, viewport }));

  return (
    <Box flexDirection="column" width={columns} height={rows}>
      <TitleBar state={state} url={client.target.url} lineCount={lines?.length ?? 0} rows={bodyRows} />
      <Box flexDirection="column" height={bodyRows} flexShrink={0}>
        {state.screen === "list" ? (
          <ScanList
            scans={state.scans}
            selected={state.selected}
            rows={viewport.listRows}
            width={columns}
            now={Date.now()}
            empty={emptyListText(state)}
          />
        ) : (
          <ReportView
            lines={lines}
            scroll={state.report?.scroll ?? 0}
            rows={bodyRows}
            waiting={`loading the report of ${state.report?.scanId}...`}
          />
        )}
      </Box>
      <BottomBar state={state} width={columns} />
    </Box>
  );
}

function TitleBar({ state, url, lineCount, rows }: { state: UiState; url: string; lineCount: number; rows: number }) {
  const tone = useTone();
  const parts: string[] = [];
  if (state.screen === "list") {
    parts.push(url, `${state.scans.length}${state.more ? "+" : ""} scans`);
    if (state.filter) parts.push(`filter: ${state.filter}`);
  } else if (state.report) {
    const name = state.report.report?.file.name;
    parts.push(name ? printable(name) : state.report.scanId, `scan ${state.report.scanId}`);
    if (lineCount > 0)
      parts.push(`lines ${state.report.scroll + 1}-${Math.min(lineCount, state.report.scroll + rows)} of ${lineCount}`);
  }
  return (
    <Text wrap="truncate-end">
      <Text {...tone("heading")}>pdfscan</Text>
      {`  ${parts.join("  ·  ")}`}
    </Text>
  );
}

function emptyListText(state: UiState): string {
  if (!state.loaded)
    return state.message?.error ? "no list yet (the error is below); trying again every 2 s" : "loading the scans...";
  return state.filter
    ? `no scans match "${state.filter}" (Esc drops the filter)`
    : "no scans yet: press s to submit a file";
}
