// Service configuration: read from the environment and validated once (the t3 env.js pattern), so a
// bad value stops the server at start with a message naming the variable, not at the first request.
// Server-only: lib/analyzer and lib/pdf never import this file.
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_LIMITS } from "../limits";

/** Default upload cap: 50 MiB (contract: Limits). */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

const intFromEnv = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const EnvSchema = z.object({
  PDFSCAN_HOST: z.string().trim().min(1).default("127.0.0.1"),
  PORT: intFromEnv(1, 65_535).default(3000),
  PDFSCAN_MAX_UPLOAD_BYTES: intFromEnv(1, 2 * 1024 * 1024 * 1024).default(DEFAULT_MAX_UPLOAD_BYTES),
  PDFSCAN_WORKERS: intFromEnv(1, 256).optional(),
  PDFSCAN_FAST_TIMEOUT_MS: intFromEnv(100, 10 * 60_000).default(DEFAULT_LIMITS.FAST_STAGE_TIMEOUT_MS),
  PDFSCAN_ADVANCED_TIMEOUT_MS: intFromEnv(100, 60 * 60_000).default(DEFAULT_LIMITS.ADVANCED_STAGE_TIMEOUT_MS),
  PDFSCAN_DATA_DIR: z.string().trim().min(1).default("./data"),
});

export interface Config {
  host: string;
  port: number;
  maxUploadBytes: number;
  /** analysis worker threads */
  workers: number;
  fastTimeoutMs: number;
  advancedTimeoutMs: number;
  /** absolute path; later issues keep uploads and the database here */
  dataDir: string;
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
  return {
    host: e.PDFSCAN_HOST,
    port: e.PORT,
    maxUploadBytes: e.PDFSCAN_MAX_UPLOAD_BYTES,
    workers: e.PDFSCAN_WORKERS ?? availableParallelism(),
    fastTimeoutMs: e.PDFSCAN_FAST_TIMEOUT_MS,
    advancedTimeoutMs: e.PDFSCAN_ADVANCED_TIMEOUT_MS,
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), e.PDFSCAN_DATA_DIR),
  };
}

let cached: Config | undefined;

/** The process configuration, parsed from process.env on first use. */
export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
