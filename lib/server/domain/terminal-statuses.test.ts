// Terminal and report-ready statuses have one source (state-machine.ts): no production line lists them
// again, and the web UI's polling decisions agree with the server's for every status.
import { describe, expect, it } from "vitest";
import { isReportReadyStatus, isTerminalStatus } from "../../../app/_lib/scans";
import { findCopies } from "../../../test/support/fact-copies";
import { isReportReady, isTerminal, REPORT_READY_STATUSES, SCAN_STATUSES, TERMINAL_STATUSES } from "./state-machine";

const quoted = (line: string, values: readonly string[]) => values.every((v) => line.includes(`"${v}"`));

describe("terminal statuses, declared once", () => {
  it("are listed only by the state machine", () => {
    const copies = findCopies(
      (line) => quoted(line, TERMINAL_STATUSES) || quoted(line, REPORT_READY_STATUSES),
      ["lib/server/domain/state-machine.ts"],
    );
    expect(copies).toEqual([]);
  });

  it.each(SCAN_STATUSES)("the web UI agrees with the server on %s", (status) => {
    expect(isTerminalStatus(status)).toBe(isTerminal(status));
    expect(isReportReadyStatus(status)).toBe(isReportReady(status));
  });
});
