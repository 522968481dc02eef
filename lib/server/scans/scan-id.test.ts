import { describe, expect, it } from "vitest";
import { isScanId, newScanId } from "./scan-id";

describe("newScanId", () => {
  it("makes URL-safe ids of 22 characters that never start with '-' (an option on a command line)", () => {
    const ids = Array.from({ length: 20_000 }, newScanId);
    for (const id of ids) {
      expect(isScanId(id), id).toBe(true);
      expect(id.startsWith("-"), id).toBe(false);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // every character of the alphabet is used, "-" too (after the first character)
    expect(new Set(ids.join("")).size).toBe(64);
  });
});
