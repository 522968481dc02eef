import { describe, expect, it } from "vitest";
import type { ScanClient, ScanResource } from "./scan-client";
import { waitForScan } from "./wait-for-scan";

const scan = (status: string, verdict: string | null = null) =>
  ({
    scanId: "s1",
    status,
    advancedStatus: "pending",
    enrichmentStatus: "disabled",
    verdict,
    score: verdict ? 80 : null,
  }) as unknown as ScanResource;
const quiet = { stderr: { isTTY: false, write: () => true } as never, timeoutMs: 60_000 };

describe("waitForScan", () => {
  it("follows the event stream to the final status without polling", async () => {
    const client = {
      async *events() {
        yield scan("running_fast_scan");
        yield scan("completed", "malicious");
      },
      get: async () => {
        throw new Error("polled");
      },
    } as unknown as ScanClient;
    expect(await waitForScan(client, scan("queued_fast_scan"), "a.pdf", quiet)).toMatchObject({
      status: "completed",
      verdict: "malicious",
    });
  });

  it("polls when the stream cannot be had, or ends before the scan does", async () => {
    for (const events of [
      // an older server: 404 on the events path
      // eslint-disable-next-line require-yield -- a stream that fails before its first event
      async function* () {
        throw new Error("server answered 404");
      },
      // a proxy cut the stream after one state
      async function* () {
        yield scan("running_fast_scan");
      },
    ]) {
      const states = [scan("running_advanced_scan", "suspicious"), scan("completed", "suspicious")];
      const client = { events, get: async () => states.shift()! } as unknown as ScanClient;
      expect(await waitForScan(client, scan("queued_fast_scan"), "a.pdf", quiet)).toMatchObject({
        status: "completed",
      });
      expect(states).toEqual([]);
    }
  });
});
