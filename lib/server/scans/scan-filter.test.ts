// Filtered listings (GET /api/scans?verdict=&status=&q=) on both store configurations: each filter
// alone and together, search by SHA-256 prefix and by file name (case-insensitive, LIKE wildcards
// taken literally), keyset paging through a filtered list, and owner scoping kept.
import { describe, expect, it } from "vitest";
import { benignPdf, suspiciousPdf } from "../../../test/fixtures/sample-pdfs";
import type { Principal } from "../auth/principal";
import { setUpShared } from "../testing/set-up-shared";
import { createHarness, type Harness } from "../testing/scan-harness";
import type { ScanFilter } from "./scan-repository";

describe.each(["sqlite", "postgres"] as const)("scan list filters (%s)", (kind) => {
  let h: Harness;
  setUpShared(
    () => createHarness(kind),
    (x) => (h = x),
    (x) => x.close(),
  );

  const dana: Principal = { id: `dana-${kind}`, kind: "key", keyId: null, admin: false };
  const eve: Principal = { id: `eve-${kind}`, kind: "key", keyId: null, admin: false };
  const admin: Principal = { id: `root-${kind}`, kind: "key", keyId: "key_admin", admin: true };

  /** every id the filter lists for `who`, walking all pages `limit` at a time */
  const listAll = async (who: Principal, filter: ScanFilter & { all?: boolean }, limit = 100) => {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await h.service.listScans(who, { limit, cursor, ...filter });
      ids.push(...page.items.map((s) => s.id));
      if (!page.nextCursor) return ids;
      cursor = page.nextCursor;
    }
  };

  const create = async (who: Principal, bytes: Uint8Array, fileName: string) => {
    h.clock.now += 1_000;
    return h.create(bytes, { principal: who, fileName });
  };

  it("filters by verdict, status and search text, alone and together", async () => {
    const invoice = await create(dana, suspiciousPdf(), "Invoice-March.pdf");
    const report = await create(dana, benignPdf(), "annual report.pdf");
    const literal = await create(dana, benignPdf(), "100%_sure.pdf");
    const lookalike = await create(dana, benignPdf(), "100Xsure.pdf");
    await h.drain();
    const queued = await create(dana, benignPdf(), "Été 2024.pdf");
    const foreign = await create(eve, suspiciousPdf(), "Invoice-March.pdf");

    const rows = await Promise.all([invoice, report].map((id) => h.service.getScan(dana, id)));
    const [suspiciousVerdict, benignVerdict] = rows.map((r) => r.verdict);
    expect(suspiciousVerdict).not.toBe(benignVerdict);

    expect(await listAll(dana, { verdict: "benign" })).toEqual([lookalike, literal, report]);
    expect(await listAll(dana, { verdict: suspiciousVerdict as ScanFilter["verdict"] })).toEqual([invoice]);
    expect(await listAll(dana, { verdict: "unknown" })).toEqual([]);
    expect(await listAll(dana, { status: "queued_fast_scan" })).toEqual([queued]);
    expect(await listAll(dana, { status: "completed" })).toEqual([lookalike, literal, report, invoice]);

    // file name: case-insensitive part, LIKE wildcards are plain characters, non-ASCII as typed
    expect(await listAll(dana, { q: "invoice" })).toEqual([invoice]);
    expect(await listAll(dana, { q: "REPORT" })).toEqual([report]);
    expect(await listAll(dana, { q: "%_" })).toEqual([literal]);
    expect(await listAll(dana, { q: "100" })).toEqual([lookalike, literal]);
    expect(await listAll(dana, { q: "Été" })).toEqual([queued]);
    expect(await listAll(dana, { q: "no such file" })).toEqual([]);

    // SHA-256: in full or a prefix, either case; never another owner's scan with the same bytes
    const sha = rows[0].sha256;
    expect(await listAll(dana, { q: sha })).toEqual([invoice]);
    expect(await listAll(dana, { q: sha.slice(0, 8).toUpperCase() })).toEqual([invoice]);
    expect(await listAll(dana, { q: sha.slice(4, 20) })).toEqual([]);

    // together
    expect(await listAll(dana, { verdict: "benign", q: "100", status: "completed" })).toEqual([lookalike, literal]);
    expect(await listAll(dana, { verdict: "benign", q: "invoice" })).toEqual([]);

    // an admin's `all` view sees both owners; the owners only their own
    expect(new Set(await listAll(admin, { all: true, q: "invoice" }))).toEqual(new Set([invoice, foreign]));
    expect(await listAll(eve, { q: "invoice" })).toEqual([foreign]);
    await h.drain();
  });

  it("pages through a filtered list with the cursor", async () => {
    const frank: Principal = { id: `frank-${kind}`, kind: "key", keyId: null, admin: false };
    const wanted: string[] = [];
    for (let i = 0; i < 5; i++) {
      wanted.unshift(await create(frank, benignPdf(), `batch-${i}.pdf`));
      await create(frank, benignPdf(), `other-${i}.pdf`);
    }
    expect(await listAll(frank, { q: "batch" }, 2)).toEqual(wanted);
    const first = await h.service.listScans(frank, { limit: 5, q: "batch" });
    expect(first.items).toHaveLength(5);
    expect(first.nextCursor).toBeNull();
    await h.drain();
  });
});
