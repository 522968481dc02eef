// The storage quota is decided in the database (ScanRepository.insertWithinQuota), so concurrent
// uploads of one principal cannot all read the same "used" before any of them is stored (issue 19:
// twelve concurrent 40 KB uploads against a 100 KB quota stored 366 KB). Both real store configurations.
import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal";
import { ApiError } from "../errors";
import { setUpShared } from "../testing/set-up-shared";
import { openTestStores, type TestStores } from "../testing/test-stores";
import { newScanId } from "./scan-id";
import { newScanRow, ScanService } from "./service";

const QUOTA = 100_000;
const UPLOAD = 40_000;
const CONCURRENT = 12;

describe.each(["sqlite", "postgres"] as const)("storage quota (%s)", (kind) => {
  let stores: TestStores;
  setUpShared(
    () => openTestStores(kind),
    (x) => (stores = x),
    (x) => x.close(),
  );

  const service = () =>
    new ScanService({ repo: stores.repo, blobs: stores.blobs, queue: { enqueue: async () => {} }, quotaBytes: QUOTA });
  const upload = (s: ScanService, principal: Principal) =>
    s.createScan({
      principal,
      fileName: "q.pdf",
      bytes: new Uint8Array(UPLOAD).buffer,
      retentionMode: "retain_24h",
      enableEnrichment: false,
    });

  it(`decides ${CONCURRENT} concurrent reservations of one principal one after the other`, async () => {
    const owner = `direct-${kind}`;
    const principal: Principal = { id: owner, kind: "key", keyId: null, admin: false };
    const rows = Array.from({ length: CONCURRENT }, () =>
      newScanRow(
        newScanId(),
        { principal, fileName: "r.pdf", retentionMode: "retain_24h", enableEnrichment: false },
        new Uint8Array(UPLOAD),
        Date.now(),
      ),
    );
    const decisions = await Promise.all(rows.map((row) => stores.repo.insertWithinQuota(row, QUOTA)));
    expect(decisions.filter((d) => d.inserted).length).toBe(Math.floor(QUOTA / UPLOAD));
    expect(decisions.every((d) => d.usedBytes <= QUOTA)).toBe(true);
    expect(await stores.repo.retainedBytes(owner)).toBe(Math.floor(QUOTA / UPLOAD) * UPLOAD);
  });

  it(`admits exactly ${Math.floor(QUOTA / UPLOAD)} of ${CONCURRENT} concurrent uploads, keeps no bytes of the refused ones, and frees room on delete`, async () => {
    const principal: Principal = { id: `racer-${kind}`, kind: "key", keyId: "key_racer", admin: false };
    // two services over the same stores: two web servers sharing one database
    const [a, b] = [service(), service()];
    const outcomes = await Promise.allSettled(
      Array.from({ length: CONCURRENT }, (_, i) => upload(i % 2 ? a : b, principal)),
    );
    const admitted = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
    expect(admitted.length).toBe(Math.floor(QUOTA / UPLOAD));
    expect(refused.every((e) => e instanceof ApiError && e.code === "quota_exceeded" && e.status === 413)).toBe(true);
    expect(await stores.repo.retainedBytes(principal.id)).toBe(admitted.length * UPLOAD);
    const stored = await stores.blobs.listStoredBefore(Date.now() + 60_000, { limit: 100 });
    expect(stored.sort()).toEqual(admitted.map((s) => s.scan.id).sort());

    // the reservation ends with the file: deleting a scan makes room for exactly one more
    await a.deleteScan(principal, admitted[0].scan.id);
    const again = await Promise.allSettled([upload(a, principal), upload(b, principal)]);
    expect(again.filter((o) => o.status === "fulfilled").length).toBe(1);
    // another principal has a quota of its own
    expect((await upload(a, { ...principal, id: `other-${kind}` })).scan.file_size).toBe(UPLOAD);
  });
});
