import { describe, expect, it } from "vitest";
import { describeRetention } from "./retention-wording";

const NOW = Date.parse("2026-01-02T00:00:00Z");

describe("describeRetention", () => {
  it.each([
    [
      { retentionMode: "delete_immediately", fileRetained: true, expiresAt: null },
      "Delete the file once the analysis ends",
      "On the server until the analysis ends, then deleted",
    ],
    [
      { retentionMode: "delete_immediately", fileRetained: false, expiresAt: null },
      "Delete the file once the analysis ends",
      "Deleted after the analysis; the report is kept",
    ],
    [
      { retentionMode: "retain_24h", fileRetained: true, expiresAt: "2026-01-02T12:00:00.000Z" },
      "Keep the file for 24 hours",
      "Kept on the server until 2026-01-02 12:00:00 UTC",
    ],
    [
      { retentionMode: "retain_7d", fileRetained: false, expiresAt: "2026-01-01T00:00:00.000Z" },
      "Keep the file for 7 days",
      "Deleted at 2026-01-01 00:00:00 UTC, when retention ended; the report is kept",
    ],
    [
      { retentionMode: "retain_30d", fileRetained: false, expiresAt: "2026-02-01T00:00:00.000Z" },
      "Keep the file for 30 days",
      "Deleted; the report is kept",
    ],
  ] as const)("%o", (scan, policy, file) => {
    expect(describeRetention(scan, NOW)).toEqual({ policy, file });
  });

  it("never pairs a deleted file with a future expiry", () => {
    const { file } = describeRetention(
      { retentionMode: "delete_immediately", fileRetained: false, expiresAt: null },
      NOW,
    );
    expect(file).not.toMatch(/expires|last stage/);
  });
});
