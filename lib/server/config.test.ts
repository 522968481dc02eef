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
      poolIdleRecycleMs: 20_000,
      workerRecycleTasks: 1_000,
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
      PDFSCAN_POOL_IDLE_RECYCLE_MS: "5000",
      PDFSCAN_WORKER_RECYCLE_TASKS: "50",
      PDFSCAN_DATA_DIR: "/var/lib/pdfscan",
      PDFSCAN_DATABASE_URL: "postgres://pdfscan@db.internal:5432/pdfscan",
      PDFSCAN_STORAGE: "postgres",
      PDFSCAN_REDIS_URL: "redis://queue.internal:6379/2",
      PDFSCAN_REDIS_PREFIX: "scans-prod",
      PDFSCAN_SWEEP_INTERVAL_MS: "30000",
      PDFSCAN_EVENTS_POLL_MS: "750",
      PDFSCAN_LEASE_MS: "15000",
      PDFSCAN_ENRICHMENT_TIMEOUT_MS: "2000",
      PDFSCAN_TEST_STAGE_DELAY_MS: "250",
      PDFSCAN_YARA_RULES: "/etc/pdfscan/yara:/opt/rules",
      PDFSCAN_PUBLIC_URL: "https://pdfscan.example.org",
      PDFSCAN_ALLOWED_HOSTS: "scanner.internal:8080, Other.Example",
      PDFSCAN_RATE_LIMIT: "50",
      PDFSCAN_RATE_WINDOW_S: "10",
      PDFSCAN_QUOTA_BYTES: "1000000",
      PDFSCAN_SESSION_TTL_S: "3600",
      PDFSCAN_MULTIPART_MAX_PARTS: "4",
      PDFSCAN_MULTIPART_MAX_FIELD_BYTES: "64",
      PDFSCAN_KEY_MAX_ANALYSES: "5",
      PDFSCAN_AUDIT_LINES_PER_SOURCE: "7",
      PDFSCAN_AUDIT_WINDOW_S: "30",
      PDFSCAN_TEST_DEEP_HOLD_MS: "900",
      PDFSCAN_WEBHOOK_ALLOW_PRIVATE: "true",
      PDFSCAN_WEBHOOK_RETRY_DELAYS_MS: "1000,60000",
      PDFSCAN_WEBHOOK_TIMEOUT_MS: "3000",
      PDFSCAN_WEBHOOK_POLL_MS: "500",
      PDFSCAN_VIRUSTOTAL_API_KEY: "vt",
      PDFSCAN_VIRUSTOTAL_URL: "https://vt-proxy.internal",
      PDFSCAN_VIRUSTOTAL_PER_MINUTE: "1000",
      PDFSCAN_VIRUSTOTAL_MIN_DETECTIONS: "3",
      PDFSCAN_URLHAUS_AUTH_KEY: "uh",
      PDFSCAN_URLHAUS_URL: "https://urlhaus-proxy.internal/api",
      PDFSCAN_URLHAUS_PER_MINUTE: "10",
      PDFSCAN_PROVIDER_TIMEOUT_MS: "1500",
      PDFSCAN_PROVIDER_CACHE_TTL_S: "3600",
    });
    expect(c).toEqual({
      host: "0.0.0.0",
      port: 8080,
      maxUploadBytes: 1024,
      workers: 3,
      fastTimeoutMs: 2500,
      advancedTimeoutMs: 60000,
      poolIdleRecycleMs: 5000,
      workerRecycleTasks: 50,
      dataDir: "/var/lib/pdfscan",
      database: { kind: "postgres", url: "postgres://pdfscan@db.internal:5432/pdfscan" },
      storage: "postgres",
      queue: { kind: "bullmq", url: "redis://queue.internal:6379/2", prefix: "scans-prod" },
      sweepIntervalMs: 30000,
      eventsPollMs: 750,
      leaseMs: 15000,
      enrichmentTimeoutMs: 2000,
      testStageDelayMs: 250,
      testDeepHoldMs: 900,
      yaraRuleDirs: ["/etc/pdfscan/yara", "/opt/rules"],
      authEnabled: true,
      publicOrigin: "https://pdfscan.example.org",
      tls: true,
      allowedHosts: [
        "localhost",
        "127.0.0.1",
        "[::1]",
        "::1",
        "pdfscan.example.org",
        "scanner.internal:8080",
        "other.example",
      ],
      rateLimit: { requests: 50, windowS: 10 },
      quotaBytes: 1_000_000,
      keyMaxAnalyses: 5,
      audit: { linesPerSource: 7, windowS: 30 },
      sessionTtlS: 3600,
      multipart: { maxParts: 4, maxFieldBytes: 64 },
      webhooks: { allowPrivate: true, retryDelaysMs: [1000, 60000], timeoutMs: 3000, pollMs: 500 },
      onlineProviders: {
        timeoutMs: 1500,
        cacheTtlMs: 3_600_000,
        virusTotal: { baseUrl: "https://vt-proxy.internal", apiKey: "vt", perMinute: 1000, minDetections: 3 },
        urlhaus: { baseUrl: "https://urlhaus-proxy.internal/api", authKey: "uh", perMinute: 10 },
      },
    });
  });

  it("refuses webhooks to private addresses by default, and a malformed retry schedule", () => {
    expect(parseConfig({}).webhooks).toMatchObject({
      allowPrivate: false,
      retryDelaysMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000],
    });
    expect(() => parseConfig({ PDFSCAN_WEBHOOK_RETRY_DELAYS_MS: "5s,10s" })).toThrow(
      /PDFSCAN_WEBHOOK_RETRY_DELAYS_MS: must be 1 to 50/,
    );
    expect(() => parseConfig({ PDFSCAN_WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(/PDFSCAN_WEBHOOK_ALLOW_PRIVATE/);
  });

  it("calls no online reputation service unless its key is set; then with the documented endpoints, limits and a checked base URL", () => {
    expect(parseConfig({}).onlineProviders).toMatchObject({
      virusTotal: null,
      urlhaus: null,
      timeoutMs: 5_000,
      cacheTtlMs: 86_400_000,
    });
    const c = parseConfig({
      PDFSCAN_VIRUSTOTAL_API_KEY: "k1",
      PDFSCAN_URLHAUS_AUTH_KEY: "k2",
      PDFSCAN_URLHAUS_URL: "http://127.0.0.1:8080/",
      PDFSCAN_PROVIDER_CACHE_TTL_S: "600",
    });
    expect(c.onlineProviders).toEqual({
      timeoutMs: 5_000,
      cacheTtlMs: 600_000,
      virusTotal: { baseUrl: "https://www.virustotal.com", apiKey: "k1", perMinute: 4, minDetections: 5 },
      urlhaus: { baseUrl: "http://127.0.0.1:8080/", authKey: "k2", perMinute: 60 },
    });
    expect(() => parseConfig({ PDFSCAN_VIRUSTOTAL_URL: "ftp://mirror" })).toThrow(
      /PDFSCAN_VIRUSTOTAL_URL: must be an http/,
    );
  });

  it("lets one key keep 2 analyses per worker thread in flight, at least 4", () => {
    expect(parseConfig({ PDFSCAN_WORKERS: "1" }).keyMaxAnalyses).toBe(4);
    expect(parseConfig({ PDFSCAN_WORKERS: "8" }).keyMaxAnalyses).toBe(16);
    expect(parseConfig({ PDFSCAN_WORKERS: "8", PDFSCAN_KEY_MAX_ANALYSES: "1" }).keyMaxAnalyses).toBe(1);
  });

  it("is secure by default: auth on, loopback hosts only, no TLS", () => {
    expect(parseConfig({})).toMatchObject({
      authEnabled: true,
      tls: false,
      publicOrigin: null,
      allowedHosts: ["localhost", "127.0.0.1", "[::1]", "::1"],
    });
  });

  it("accepts PDFSCAN_AUTH=off only on a loopback listener", () => {
    expect(parseConfig({ PDFSCAN_AUTH: "off" }).authEnabled).toBe(false);
    expect(parseConfig({ PDFSCAN_AUTH: "off", PDFSCAN_HOST: "localhost" }).authEnabled).toBe(false);
    expect(() => parseConfig({ PDFSCAN_AUTH: "off", PDFSCAN_HOST: "0.0.0.0" })).toThrow(
      /PDFSCAN_AUTH: off is only accepted/,
    );
    expect(() => parseConfig({ PDFSCAN_AUTH: "off", PDFSCAN_HOST: "10.0.0.5" })).toThrow(ConfigError);
  });

  it("embeds everything by default: SQLite and uploads under the data dir, in-process queue", () => {
    const c = parseConfig({ PDFSCAN_DATA_DIR: "/srv/pdfscan" });
    expect(c).toMatchObject({
      database: { kind: "sqlite", file: "/srv/pdfscan/pdfscan.sqlite" },
      storage: "local",
      queue: { kind: "in-process" },
      sweepIntervalMs: 60_000,
      testStageDelayMs: 0,
    });
  });

  it("allows PDFSCAN_STORAGE=postgres only with a database URL", () => {
    expect(() => parseConfig({ PDFSCAN_STORAGE: "postgres" })).toThrow(
      /PDFSCAN_STORAGE: postgres needs PDFSCAN_DATABASE_URL/,
    );
    expect(parseConfig({ PDFSCAN_STORAGE: "local", PDFSCAN_DATABASE_URL: "postgresql://x/y" }).storage).toBe("local");
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
    ["PDFSCAN_DATABASE_URL", "mysql://x/y"],
    ["PDFSCAN_DATABASE_URL", "/var/db.sqlite"],
    ["PDFSCAN_REDIS_URL", "localhost:6379"],
    ["PDFSCAN_REDIS_PREFIX", "a:b"],
    ["PDFSCAN_STORAGE", "s3"],
    ["PDFSCAN_LEASE_MS", "10"],
    ["PDFSCAN_SWEEP_INTERVAL_MS", "0"],
    ["PDFSCAN_AUTH", "false"],
    ["PDFSCAN_PUBLIC_URL", "pdfscan.example.org"],
    ["PDFSCAN_PUBLIC_URL", "https://x.example/path"],
    ["PDFSCAN_RATE_LIMIT", "0"],
    ["PDFSCAN_MULTIPART_MAX_PARTS", "100000"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(name);
  });
});
