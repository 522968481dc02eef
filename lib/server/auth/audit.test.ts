import { afterEach, describe, expect, it } from "vitest";
import {
  AUDIT_EVENTS,
  AUDIT_LINES_PER_SOURCE,
  AUDIT_WINDOW_MS,
  AuditLimiter,
  audit,
  setAuditLimits,
  setAuditSink,
  sourceOf,
  withAuditSource,
  type AuditFields,
} from "./audit";

describe("AuditLimiter", () => {
  it("holds back a source past its budget, and all sources past the window's, then says how many", () => {
    let now = 1_000_000;
    const emitted: AuditFields[] = [];
    const limiter = new AuditLimiter(
      { linesPerSource: 3, windowMs: 60_000, linesPerWindow: 5 },
      (event, fields) => emitted.push({ event, ...fields }),
      () => now,
    );
    const admitted = (source: string, n: number) =>
      Array.from({ length: n }, () => limiter.admit(source)).filter(Boolean).length;
    expect(admitted("10.0.0.1", 10)).toBe(3);
    expect(admitted("10.0.0.2", 10)).toBe(2); // the window's 5 lines are spent
    expect(admitted("10.0.0.3", 1)).toBe(0);
    expect(emitted).toEqual([]);
    now += 60_000; // the limit lifts: the next line first reports what was held back
    expect(limiter.admit("10.0.0.1")).toBe(true);
    expect(emitted).toEqual([
      expect.objectContaining({
        event: "audit.suppressed",
        suppressed: 16,
        sources: 3,
        top: "10.0.0.2=8 10.0.0.1=7 10.0.0.3=1",
        windowS: 60,
      }),
    ]);
    limiter.endWindow(now + 60_000);
    expect(emitted.length).toBe(1); // nothing held back: no line
  });
});

describe("audit()", () => {
  const lines: Record<string, unknown>[] = [];
  setAuditSink((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  afterEach(() => {
    lines.length = 0;
    setAuditLimits({ linesPerSource: AUDIT_LINES_PER_SOURCE, windowMs: AUDIT_WINDOW_MS });
  });

  it("never holds back a state change, and limits refusals per source", () => {
    setAuditLimits({ linesPerSource: 2, windowMs: 600_000 });
    withAuditSource("192.0.2.7", () => {
      for (let i = 0; i < 50; i++) audit("access.denied", { reason: "unknown" });
      for (let i = 0; i < 50; i++) audit("scan.created", { scanId: `s${i}` });
    });
    for (let i = 0; i < 5; i++) audit("host.denied", { host: "x", source: "192.0.2.8" });
    const count = (event: string, source: string) =>
      lines.filter((l) => l.event === event && l.source === source).length;
    expect(count("access.denied", "192.0.2.7")).toBe(2);
    expect(count("scan.created", "192.0.2.7")).toBe(50);
    expect(count("host.denied", "192.0.2.8")).toBe(2);
    expect(lines.every((l) => l.audit === true && typeof l.ts === "string")).toBe(true);
  });

  it("declares which events are limited: refusals and share-link reads, never state changes", () => {
    const limited = Object.entries(AUDIT_EVENTS)
      .filter(([, e]) => e.limited)
      .map(([name]) => name)
      .sort();
    expect(limited).toEqual([
      "access.denied",
      "csrf.denied",
      "host.denied",
      "quota.exceeded",
      "rate.limited",
      "share.used",
    ]);
  });
});

describe("sourceOf", () => {
  it.each([
    [{ "x-forwarded-for": "203.0.113.9" }, "203.0.113.9"],
    [{ "x-forwarded-for": "198.51.100.1, 10.0.0.2" }, "10.0.0.2"],
    [{ "x-forwarded-for": "::ffff:127.0.0.1" }, "::ffff:127.0.0.1"],
    [{ "x-forwarded-for": '"><script>' }, "(unknown)"],
    [{ "x-forwarded-for": "a".repeat(100) }, "(unknown)"],
    [{}, "(unknown)"],
  ])("%j -> %s", (headers, source) => {
    expect(sourceOf(new Headers(headers))).toBe(source);
  });
});
