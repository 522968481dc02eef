// Service configuration: read from the environment and validated once (the t3 env.js pattern), so a
// bad value stops the server at start with a message naming the variable, not at the first request.
// Server-only: lib/analyzer and lib/pdf never import this file.
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_LIMITS } from "../limits";
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, DEFAULT_WEBHOOK_TIMEOUT_MS } from "./webhooks/webhook-dispatcher";

/** Default upload cap: 50 MiB (contract: Limits). */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** How often the retention sweeper deletes expired files (and leftovers of crashes). */
export const DEFAULT_SWEEP_INTERVAL_MS = 60_000;
/**
 * An event stream re-reads its scan at least this often, whatever the change signal said (a signal
 * lost with a Redis blip delays an event by at most this much).
 */
export const DEFAULT_EVENTS_POLL_MS = 2_000;
/**
 * How long a claimed stage stays owned without a heartbeat: a process killed mid-stage loses its
 * claim after at most this long and another process (or the same one, restarted) resumes the stage.
 */
export const DEFAULT_LEASE_MS = 30_000;
/** Budget of the optional enrichment step inside the advanced stage. */
export const DEFAULT_ENRICHMENT_TIMEOUT_MS = 10_000;
/** SQLite database file and uploads folder inside the data directory (embedded defaults). */
export const SQLITE_FILE_NAME = "pdfscan.sqlite";
export const UPLOADS_DIR_NAME = "uploads";

/** Per-principal request budget (contract: Limits): this many API requests per window. */
export const DEFAULT_RATE_LIMIT = 600;
export const DEFAULT_RATE_WINDOW_S = 60;
/** Per-principal storage quota: bytes of uploaded files kept at once (retained files and pending scans). */
export const DEFAULT_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;
/** A web UI session lasts this long after sign-in. */
export const DEFAULT_SESSION_TTL_S = 12 * 3600;
/** Analyses (/analyze/fast and /analyze/deep) one key may have running or waiting, per worker thread. */
export const DEFAULT_KEY_ANALYSES_PER_WORKER = 2;
/** ... and at least this many, so a client with a few requests in flight is never refused. */
export const MIN_KEY_MAX_ANALYSES = 4;
/** Audit lines of refusals and share-link reads one source may write per window (lib/server/auth/audit.ts). */
export const DEFAULT_AUDIT_LINES_PER_SOURCE = 30;
export const DEFAULT_AUDIT_WINDOW_S = 60;
/** Multipart bounds: parts in one body and bytes of one non-file field. */
export const DEFAULT_MULTIPART_MAX_PARTS = 16;
export const DEFAULT_MULTIPART_MAX_FIELD_BYTES = 1024;
/** How often a process looks for webhook retries that came due (new webhooks are sent at once). */
export const DEFAULT_WEBHOOK_POLL_MS = 1_000;

/** Host names that only reach this machine: the default Host allow-list and where auth may be off. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]", "::1"] as const;
export const isLoopbackHost = (host: string): boolean =>
  (LOOPBACK_HOSTS as readonly string[]).includes(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export const STORAGE_KINDS = ["local", "postgres"] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

const intFromEnv = (min: number, max: number) =>
  z.string().trim().regex(/^\d+$/, "must be a whole number").transform(Number).pipe(z.number().int().min(min).max(max));

/** A service's base URL (an operator's proxy or mirror may stand in for the public one). */
const serviceUrl = z
  .string()
  .trim()
  .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, "must be an http:// or https:// URL");

/** VirusTotal engines that must call a file malicious before the hit counts (VirusTotal's own guidance: one or two detections are often false positives). */
export const DEFAULT_VIRUSTOTAL_MIN_DETECTIONS = 5;

const EnvSchema = z.object({
  PDFSCAN_HOST: z.string().trim().min(1).default("127.0.0.1"),
  PORT: intFromEnv(1, 65_535).default(3000),
  PDFSCAN_MAX_UPLOAD_BYTES: intFromEnv(1, 2 * 1024 * 1024 * 1024).default(DEFAULT_MAX_UPLOAD_BYTES),
  PDFSCAN_WORKERS: intFromEnv(1, 256).optional(),
  PDFSCAN_FAST_TIMEOUT_MS: intFromEnv(100, 10 * 60_000).default(DEFAULT_LIMITS.FAST_STAGE_TIMEOUT_MS),
  PDFSCAN_POOL_IDLE_RECYCLE_MS: intFromEnv(1_000, 24 * 3_600_000).default(20_000),
  PDFSCAN_WORKER_RECYCLE_TASKS: intFromEnv(1, 1_000_000).default(1_000),
  PDFSCAN_ADVANCED_TIMEOUT_MS: intFromEnv(100, 60 * 60_000).default(DEFAULT_LIMITS.ADVANCED_STAGE_TIMEOUT_MS),
  PDFSCAN_DATA_DIR: z.string().trim().min(1).default("./data"),
  // Scans: where metadata, uploaded bytes and stage jobs live. Nothing set = the embedded default
  // (SQLite file + local files under PDFSCAN_DATA_DIR, in-process queue on the worker-thread pool).
  PDFSCAN_DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// URL")
    .optional(),
  PDFSCAN_STORAGE: z.enum(STORAGE_KINDS).optional(),
  PDFSCAN_REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, "must be a redis:// or rediss:// URL")
    .optional(),
  PDFSCAN_REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be 1-64 letters, digits, '_', '.' or '-'")
    .default("pdfscan"),
  PDFSCAN_SWEEP_INTERVAL_MS: intFromEnv(1_000, 24 * 3_600_000).default(DEFAULT_SWEEP_INTERVAL_MS),
  PDFSCAN_EVENTS_POLL_MS: intFromEnv(100, 3_600_000).default(DEFAULT_EVENTS_POLL_MS),
  PDFSCAN_LEASE_MS: intFromEnv(1_000, 3_600_000).default(DEFAULT_LEASE_MS),
  PDFSCAN_ENRICHMENT_TIMEOUT_MS: intFromEnv(100, 10 * 60_000).default(DEFAULT_ENRICHMENT_TIMEOUT_MS),
  // operator YARA rule directories (colon-separated), compiled with the bundled rules-yara/
  PDFSCAN_YARA_RULES: z.string().trim().optional(),
  PDFSCAN_TEST_STAGE_DELAY_MS: intFromEnv(0, 10 * 60_000).default(0),
  PDFSCAN_TEST_DEEP_HOLD_MS: intFromEnv(0, 60 * 60_000).default(0),
  // Security (README "Security"): auth is on unless explicitly turned off on a loopback-only server.
  PDFSCAN_AUTH: z.enum(["on", "off"]).default("on"),
  // where users reach the service (e.g. https://pdfscan.example.org): its host joins the Host
  // allow-list; https there means "behind TLS" (Secure cookies, HSTS)
  PDFSCAN_PUBLIC_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+\/?$/, "must be an origin such as https://pdfscan.example.org")
    .optional(),
  // more Host header values to serve (comma-separated host or host:port), on top of loopback names
  PDFSCAN_ALLOWED_HOSTS: z.string().trim().optional(),
  PDFSCAN_RATE_LIMIT: intFromEnv(1, 1_000_000).default(DEFAULT_RATE_LIMIT),
  PDFSCAN_RATE_WINDOW_S: intFromEnv(1, 86_400).default(DEFAULT_RATE_WINDOW_S),
  PDFSCAN_QUOTA_BYTES: intFromEnv(1, Number.MAX_SAFE_INTEGER).default(DEFAULT_QUOTA_BYTES),
  PDFSCAN_KEY_MAX_ANALYSES: intFromEnv(1, 100_000).optional(),
  PDFSCAN_AUDIT_LINES_PER_SOURCE: intFromEnv(1, 1_000_000).default(DEFAULT_AUDIT_LINES_PER_SOURCE),
  PDFSCAN_AUDIT_WINDOW_S: intFromEnv(1, 86_400).default(DEFAULT_AUDIT_WINDOW_S),
  PDFSCAN_SESSION_TTL_S: intFromEnv(60, 30 * 86_400).default(DEFAULT_SESSION_TTL_S),
  PDFSCAN_MULTIPART_MAX_PARTS: intFromEnv(1, 1_000).default(DEFAULT_MULTIPART_MAX_PARTS),
  PDFSCAN_MULTIPART_MAX_FIELD_BYTES: intFromEnv(16, 1024 * 1024).default(DEFAULT_MULTIPART_MAX_FIELD_BYTES),
  // webhooks (lib/server/webhooks): private targets only when the operator says so (SSRF guard)
  PDFSCAN_WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  // delays before the 2nd, 3rd, ... attempt, comma-separated milliseconds
  PDFSCAN_WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .trim()
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, "must be 1 to 50 comma-separated whole numbers of milliseconds")
    .transform((v) => v.split(",").map(Number))
    .optional(),
  PDFSCAN_WEBHOOK_TIMEOUT_MS: intFromEnv(100, 120_000).default(DEFAULT_WEBHOOK_TIMEOUT_MS),
  PDFSCAN_WEBHOOK_POLL_MS: intFromEnv(100, 3_600_000).default(DEFAULT_WEBHOOK_POLL_MS),
  // optional online reputation services of the enrichment step (lib/server/enrichment/online): off
  // unless a key is set; they are sent indicators and hashes, never the file
  PDFSCAN_VIRUSTOTAL_API_KEY: z.string().trim().min(1).optional(),
  PDFSCAN_VIRUSTOTAL_URL: serviceUrl.default("https://www.virustotal.com"),
  PDFSCAN_VIRUSTOTAL_PER_MINUTE: intFromEnv(1, 100_000).default(4),
  PDFSCAN_VIRUSTOTAL_MIN_DETECTIONS: intFromEnv(1, 1_000).default(DEFAULT_VIRUSTOTAL_MIN_DETECTIONS),
  PDFSCAN_URLHAUS_AUTH_KEY: z.string().trim().min(1).optional(),
  PDFSCAN_URLHAUS_URL: serviceUrl.default("https://urlhaus-api.abuse.ch"),
  PDFSCAN_URLHAUS_PER_MINUTE: intFromEnv(1, 100_000).default(60),
  PDFSCAN_PROVIDER_TIMEOUT_MS: intFromEnv(100, 120_000).default(5_000),
  PDFSCAN_PROVIDER_CACHE_TTL_S: intFromEnv(60, 365 * 86_400).default(86_400),
});

export interface Config {
  /** how often a scan's event stream re-reads it without a change signal (DEFAULT_EVENTS_POLL_MS) */
  eventsPollMs: number;
  host: string;
  port: number;
  maxUploadBytes: number;
  /** analysis worker threads */
  workers: number;
  fastTimeoutMs: number;
  advancedTimeoutMs: number;
  /** an analysis pool idle this long after work is replaced by fresh threads (memory back to start-up) */
  poolIdleRecycleMs: number;
  /** tasks per thread after which the pool is replaced by fresh threads */
  workerRecycleTasks: number;
  /** absolute path: the SQLite database and local uploads live here */
  dataDir: string;
  /** scan metadata: an SQLite file under dataDir (default) or PostgreSQL */
  database: { kind: "sqlite"; file: string } | { kind: "postgres"; url: string };
  /** uploaded bytes: files under dataDir/uploads (default) or a PostgreSQL table (scale-out) */
  storage: StorageKind;
  /** stage jobs: in this process on the worker-thread pool (default), or BullMQ on Redis + `npm run worker` */
  queue: { kind: "in-process" } | { kind: "bullmq"; url: string; prefix: string };
  sweepIntervalMs: number;
  leaseMs: number;
  enrichmentTimeoutMs: number;
  /** operator YARA rule directories (absolute), on top of the bundled rules */
  yaraRuleDirs: string[];
  /** TEST ONLY: every stage sleeps this long after claiming its scan (makes "mid-stage" observable) */
  testStageDelayMs: number;
  /** TEST ONLY: every deep analysis (/analyze/deep, a scan's advanced stage) holds its thread slot this long (or until it is cancelled) before it starts */
  testDeepHoldMs: number;
  /** false only when PDFSCAN_AUTH=off on a loopback host: every caller is the local admin */
  authEnabled: boolean;
  /** the origin users reach (PDFSCAN_PUBLIC_URL), if configured */
  publicOrigin: string | null;
  /** behind TLS: Secure cookies and Strict-Transport-Security */
  tls: boolean;
  /** lowercase Host header values served (with and without port); anything else is 421 */
  allowedHosts: string[];
  rateLimit: { requests: number; windowS: number };
  quotaBytes: number;
  /** analyses one key may have running or waiting at once; past it 429 (lib/server/queue/fair-gate.ts) */
  keyMaxAnalyses: number;
  /** per-source budget of the audit log's limited events */
  audit: { linesPerSource: number; windowS: number };
  sessionTtlS: number;
  multipart: { maxParts: number; maxFieldBytes: number };
  webhooks: { allowPrivate: boolean; retryDelaysMs: number[]; timeoutMs: number; pollMs: number };
  /** online reputation services of the enrichment step; null when not configured (the default) */
  onlineProviders: {
    timeoutMs: number;
    cacheTtlMs: number;
    virusTotal: { baseUrl: string; apiKey: string; perMinute: number; minDetections: number } | null;
    urlhaus: { baseUrl: string; authKey: string; perMinute: number } | null;
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses an environment; throws ConfigError listing every bad variable. Pure, for tests. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  // An empty variable (`PORT=`) means "unset", as in most shells' ${VAR:-default}.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration in environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.PDFSCAN_STORAGE === "postgres" && !e.PDFSCAN_DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration in environment:\n  PDFSCAN_STORAGE: postgres needs PDFSCAN_DATABASE_URL (uploads are kept in that database)",
    );
  }
  if (e.PDFSCAN_AUTH === "off" && !isLoopbackHost(e.PDFSCAN_HOST)) {
    throw new ConfigError(
      `Invalid configuration in environment:\n  PDFSCAN_AUTH: off is only accepted when the server listens on loopback (PDFSCAN_HOST is ${e.PDFSCAN_HOST})`,
    );
  }
  const publicOrigin = e.PDFSCAN_PUBLIC_URL ? new URL(e.PDFSCAN_PUBLIC_URL).origin : null;
  const dataDir = path.resolve(/*turbopackIgnore: true*/ process.cwd(), e.PDFSCAN_DATA_DIR);
  const workers = e.PDFSCAN_WORKERS ?? availableParallelism();
  return {
    host: e.PDFSCAN_HOST,
    port: e.PORT,
    maxUploadBytes: e.PDFSCAN_MAX_UPLOAD_BYTES,
    workers,
    fastTimeoutMs: e.PDFSCAN_FAST_TIMEOUT_MS,
    poolIdleRecycleMs: e.PDFSCAN_POOL_IDLE_RECYCLE_MS,
    workerRecycleTasks: e.PDFSCAN_WORKER_RECYCLE_TASKS,
    advancedTimeoutMs: e.PDFSCAN_ADVANCED_TIMEOUT_MS,
    dataDir,
    database: e.PDFSCAN_DATABASE_URL
      ? { kind: "postgres", url: e.PDFSCAN_DATABASE_URL }
      : { kind: "sqlite", file: path.join(dataDir, SQLITE_FILE_NAME) },
    storage: e.PDFSCAN_STORAGE ?? "local",
    queue: e.PDFSCAN_REDIS_URL
      ? { kind: "bullmq", url: e.PDFSCAN_REDIS_URL, prefix: e.PDFSCAN_REDIS_PREFIX }
      : { kind: "in-process" },
    sweepIntervalMs: e.PDFSCAN_SWEEP_INTERVAL_MS,
    eventsPollMs: e.PDFSCAN_EVENTS_POLL_MS,
    leaseMs: e.PDFSCAN_LEASE_MS,
    enrichmentTimeoutMs: e.PDFSCAN_ENRICHMENT_TIMEOUT_MS,
    testStageDelayMs: e.PDFSCAN_TEST_STAGE_DELAY_MS,
    testDeepHoldMs: e.PDFSCAN_TEST_DEEP_HOLD_MS,
    authEnabled: e.PDFSCAN_AUTH === "on",
    publicOrigin,
    tls: publicOrigin?.startsWith("https:") ?? false,
    allowedHosts: allowedHostsOf(publicOrigin, e.PDFSCAN_ALLOWED_HOSTS),
    rateLimit: { requests: e.PDFSCAN_RATE_LIMIT, windowS: e.PDFSCAN_RATE_WINDOW_S },
    quotaBytes: e.PDFSCAN_QUOTA_BYTES,
    keyMaxAnalyses:
      e.PDFSCAN_KEY_MAX_ANALYSES ?? Math.max(MIN_KEY_MAX_ANALYSES, DEFAULT_KEY_ANALYSES_PER_WORKER * workers),
    audit: { linesPerSource: e.PDFSCAN_AUDIT_LINES_PER_SOURCE, windowS: e.PDFSCAN_AUDIT_WINDOW_S },
    sessionTtlS: e.PDFSCAN_SESSION_TTL_S,
    multipart: { maxParts: e.PDFSCAN_MULTIPART_MAX_PARTS, maxFieldBytes: e.PDFSCAN_MULTIPART_MAX_FIELD_BYTES },
    webhooks: {
      allowPrivate: e.PDFSCAN_WEBHOOK_ALLOW_PRIVATE === "true",
      retryDelaysMs: e.PDFSCAN_WEBHOOK_RETRY_DELAYS_MS ?? [...DEFAULT_WEBHOOK_RETRY_DELAYS_MS],
      timeoutMs: e.PDFSCAN_WEBHOOK_TIMEOUT_MS,
      pollMs: e.PDFSCAN_WEBHOOK_POLL_MS,
    },
    onlineProviders: {
      timeoutMs: e.PDFSCAN_PROVIDER_TIMEOUT_MS,
      cacheTtlMs: e.PDFSCAN_PROVIDER_CACHE_TTL_S * 1000,
      virusTotal: e.PDFSCAN_VIRUSTOTAL_API_KEY
        ? {
            baseUrl: e.PDFSCAN_VIRUSTOTAL_URL,
            apiKey: e.PDFSCAN_VIRUSTOTAL_API_KEY,
            perMinute: e.PDFSCAN_VIRUSTOTAL_PER_MINUTE,
            minDetections: e.PDFSCAN_VIRUSTOTAL_MIN_DETECTIONS,
          }
        : null,
      urlhaus: e.PDFSCAN_URLHAUS_AUTH_KEY
        ? {
            baseUrl: e.PDFSCAN_URLHAUS_URL,
            authKey: e.PDFSCAN_URLHAUS_AUTH_KEY,
            perMinute: e.PDFSCAN_URLHAUS_PER_MINUTE,
          }
        : null,
    },
    yaraRuleDirs: (e.PDFSCAN_YARA_RULES ?? "")
      .split(":")
      .filter(Boolean)
      .map((d) => path.resolve(/*turbopackIgnore: true*/ process.cwd(), d)),
  };
}

/**
 * The Host values this server answers (DNS rebinding defence: a hostile name resolving to us is
 * refused). Loopback names on any port, the public URL's host, and the configured extra hosts.
 */
function allowedHostsOf(publicOrigin: string | null, extra: string | undefined): string[] {
  const hosts = new Set<string>(LOOPBACK_HOSTS);
  if (publicOrigin) hosts.add(new URL(publicOrigin).host.toLowerCase());
  for (const h of (extra ?? "")
    .split(",")
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean))
    hosts.add(h);
  return [...hosts];
}

let cached: Config | undefined;

/** The process configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
