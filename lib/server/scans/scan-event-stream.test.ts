import { describe, expect, it } from "vitest";
import { eventsBetween, scanEventStream, type ScanEventSource } from "./scan-event-stream";
import type { ScanResource } from "./scan-resource";

const T0 = Date.parse("2026-11-29T10:00:00.000Z");

function scan(status: ScanResource["status"], step: number, extra: Partial<ScanResource> = {}): ScanResource {
  const done = !["queued_fast_scan", "running_fast_scan"].includes(status);
  return {
    scanId: "s1",
    status,
    retentionMode: "delete_immediately",
    enableEnrichment: false,
    resultUrl: "/scans/s1",
    reportUrl: "/api/scans/s1/report",
    verdict: done ? "malicious" : null,
    score: done ? 90 : null,
    confidence: done ? "high" : null,
    advancedStatus:
      status === "completed"
        ? "completed"
        : status === "running_advanced_scan"
          ? "running"
          : done
            ? "queued"
            : "pending",
    advancedFailureReason: null,
    enrichmentStatus: "disabled",
    enrichmentFailureReason: null,
    failureReason: null,
    expiresAt: null,
    fileRetained: false,
    keepThumbnails: false,
    file: { name: "a.pdf", size: 1, sha256: "0".repeat(64) },
    callbackUrl: null,
    batchId: null,
    createdAt: new Date(T0).toISOString(),
    updatedAt: new Date(T0 + step).toISOString(),
    fastCompletedAt: null,
    completedAt: null,
    ...extra,
  };
}

/** event name and parsed data of each event in a text/event-stream text */
function parse(text: string): { event: string; data: unknown; id?: string }[] {
  return text
    .split("\n\n")
    .filter((block) => block.includes("event: "))
    .map((block) => {
      const field = (name: string) =>
        block
          .split("\n")
          .find((l) => l.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return { event: field("event")!, data: JSON.parse(field("data")!), id: field("id") };
    });
}

describe("eventsBetween", () => {
  it("sends the state on connect, then each further one, with a verdict event when the verdict appears or moves", () => {
    expect(parse(eventsBetween(null, scan("queued_fast_scan", 0), null, "s1").join("")).map((e) => e.event)).toEqual([
      "scan",
    ]);
    const fast = parse(
      eventsBetween(scan("running_fast_scan", 1), scan("completed_fast_scan", 2), null, "s1").join(""),
    );
    expect(fast.map((e) => e.event)).toEqual(["scan", "verdict"]);
    expect(fast[1].data).toEqual({ verdict: "malicious", score: 90, confidence: "high", stage: "fast" });
    expect(fast[0].id).toBe(String(T0 + 2));
    // the same verdict on the next state: no verdict event; a moved score: one
    expect(
      parse(eventsBetween(scan("completed_fast_scan", 2), scan("queued_advanced_scan", 3), null, "s1").join("")).map(
        (e) => e.event,
      ),
    ).toEqual(["scan"]);
    const moved = parse(
      eventsBetween(scan("running_advanced_scan", 4), scan("completed", 5, { score: 100 }), null, "s1").join(""),
    );
    expect(moved.map((e) => e.event)).toEqual(["scan", "verdict", "end"]);
    expect(moved[1].data).toMatchObject({ score: 100, stage: "advanced" });
  });

  it("ignores a state that is not further on (a message older than a re-read), and a repeat of the same", () => {
    expect(eventsBetween(scan("running_advanced_scan", 4), scan("completed_fast_scan", 2), null, "s1")).toEqual([]);
    expect(eventsBetween(scan("running_fast_scan", 1), scan("running_fast_scan", 1), null, "s1")).toEqual([]);
    // a resumed stage keeps its status and is later by its time
    expect(eventsBetween(scan("running_fast_scan", 1), scan("running_fast_scan", 7), null, "s1")).toHaveLength(1);
  });

  it("resumes after Last-Event-ID: the state it names is not sent again, a later one is", () => {
    const last = String(T0 + 3);
    expect(eventsBetween(null, scan("queued_advanced_scan", 3), last, "s1")).toEqual([]);
    expect(parse(eventsBetween(null, scan("completed", 5), last, "s1").join("")).map((e) => e.event)).toEqual([
      "scan",
      "verdict",
      "end",
    ]);
    // the end is always said, so a client that saw the last state still learns the stream is over
    expect(parse(eventsBetween(null, scan("completed", 5), String(T0 + 5), "s1").join("")).map((e) => e.event)).toEqual(
      ["end"],
    );
  });

  it("says deleted when the scan is gone", () => {
    expect(parse(eventsBetween(scan("running_fast_scan", 1), null, null, "s1").join(""))).toEqual([
      { event: "deleted", data: { scanId: "s1" }, id: undefined },
    ]);
  });
});

describe("scanEventStream", () => {
  /** a source whose row the test moves, announcing each move as the repository does */
  function fakeSource(first: ScanResource, opts: { lastEventId?: string; pollMs?: number } = {}) {
    let current: ScanResource | null = first;
    const listeners = new Set<(s: ScanResource | null) => void>();
    const abort = new AbortController();
    const source: ScanEventSource = {
      load: async () => current,
      subscribe: (l) => (listeners.add(l), () => listeners.delete(l)),
      listening: async () => {},
      pollMs: opts.pollMs ?? 60_000,
      lastEventId: opts.lastEventId ?? null,
      signal: abort.signal,
    };
    const move = (next: ScanResource | null) => {
      current = next;
      for (const l of listeners) l(next);
    };
    return { source, move, abort, listeners };
  }

  async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
    let text = "";
    const decoder = new TextDecoder();
    for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk);
    return text;
  }

  it("sends every state announced, in order, even when they follow each other at once, and ends at a terminal state", async () => {
    const f = fakeSource(scan("queued_fast_scan", 0));
    const stream = scanEventStream("s1", f.source);
    const all = readAll(stream);
    await new Promise((r) => setTimeout(r, 10));
    const steps = [
      "running_fast_scan",
      "completed_fast_scan",
      "queued_advanced_scan",
      "running_advanced_scan",
      "completed",
    ] as const;
    steps.forEach((status, i) => f.move(scan(status, i + 1)));
    const events = parse(await all);
    expect(events.filter((e) => e.event === "scan").map((e) => (e.data as ScanResource).status)).toEqual([
      "queued_fast_scan",
      ...steps,
    ]);
    expect(events.at(-1)).toEqual({ event: "end", data: { status: "completed" }, id: undefined });
    expect(f.listeners.size).toBe(0);
  });

  it("starts with the retry field, ends on deletion, and unsubscribes when the client leaves", async () => {
    const f = fakeSource(scan("running_fast_scan", 1));
    const all = readAll(scanEventStream("s1", f.source));
    await new Promise((r) => setTimeout(r, 10));
    f.move(null);
    const text = await all;
    expect(text.startsWith("retry: ")).toBe(true);
    expect(parse(text).map((e) => e.event)).toEqual(["scan", "deleted"]);

    const g = fakeSource(scan("running_fast_scan", 1));
    const reader = scanEventStream("s1", g.source).getReader();
    await reader.read();
    g.abort.abort();
    expect(g.listeners.size).toBe(0);
  });
});
