// The terminal UI's behaviour without a terminal: events in, state and effects out (update.ts,
// handle-key.ts). Each test presses keys as Ink reports them and checks what the UI would do.
import { describe, expect, it } from "vitest";
import type { ScanReport } from "../../server/scans/report";
import type { ScanResource } from "../client/scan-client";
import { scanResourceFixture } from "../../server/testing/scan-resource-fixture";
import { initialState, type Effect, type KeyFlags, type Step, type UiState, type Viewport } from "./ui-state";
import { update } from "./update";

const VIEWPORT: Viewport = { listRows: 3, reportRows: 10, reportLines: 25 };

const scan = (
  scanId: string,
  status: ScanResource["status"] = "completed",
  verdict: ScanResource["verdict"] = "benign",
): ScanResource => scanResourceFixture({ scanId, status, verdict, score: verdict ? 10 : null });

/** what the UI keeps of a report here: the status (live or not) */
const report = (scanId: string, status: string) => ({ scanId, status }) as unknown as ScanReport;

const loaded = (ids: string[], filter = ""): UiState =>
  update(initialState, { type: "scans-loaded", filter, page: { items: ids.map((id) => scan(id)), nextCursor: null } })
    .state;

/** presses keys in turn (a string is one key; [input, flags] for named keys), keeping every effect */
function press(state: UiState, ...keys: (string | [string, KeyFlags])[]): Step {
  let step: Step = { state, effects: [] };
  for (const k of keys) {
    const [input, key] = typeof k === "string" ? [k, {}] : k;
    const next = update(step.state, { type: "key", input, key, viewport: VIEWPORT });
    step = { state: next.state, effects: [...step.effects, ...next.effects] };
  }
  return step;
}

const ENTER: [string, KeyFlags] = ["", { return: true }];
const ESC: [string, KeyFlags] = ["", { escape: true }];
const DOWN: [string, KeyFlags] = ["", { downArrow: true }];
const UP: [string, KeyFlags] = ["", { upArrow: true }];

describe("the scans list", () => {
  it("moves the selection with arrows and j/k, a page with PgDn, and stops at both ends", () => {
    const list = loaded(["a", "b", "c", "d", "e"]);
    expect(press(list, DOWN, "j").state.selected).toBe(2);
    expect(press(list, UP, "k").state.selected).toBe(0);
    expect(press(list, ["", { pageDown: true }]).state.selected).toBe(3);
    expect(press(list, "G").state.selected).toBe(4);
    expect(press(list, "G", "j", "g").state.selected).toBe(0);
  });

  it("opens the selected scan's report with Enter and goes back with Esc", () => {
    const opened = press(loaded(["a", "b"]), "j", ENTER);
    expect(opened.state.screen).toBe("report");
    expect(opened.effects).toEqual([{ type: "load-report", scanId: "b" }]);
    const back = press(opened.state, ESC);
    expect(back.state.screen).toBe("list");
    expect(back.state.selected).toBe(1);
  });

  it("applies a typed filter with Enter and ignores a list answer for the filter it replaced", () => {
    const typed = press(loaded(["a"]), "/", "inv", ["", { backspace: true }], "v", ENTER);
    expect(typed.state.filter).toBe("inv");
    expect(typed.state.scans).toEqual([]);
    expect(typed.effects).toEqual([{ type: "load-scans", filter: "inv" }]);
    const stale = update(typed.state, {
      type: "scans-loaded",
      filter: "",
      page: { items: [scan("x"), scan("y")], nextCursor: null },
    });
    expect(stale.state.scans).toEqual([]);
    const answered = update(typed.state, {
      type: "scans-loaded",
      filter: "inv",
      page: { items: [scan("inv1")], nextCursor: null },
    });
    expect(answered.state.scans.map((s) => s.scanId)).toEqual(["inv1"]);
    expect(press(typed.state, ESC).effects).toEqual([{ type: "load-scans", filter: "" }]);
  });

  it("deletes only after y, and takes the row out once the server confirmed", () => {
    const list = loaded(["a", "b"]);
    const asked = press(list, "j", "d");
    expect(asked.state.mode).toEqual({ kind: "confirm-delete", scanId: "b", name: "b.pdf" });
    expect(press(asked.state, "n").effects).toEqual([]);
    expect(press(asked.state, "n").state.message?.text).toBe("not deleted");
    const confirmed = press(asked.state, "y");
    expect(confirmed.effects).toEqual([{ type: "delete", scanId: "b" }]);
    const done = update(confirmed.state, { type: "deleted", scanId: "b" });
    expect(done.state.scans.map((s) => s.scanId)).toEqual(["a"]);
    expect(done.state.selected).toBe(0);
    expect(done.effects).toEqual([{ type: "load-scans", filter: "" }]);
  });

  it("submits a typed path (pasted with its Enter in one input) and selects the new scan once listed", () => {
    const typed = press(loaded(["a"]), "s", "~/in box/x.pdf\r");
    expect(typed.effects).toEqual([{ type: "submit", path: "~/in box/x.pdf" }]);
    const submitted = update(typed.state, {
      type: "submitted",
      scan: scan("new", "queued_fast_scan", null),
      name: "x.pdf",
    });
    expect(submitted.effects).toEqual([{ type: "load-scans", filter: "" }]);
    const listed = update(submitted.state, {
      type: "scans-loaded",
      filter: "",
      page: { items: [scan("old"), scan("new"), scan("a")], nextCursor: "c" },
    });
    expect(listed.state.selected).toBe(1);
    expect(listed.state.more).toBe(true);
  });

  it("keeps the selection on the same scan when a refresh puts new scans above it", () => {
    const list = press(loaded(["a", "b"]), "j").state;
    const refreshed = update(list, {
      type: "scans-loaded",
      filter: "",
      page: { items: [scan("n1"), scan("n2"), scan("a"), scan("b")], nextCursor: null },
    });
    expect(refreshed.state.selected).toBe(3);
  });

  it("counts each key of an input that arrived in one piece, and Alt+key as Esc then the key", () => {
    expect(press(loaded(["a", "b", "c"]), "jjd").state.mode).toMatchObject({ kind: "confirm-delete", scanId: "c" });
    const opened = press(loaded(["a", "b"]), ENTER).state;
    const altJ = press(opened, ["j", { meta: true }]);
    expect(altJ.state.screen).toBe("list");
    expect(altJ.state.selected).toBe(1);
  });

  it("quits with q, but q is a letter while typing", () => {
    expect(press(loaded(["a"]), "q").effects).toEqual([{ type: "quit" }]);
    const typing = press(loaded(["a"]), "/", "q");
    expect(typing.effects).toEqual([]);
    expect(typing.state.mode).toMatchObject({ kind: "input", text: "q" });
    expect(press(typing.state, ["u", { ctrl: true }]).state.mode).toMatchObject({ text: "" });
    // Ctrl+U and the next letters reaching us in one input
    expect(press(typing.state, "\x15ab").state.mode).toMatchObject({ text: "ab" });
  });
});

describe("the report view", () => {
  const opened = press(loaded(["a"]), ENTER).state;

  it("scrolls within the report's lines", () => {
    expect(press(opened, "j", "j").state.report?.scroll).toBe(2);
    expect(press(opened, "k").state.report?.scroll).toBe(0);
    expect(press(opened, "G").state.report?.scroll).toBe(VIEWPORT.reportLines - VIEWPORT.reportRows);
    expect(press(opened, ["", { pageDown: true }], ["", { pageDown: true }]).state.report?.scroll).toBe(15);
  });

  it("exports: a format by its number, then the server's file name, which Enter writes", () => {
    const chosen = press(opened, "e", "3");
    expect(chosen.state.mode).toEqual({
      kind: "input",
      purpose: "export-path",
      format: "stix",
      text: "pdfscan-a.stix.json",
    });
    expect(press(chosen.state, ENTER).effects).toEqual([
      { type: "export", scanId: "a", format: "stix", path: "pdfscan-a.stix.json" },
    ]);
    const byArrows = press(opened, "e", DOWN, ENTER, ["u", { ctrl: true }], "out/", ENTER);
    expect(byArrows.effects).toEqual([{ type: "export", scanId: "a", format: "md", path: "out/" }]);
    expect(press(opened, "e", ESC).state.mode).toEqual({ kind: "browse" });
  });
});

describe("the poll", () => {
  const effectsOf = (state: UiState): Effect[] => update(state, { type: "tick" }).effects;

  it("reloads the list, and an open report only while its scan still runs", () => {
    const opened = press(loaded(["a"]), ENTER).state;
    const running = update(opened, {
      type: "report-loaded",
      scanId: "a",
      report: report("a", "running_advanced_scan"),
    }).state;
    expect(effectsOf(running)).toEqual([
      { type: "load-scans", filter: "" },
      { type: "load-report", scanId: "a" },
    ]);
    const done = update(running, { type: "report-loaded", scanId: "a", report: report("a", "completed") }).state;
    expect(effectsOf(done)).toEqual([{ type: "load-scans", filter: "" }]);
  });

  it("shows a failed poll as one error line until a poll succeeds; an action's error stays", () => {
    const failed = update(loaded(["a"]), {
      type: "failed",
      effect: "load-scans",
      message: "cannot reach http://x: ECONNREFUSED",
    }).state;
    expect(failed.message).toEqual({ text: "cannot reach http://x: ECONNREFUSED", error: true, fromPoll: true });
    expect(
      update(failed, { type: "scans-loaded", filter: "", page: { items: [], nextCursor: null } }).state.message,
    ).toBeNull();
    const refused = update(loaded(["a"]), {
      type: "failed",
      effect: "delete",
      message: "server answered 404 Not Found: no such scan",
    }).state;
    expect(
      update(refused, { type: "scans-loaded", filter: "", page: { items: [], nextCursor: null } }).state.message?.error,
    ).toBe(true);
  });
});
