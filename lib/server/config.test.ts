import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../limits";
import { ConfigError, DEFAULT_MAX_UPLOAD_BYTES, parseConfig } from "./config";

describe("parseConfig", () => {
  it("applies the documented defaults", () => {
    const c = parseConfig({});
    expect(c).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      maxUploadBytes: DEFAULT_MAX_UPLOAD_BYTES,
      fastTimeoutMs: DEFAULT_LIMITS.FAST_STAGE_TIMEOUT_MS,
    });
    expect(c.workers).toBeGreaterThanOrEqual(1);
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it("reads every variable", () => {
    const c = parseConfig({
      PDFSCAN_HOST: "0.0.0.0",
      PORT: "8080",
      PDFSCAN_MAX_UPLOAD_BYTES: "1024",
      PDFSCAN_WORKERS: "3",
      PDFSCAN_FAST_TIMEOUT_MS: "2500",
      PDFSCAN_ADVANCED_TIMEOUT_MS: "60000",
      PDFSCAN_DATA_DIR: "/var/lib/pdfscan",
    });
    expect(c).toEqual({
      host: "0.0.0.0",
      port: 8080,
      maxUploadBytes: 1024,
      workers: 3,
      fastTimeoutMs: 2500,
      advancedTimeoutMs: 60000,
      dataDir: "/var/lib/pdfscan",
    });
  });

  it("treats an empty variable as unset", () => {
    expect(parseConfig({ PORT: "" }).port).toBe(3000);
  });

  it.each([
    ["PORT", "http"],
    ["PORT", "70000"],
    ["PDFSCAN_MAX_UPLOAD_BYTES", "50MB"],
    ["PDFSCAN_MAX_UPLOAD_BYTES", "0"],
    ["PDFSCAN_WORKERS", "-1"],
    ["PDFSCAN_WORKERS", "1.5"],
    ["PDFSCAN_FAST_TIMEOUT_MS", "5"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });
});
