// The scans list's cells and the bottom bar's words: short status labels, ages, column widths that add
// up to the terminal's width, the filter syntax, help that fits 80 columns, and a prompt that keeps its
// label and the end of what is typed when the line is narrow. Then the list and the bottom bar drawn
// by Ink at 80 columns.
import { renderToString } from "ink";
import { createElement, type ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { SCAN_STATUSES } from "../../server/domain/state-machine";
import type { ScanResource } from "../client/scan-client";
import { scanResourceFixture } from "../../server/testing/scan-resource-fixture";
import { BottomBar } from "./bottom-bar";
import { helpLines, keyHints, promptLine } from "./key-help";
import { LIST_PAGE_SIZE, parseListFilter } from "./list-filter";
import { columnWidths, formatAge, isLiveStatus, scanCells, statusLabel } from "./scan-columns";
import { ScanList } from "./scan-list";
import { ColorContext, toneStyle } from "./theme";
import { initialState, type UiState } from "./ui-state";

const NOW = Date.parse("2026-03-10T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

const scan = (
  name: string,
  status: ScanResource["status"],
  verdict: ScanResource["verdict"],
  score: number | null,
): ScanResource =>
  scanResourceFixture({
    scanId: `id-${name}`,
    status,
    verdict,
    score,
    file: { name, size: 10, sha256: "c".repeat(64) },
    createdAt: ago(90_000),
  });

describe("scan cells", () => {
  it("labels every status in at most 12 characters and passes an unknown one through", () => {
    for (const status of SCAN_STATUSES) expect(statusLabel(status).length, status).toBeLessThanOrEqual(12);
    expect(statusLabel("running_advanced_scan")).toBe("adv. running");
    expect(statusLabel("paused\x1b")).toBe("paused\\x1b");
    expect(isLiveStatus("running_fast_scan")).toBe(true);
    expect(isLiveStatus("completed")).toBe(false);
  });

  it.each([
    [500, "now"],
    [12_000, "12s ago"],
    [5 * 60_000 + 1, "5m ago"],
    [3 * 3_600_000, "3h ago"],
    [2 * 86_400_000, "2d ago"],
    [30 * 86_400_000, "2026-02-08"],
  ])("shows an age of %i ms as %s", (ms, text) => {
    expect(formatAge(ago(ms), NOW)).toBe(text);
  });

  it("shows a verdict and score not yet known as -", () => {
    const cells = scanCells(scan("x.pdf", "queued_fast_scan", null, null), NOW);
    expect(cells).toEqual({ verdict: "-", score: "-", name: "x.pdf", status: "queued", time: "1m ago" });
  });

  it("gives the file name the columns the others leave", () => {
    const w = columnWidths(80);
    expect(2 + w.verdict + w.score + w.name + w.status + w.time).toBe(80);
    expect(columnWidths(120).name).toBe(w.name + 40);
  });
});

describe("the list filter", () => {
  it("reads verdict: and status: words and searches for the rest", () => {
    expect(parseListFilter("  Verdict:MALICIOUS invoice  status:failed 2024 ")).toEqual({
      limit: LIST_PAGE_SIZE,
      verdict: "malicious",
      status: "failed",
      query: "invoice 2024",
    });
    expect(parseListFilter("")).toEqual({ limit: LIST_PAGE_SIZE });
  });
});

describe("the bottom bar's words", () => {
  it("fit 80 columns: hints and help of both screens", () => {
    for (const screen of ["list", "report"] as const) {
      const state = { ...initialState, screen, help: true };
      for (const line of [keyHints(state), ...helpLines(state)]) expect(line.length, line).toBeLessThanOrEqual(80);
    }
  });

  it("keep the prompt's label and the end of a long typed path", () => {
    const long = `/home/analyst/${"deep/".repeat(20)}sample.pdf`;
    const prompt = promptLine({ kind: "input", purpose: "submit", text: long }, 80)!;
    expect(prompt.label).toBe("submit file: ");
    expect(prompt.after).toBe("");
    expect(prompt.text.startsWith("…")).toBe(true);
    expect(prompt.text.endsWith("/sample.pdf")).toBe(true);
    expect(prompt.label.length + prompt.text.length + 1).toBe(80);
    expect(promptLine({ kind: "input", purpose: "filter", text: "inv" }, 80)).toEqual({
      label: "filter: ",
      text: "inv",
      after: "  Enter apply, Esc cancel",
    });
    expect(promptLine({ kind: "confirm-delete", scanId: "x", name: "a\x1b.pdf" }, 80)?.label).toBe(
      "delete a\\x1b.pdf? y/n ",
    );
  });
});

describe("drawn by Ink at 80 columns", () => {
  const draw = (node: ReactElement, color: boolean) =>
    renderToString(createElement(ColorContext, { value: color }, node), { columns: 80 });
  const scans = [
    scan("invoice.pdf", "completed", "malicious", 97),
    scan("a-very-long-file-name-".repeat(4), "running_advanced_scan", "suspicious", 55),
  ];

  it("draws the list: a header, a row per scan, the selection marked, nothing past 80 columns", () => {
    const out = draw(
      createElement(ScanList, { scans, selected: 1, rows: 5, width: 80, now: NOW, empty: "none" }),
      false,
    );
    const lines = out.split("\n");
    expect(lines[0]).toMatch(/^\s+VERDICT\s+SCORE\s+FILE\s+STATUS\s+CREATED\s*$/);
    expect(lines[1]).toMatch(/^ {2}MALICIOUS\s+97\s+invoice\.pdf\s+completed\s+1m ago\s*$/);
    expect(lines[2]).toMatch(/^> SUSPICIOUS\s+55\s+a-very-long-file-name-a-very-long\S*\s+adv\. running\s+1m ago\s*$/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(out).not.toMatch(/\x1b\[3\dm/);
  });

  it("asks for colors only when they are on (NO_COLOR), keeping bold and dim", () => {
    expect(toneStyle("malicious", true)).toEqual({ color: "red", bold: true });
    expect(toneStyle("malicious", false)).toEqual({ bold: true, dimColor: undefined });
    expect(toneStyle("muted", false)).toEqual({ bold: undefined, dimColor: true });
    expect(toneStyle(undefined, true)).toEqual({});
  });

  it("draws the bottom bar: the error line, then the prompt", () => {
    const state: UiState = {
      ...initialState,
      message: { text: "server answered 404 Not Found: no scan x", error: true, fromPoll: false },
      mode: { kind: "input", purpose: "filter", text: "inv" },
    };
    expect(draw(createElement(BottomBar, { state, width: 80 }), false).split("\n")).toEqual([
      "server answered 404 Not Found: no scan x",
      "filter: inv   Enter apply, Esc cancel",
    ]);
  });
});
