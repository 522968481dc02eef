// Retention modes (contract.md "Retention"): what happens to the uploaded bytes. The report (derived
// data) always stays until the owner deletes the scan.
//   delete_immediately (default): bytes deleted as soon as the last stage ends, whatever the outcome;
//                                 expiresAt is null (seed rule 3).
//   retain_24h | retain_7d | retain_30d: bytes kept until expiresAt = creation + duration (fixed at
//                                 creation); then the sweeper deletes them and the scan becomes expired.

export const RETENTION_MODES = ["delete_immediately", "retain_24h", "retain_7d", "retain_30d"] as const;
export type RetentionMode = (typeof RETENTION_MODES)[number];
export const DEFAULT_RETENTION_MODE: RetentionMode = "delete_immediately";

const HOUR_MS = 3_600_000;
export const RETENTION_DURATION_MS: { readonly [M in RetentionMode]: number | null } = {
  delete_immediately: null,
  retain_24h: 24 * HOUR_MS,
  retain_7d: 7 * 24 * HOUR_MS,
  retain_30d: 30 * 24 * HOUR_MS,
};

/** expiresAt in epoch milliseconds, or null for delete_immediately. */
export function expiresAtFor(mode: RetentionMode, createdAtMs: number): number | null {
  const duration = RETENTION_DURATION_MS[mode];
  return duration === null ? null : createdAtMs + duration;
}

/** Whether the bytes go as soon as the last stage ends. */
export const deletesImmediately = (mode: RetentionMode): boolean => mode === "delete_immediately";
