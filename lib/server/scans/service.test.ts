// The scan service over both real store configurations: owner scoping, listing, reports, deletion,
// and the retention sweep with an injected clock (retain_24h at +25 h: expired, bytes gone, report
// still readable), including the repairs of what a crash can leave behind.
import { describe, expect, it } from "vitest";
import { benignPdf, suspiciousPdf } from "../../../test/fixtures/sample-pdfs";
import type { Principal } from "../auth/principal";
import { ApiError } from "../errors";
import { setUpShared } from "../testing/set-up-shared";
import { createHarness, type Harness } from "../testing/scan-harness";
import { ScanReport } from "./report";
import { ORPHAN_GRACE_MS } from "./sweeper";

const ALICE: Principal = { id: "alice", kind: "key", keyId: "key_a", admin: false };
const BOB: Principal = { id: "bob", kind: "key", keyId: "key_b", admin: false };
const HOUR = 3_600_000;

describe.each(["sqlite", "postgres"] as const)("scan service (%s)", (kind) => {
  let h: Harness;
  setUpShared(
    () => createHarness(kind),
    (x) => (h = x),
    (x) => x.close(),
  );

  const complete = async () => {
    await h.drain();
  };
  const expectApiError = async (promise: Promise<unknown>, code: string) => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    return error as ApiError;
  };

  it("creates a scan: bytes stored, status queued_fast_scan, fast stage enqueued", async () => {
    const pdf = suspiciousPdf();
    const id = await h.create(pdf, { principal: ALICE, retentionMode: "retain_7d" });
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const scan = await h.service.getScan(ALICE, id);
    expect(scan).toMatchObject({
      status: "queued_fast_scan",
      advanced_status: "pending",
      enrichment_status: "disabled",
      owner: "alice",
      file_size: pdf.length,
    });
    expect(scan.expires_at).toBe(scan.created_at + 7 * 24 * HOUR);
    expect(Buffer.from((await h.stores.blobs.get(id))!).equals(Buffer.from(pdf))).toBe(true);
    expect(h.jobs).toContainEqual({ stage: "fast", scanId: id, owner: "alice" });
    await complete();
  });

  it("answers another owner's scan exactly like a missing one (404, never 403)", async () => {
    const id = await h.create(benignPdf(), { principal: ALICE });
    await complete();
    await expectApiError(h.service.getScan(BOB, id), "scan_not_found");
    await expectApiError(h.service.getReport(BOB, id), "scan_not_found");
    await expectApiError(h.service.deleteScan(BOB, id), "scan_not_found");
    expect((await h.service.listScans(BOB, { limit: 100 })).items.map((s) => s.id)).not.toContain(id);
    await expectApiError(h.service.getScan(ALICE, "not-a-scan-id"), "scan_not_found");
    expect((await h.service.getScan(ALICE, id)).status).toBe("completed");
  });

  it("lists the owner's scans newest first, page by page", async () => {
    const carol: Principal = { id: `carol-${kind}`, kind: "key", keyId: null, admin: false };
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      h.clock.now += 1_000;
      ids.push(await h.create(benignPdf(), { principal: carol }));
    }
    // two scans in the same millisecond still page correctly (id breaks the tie)
    ids.push(await h.create(benignPdf(), { principal: carol }));
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await h.service.listScans(carol, { limit: 2, cursor });
      seen.push(...page.items.map((s) => s.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(6);
    expect(new Set(seen)).toEqual(new Set(ids));
    const rows = await Promise.all(seen.map((id) => h.service.getScan(carol, id)));
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1], rows[i]];
      expect(a.created_at > b.created_at || (a.created_at === b.created_at && a.id > b.id)).toBe(true);
    }
    await expectApiError(h.service.listScans(carol, { limit: 2, cursor: "bm90LWEtY3Vyc29y" }), "invalid_request");
    await complete();
  });

  it("answers 409 report_not_ready with Retry-After until the fast stage is done", async () => {
    const id = await h.create(suspiciousPdf(), { principal: ALICE });
    const error = await expectApiError(h.service.getReport(ALICE, id), "report_not_ready");
    expect(error.status).toBe(409);
    expect(error.extra.headers).toMatchObject({ "retry-after": "1" });
    const fast = h.jobs.findIndex((j) => j.scanId === id);
    await h.pipeline().runStage(h.jobs.splice(fast, 1)[0]);
    const report = ScanReport.parse(await h.service.getReport(ALICE, id));
    expect(report).toMatchObject({
      scanId: id,
      stage: "fast",
      status: "queued_advanced_scan",
      advancedStatus: "queued",
    });
    await complete();
    expect((await h.service.getReport(ALICE, id)).stage).toBe("advanced");
  });

  it("deletes a scan in any state, with its bytes", async () => {
    for (const stop of ["queued", "fast-done", "completed"] as const) {
      const id = await h.create(suspiciousPdf(), { principal: ALICE, retentionMode: "retain_30d" });
      if (stop !== "queued") await h.pipeline().runFastStage(id);
      if (stop === "completed") await complete();
      await h.service.deleteScan(ALICE, id);
      await expectApiError(h.service.getScan(ALICE, id), "scan_not_found");
      expect(await h.stores.blobs.exists(id)).toBe(false);
      await complete(); // leftover jobs of the deleted scan find nothing
    }
  });

  it("sweeps retention: at +25 h a retain_24h scan is expired, its bytes gone, its report still readable", async () => {
    const keep24 = await h.create(suspiciousPdf(), { principal: ALICE, retentionMode: "retain_24h" });
    const keep7d = await h.create(suspiciousPdf(), { principal: ALICE, retentionMode: "retain_7d" });
    await complete();
    const created = (await h.service.getScan(ALICE, keep24)).created_at;
    expect(await h.stores.blobs.exists(keep24)).toBe(true);

    expect((await h.service.sweepExpired(created + 23 * HOUR)).expired).toBe(0);
    expect(await h.stores.blobs.exists(keep24)).toBe(true);

    const swept = await h.service.sweepExpired(created + 25 * HOUR);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    const expired = await h.service.getScan(ALICE, keep24);
    expect(expired).toMatchObject({ status: "expired", file_retained: 0, advanced_status: "completed" });
    expect(expired.verdict).not.toBeNull();
    expect(await h.stores.blobs.exists(keep24)).toBe(false);
    const report = ScanReport.parse(await h.service.getReport(ALICE, keep24));
    expect(report).toMatchObject({ status: "expired", fileRetained: false, stage: "advanced" });
    expect(report.findings.length).toBeGreaterThan(0);

    expect((await h.service.getScan(ALICE, keep7d)).status).toBe("completed");
    expect(await h.stores.blobs.exists(keep7d)).toBe(true);
    // sweeping again changes nothing
    expect(await h.service.sweepExpired(created + 25 * HOUR)).toMatchObject({ expired: 0 });
  });

  it("sweeps the file of a failed retained scan at expiry without changing its status", async () => {
    const id = await h.create(suspiciousPdf(), { principal: ALICE, retentionMode: "retain_24h" });
    h.jobs.length = 0;
    await h.pipeline({ analyzers: { fast: () => Promise.reject(new Error("x")) } }).runFastStage(id);
    expect(await h.stores.blobs.exists(id)).toBe(true);
    const created = (await h.service.getScan(ALICE, id)).created_at;
    await h.service.sweepExpired(created + 25 * HOUR);
    expect(await h.service.getScan(ALICE, id)).toMatchObject({ status: "failed", file_retained: 0 });
    expect(await h.stores.blobs.exists(id)).toBe(false);
  });

  it("repairs a crash: delete_immediately bytes of an ended scan, and orphan uploads", async () => {
    const id = await h.create(suspiciousPdf(), { principal: ALICE });
    await complete();
    // as if the process died after the final transition of an older version that deleted later
    await h.stores.database.db.updateTable("scans").set({ file_retained: 1 }).where("id", "=", id).execute();
    await h.stores.blobs.put(id, suspiciousPdf());
    // an upload whose scan row was never written (crash inside createScan)
    await h.stores.blobs.put("orphanUpload000000000a", suspiciousPdf());
    const r1 = await h.service.sweepExpired(h.clock.now);
    expect(r1.filesDeleted).toBeGreaterThanOrEqual(1);
    expect(await h.stores.blobs.exists(id)).toBe(false);
    expect((await h.service.getScan(ALICE, id)).file_retained).toBe(0);
    expect(await h.stores.blobs.exists("orphanUpload000000000a")).toBe(true); // too young to be an orphan
    const r2 = await h.service.sweepExpired(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(r2.orphansDeleted).toBeGreaterThanOrEqual(1);
    expect(await h.stores.blobs.exists("orphanUpload000000000a")).toBe(false);
  });
});
