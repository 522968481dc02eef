import { describe, expect, it } from "vitest";
import { DEFAULT_RETENTION_MODE, RETENTION_MODES, deletesImmediately, expiresAtFor } from "./retention";

const CREATED = Date.parse("2026-03-01T10:20:30.456Z");

describe("retention", () => {
  it.each([
    ["delete_immediately", null],
    ["retain_24h", "2026-03-02T10:20:30.456Z"],
    ["retain_7d", "2026-03-08T10:20:30.456Z"],
    ["retain_30d", "2026-03-31T10:20:30.456Z"],
  ] as const)("%s expires at %s", (mode, want) => {
    const at = expiresAtFor(mode, CREATED);
    expect(at === null ? null : new Date(at).toISOString()).toBe(want);
  });

  it("counts fixed durations in UTC, not calendar days (no DST shift)", () => {
    const beforeDst = Date.parse("2026-03-28T12:00:00.000Z");
    expect(expiresAtFor("retain_24h", beforeDst)! - beforeDst).toBe(24 * 3_600_000);
    expect(expiresAtFor("retain_7d", beforeDst)! - beforeDst).toBe(7 * 24 * 3_600_000);
  });

  it("defaults to delete_immediately, the only mode that deletes at once (seed rule 1, 3)", () => {
    expect(DEFAULT_RETENTION_MODE).toBe("delete_immediately");
    expect(RETENTION_MODES.filter(deletesImmediately)).toEqual(["delete_immediately"]);
  });
});
