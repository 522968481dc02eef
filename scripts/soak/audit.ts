// After the traffic: every scan in the store (acknowledged or not) must reach a terminal status within
// the grace period, every acknowledged scan must be in the store, and no delete_immediately scan may
// still have its upload (local data dir file or PostgreSQL blobs row). Reads the stores directly.
import { TERMINAL } from "../../test/scans/support/scan-api";
import type { Stack } from "./stack";
import type { AckedScan } from "./traffic";

const POLL_MS = 1_000;
const LIST_PAGE = 500;

export interface Audit {
  scansInStore: number;
  byStatus: Record<string, number>;
  /** acknowledged with 201, missing from the store */
  lost: string[];
  /** not terminal at the end of the grace period: id -> status */
  stuck: Record<string, string>;
  /** in the store without a 201 seen by the client (the answer was lost to a fault) */
  unacknowledged: number;
  /** delete_immediately scans, terminal, whose bytes are still stored */
  undeletedDeleteImmediately: string[];
  /** stored uploads without a scan row (an upload cut short by a fault; the sweeper removes these) */
  orphanUploads: number;
  /** scans whose last stage was started more than once (a fault hit it in flight; it was resumed) */
  resumed: number;
  /** how long after the traffic stopped the last scan ended */
  drainMs: number;
}

export async function auditStores(stack: Stack, acked: Map<string, AckedScan>, graceMs: number): Promise<Audit> {
  const { database, blobs } = await stack.openStores();
  try {
    const t0 = Date.now();
    const read = () =>
      database.db.selectFrom("scans").select(["id", "status", "retention_mode", "blob_key", "attempts"]).execute();
    let rows = await read();
    while (rows.some((r) => !TERMINAL.includes(r.status)) && Date.now() - t0 < graceMs) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      rows = await read();
    }
    const drainMs = Date.now() - t0;
    const inStore = new Set(rows.map((r) => r.id));
    const byStatus: Record<string, number> = {};
    for (const r of rows) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const undeleted: string[] = [];
    for (const r of rows) {
      if (r.retention_mode === "delete_immediately" && TERMINAL.includes(r.status) && (await blobs.exists(r.blob_key)))
        undeleted.push(r.id);
    }
    const keys = new Set(rows.map((r) => r.blob_key));
    let orphanUploads = 0;
    let after: string | undefined;
    for (;;) {
      const page = await blobs.listStoredBefore(Date.now() + 1, { limit: LIST_PAGE, after });
      orphanUploads += page.filter((k) => !keys.has(k)).length;
      if (page.length < LIST_PAGE) break;
      after = page[page.length - 1];
    }
    return {
      scansInStore: rows.length,
      byStatus,
      lost: [...acked.keys()].filter((id) => !inStore.has(id)),
      stuck: Object.fromEntries(rows.filter((r) => !TERMINAL.includes(r.status)).map((r) => [r.id, r.status])),
      unacknowledged: rows.filter((r) => !acked.has(r.id)).length,
      undeletedDeleteImmediately: undeleted,
      orphanUploads,
      resumed: rows.filter((r) => r.attempts > 1).length,
      drainMs,
    };
  } finally {
    await database.close();
  }
}
