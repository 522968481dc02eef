// Page thumbnails over both real store configurations (SQLite + local files, PostgreSQL for both),
// with the real pdf.js renderer in this thread: stored by the advanced stage only when they will be
// kept, served owner-scoped, and deleted with the scan, at the end of its retention, right after the
// analysis for delete_immediately (unless keepThumbnails), and as orphans.
import { describe, expect, it } from "vitest";
import { buildLurePdf } from "../../analyzer/pages/testing/lure-pdf";
import { analyzeDeep } from "../../analyzer/deep/analyze-deep";
import { createInThreadRenderer } from "../../engines/render/render-document";
import type { Principal } from "../auth/principal";
import { ApiError } from "../errors";
import { setUpShared } from "../testing/set-up-shared";
import { createHarness, type Harness } from "../testing/scan-harness";
import type { StageAnalyzers } from "./pipeline";
import { ScanReport } from "./report";
import { ScanService } from "./service";
import { ORPHAN_GRACE_MS } from "./sweeper";

const ALICE: Principal = { id: "alice", kind: "key", keyId: "key_a", admin: false };
const BOB: Principal = { id: "bob", kind: "key", keyId: "key_b", admin: false };
const HOUR = 3_600_000;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const render = createInThreadRenderer({ qr: false });
const RENDERING: Partial<StageAnalyzers> = {
  advanced: (bytes, fileName, options) =>
    analyzeDeep(new Uint8Array(bytes), { fileName, engines: { render }, onPageImages: options?.onPageImages }),
};
const lurePdf = () =>
  buildLurePdf({
    pages: [
      { lines: ["Cover page"] },
      {
        lines: ["Protected document", "Click here to view the shared file"],
        links: [{ url: "https://phish.example.net/login", rect: [72, 600, 400, 640] }],
      },
    ],
  });

describe.each(["sqlite", "postgres"] as const)("page thumbnails (%s)", (kind) => {
  let h: Harness;
  setUpShared(
    () => createHarness(kind),
    (x) => (h = x),
    (x) => x.close(),
  );

  const scanned = async (options: Parameters<Harness["create"]>[1]) => {
    const id = await h.create(lurePdf(), { principal: ALICE, ...options });
    await h.drain(h.pipeline({ analyzers: RENDERING }));
    return id;
  };
  const codeOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
    );
  const pageImages = async (id: string) => ScanReport.parse(await h.service.getReport(ALICE, id)).pageImages;

  it("are stored for a retained scan and served to its owner only", async () => {
    const id = await scanned({ retentionMode: "retain_24h" });
    expect(await pageImages(id)).toEqual({
      status: "available",
      pages: [
        { page: 1, large: true },
        { page: 2, large: true },
      ],
      keepThumbnails: false,
    });
    for (const size of ["thumbnail", "large"] as const) {
      const png = await h.service.getPageImage(ALICE, id, 2, size);
      expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    }
    expect(await codeOf(h.service.getPageImage(ALICE, id, 3, "thumbnail"))).toBe("page_not_found");
    expect(await codeOf(h.service.getPageImage(BOB, id, 1, "thumbnail"))).toBe("scan_not_found");
    // never inside the stored report
    expect((await h.stores.repo.get(id))!.advanced_result).not.toContain("thumbnail");
  });

  it("are not kept for delete_immediately unless the scan opts in", async () => {
    const id = await scanned({ retentionMode: "delete_immediately" });
    expect(await pageImages(id)).toMatchObject({ status: "not_kept", pages: [] });
    expect(await h.stores.pageImages.get(id, 1, "thumbnail")).toBeNull();
    expect(await codeOf(h.service.getPageImage(ALICE, id, 1, "thumbnail"))).toBe("page_not_found");

    const kept = await scanned({ retentionMode: "delete_immediately", keepThumbnails: true });
    const row = (await h.stores.repo.get(kept))!;
    expect(row.file_retained).toBe(0); // the file itself is gone as promised
    expect(await pageImages(kept)).toMatchObject({ status: "available", keepThumbnails: true });
    expect(await h.stores.pageImages.get(kept, 1, "thumbnail")).not.toBeNull();
  });

  it("go when the retention ends, unless kept; the report says so", async () => {
    const expiring = await scanned({ retentionMode: "retain_24h" });
    const kept = await scanned({ retentionMode: "retain_24h", keepThumbnails: true });
    h.clock.now += 25 * HOUR;
    await h.service.sweepExpired();
    expect((await h.stores.repo.get(expiring))!.status).toBe("expired");
    expect(await pageImages(expiring)).toMatchObject({ status: "deleted", pages: [] });
    expect(await h.stores.pageImages.get(expiring, 1, "thumbnail")).toBeNull();
    expect(await codeOf(h.service.getPageImage(ALICE, expiring, 1, "thumbnail"))).toBe("page_not_found");
    expect(await pageImages(kept)).toMatchObject({ status: "available" });
    expect(await h.service.getPageImage(ALICE, kept, 1, "thumbnail")).toBeInstanceOf(Uint8Array);
  });

  it("go with the scan when it is deleted", async () => {
    const id = await scanned({ retentionMode: "retain_7d", keepThumbnails: true });
    expect(await h.stores.pageImages.get(id, 1, "thumbnail")).not.toBeNull();
    await h.service.deleteScan(ALICE, id);
    expect(await h.stores.pageImages.get(id, 1, "thumbnail")).toBeNull();
  });

  // Issue 19: a scan deleted during its advanced stage kept its page images until the orphan sweep.
  // Barriers put the deletion between the render and the storing of its images.
  const deletedMidStage = async (deleter: ScanService) => {
    const id = await h.create(lurePdf(), { principal: ALICE, retentionMode: "retain_7d", keepThumbnails: true });
    const logged: string[] = [];
    const deletingAfterRender: Partial<StageAnalyzers> = {
      advanced: async (bytes, fileName, options) => {
        const result = await RENDERING.advanced!(bytes, fileName, options);
        await deleter.deleteScan(ALICE, id);
        return result;
      },
    };
    await h.drain(h.pipeline({ analyzers: deletingAfterRender, log: (m) => logged.push(m) }));
    expect(await h.stores.repo.get(id)).toBeUndefined();
    expect(await h.stores.blobs.exists(id)).toBe(false);
    expect(await h.stores.pageImages.blobs.exists(id)).toBe(false);
    return logged.filter((m) => m.includes(id));
  };

  it("are never written for a scan deleted mid-stage in the same process: the stage is stopped", async () => {
    const logged = await deletedMidStage(h.service);
    expect(logged).toEqual([expect.stringMatching(/running_advanced_scan of scan \S+ stopped: the scan was deleted/)]);
  });

  it("written after the scan was deleted elsewhere (another server) are removed by the stage itself", async () => {
    // a second web server over the same stores: its delete cannot reach this pipeline, only the database
    const elsewhere = new ScanService({
      repo: h.stores.repo,
      blobs: h.stores.blobs,
      pageImages: h.stores.pageImages,
      queue: { enqueue: async () => {} },
    });
    const logged = await deletedMidStage(elsewhere);
    expect(logged).toEqual([
      expect.stringMatching(/page images of scan \S+ removed: the scan was deleted while they were made/),
    ]);
  });

  it("left without a scan (stored after a delete) are swept as orphans after the grace", async () => {
    const orphan = "orphanScanIdAAAAAAAAAA";
    await h.stores.pageImages.put(orphan, [{ index: 0, thumbnail: new Uint8Array(PNG_SIGNATURE) }]);
    const realNow = Date.now();
    await h.service.sweepExpired(realNow);
    expect(await h.stores.pageImages.get(orphan, 1, "thumbnail")).not.toBeNull(); // within the grace
    await h.service.sweepExpired(realNow + ORPHAN_GRACE_MS + 60_000);
    expect(await h.stores.pageImages.get(orphan, 1, "thumbnail")).toBeNull();
  });
});
