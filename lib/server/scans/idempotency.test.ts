// Idempotency-Key on both real stores: the same key and request give one scan, another request
// under the key a 422, a request still in flight a 409; keys expire, die with their scan, and a first
// request that failed or died frees its key. Time is a clock the test moves.
import { describe, expect, it } from "vitest";
import type { Principal } from "../auth/principal";
import { ApiError } from "../errors";
import { openTestStores, type TestStores } from "../testing/test-stores";
import { setUpShared } from "../testing/set-up-shared";
import {
  IDEMPOTENCY_ABANDONED_MS,
  IDEMPOTENCY_TTL_MS,
  IdempotencyKeys,
  idempotencyKeyOf,
  requestFingerprint,
} from "./idempotency";
import { ScanService, type CreateScanInput } from "./service";

const code = async (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: unknown) => (e instanceof ApiError ? e.code : String(e)),
  );

describe("the Idempotency-Key header", () => {
  it("takes a token or a Structured Field string, and refuses empty, long or non-ASCII keys", () => {
    const of = (v?: string) => idempotencyKeyOf(new Headers(v === undefined ? {} : { "idempotency-key": v }));
    expect(of()).toBeUndefined();
    expect(of("8e03978e-40d5-43e8-bc93-6894a57f9324")).toBe("8e03978e-40d5-43e8-bc93-6894a57f9324");
    expect(of('"8e03978e-40d5"')).toBe("8e03978e-40d5");
    for (const bad of ["", '""', "a".repeat(256), "key with spaces"]) expect(() => of(bad)).toThrow(ApiError);
  });

  it("fingerprints a request by its parts whatever their order", () => {
    expect(requestFingerprint({ a: "1", b: true })).toBe(requestFingerprint({ b: true, a: "1" }));
    expect(requestFingerprint({ a: "1", b: true })).not.toBe(requestFingerprint({ a: "1", b: false }));
  });
});

describe.each(["sqlite", "postgres"] as const)("idempotent scan creation (%s)", (kind) => {
  let stores: TestStores;
  let now = Date.parse("2026-11-29T12:00:00Z");
  const clock = () => now;
  setUpShared(
    () => openTestStores(kind, clock),
    (x) => (stores = x),
    (x) => x.close(),
  );

  const principal = (id: string): Principal => ({ id, kind: "key", keyId: `key_${id}`, admin: false });
  const service = () =>
    new ScanService({
      repo: stores.repo,
      blobs: stores.blobs,
      queue: { enqueue: async () => {} },
      clock,
      idempotency: new IdempotencyKeys(stores.database.db, clock),
    });
  const input = (
    who: string,
    key: string | undefined,
    bytes = new Uint8Array([37, 80, 68, 70, 1]),
    extra: Partial<CreateScanInput> = {},
  ): CreateScanInput => ({
    principal: principal(who),
    fileName: "invoice.pdf",
    bytes: bytes.slice().buffer,
    retentionMode: "retain_24h",
    enableEnrichment: false,
    idempotencyKey: key,
    ...extra,
  });

  it("answers a retry with the scan the first request created, and stores nothing more", async () => {
    const s = service();
    const who = `retry-${kind}`;
    const first = await s.createScan(input(who, "k1"));
    const again = await s.createScan(input(who, "k1"));
    expect(first.replayed).toBe(false);
    expect(again).toMatchObject({ replayed: true, webhookSecret: null });
    expect(again.scan.id).toBe(first.scan.id);
    expect(await stores.repo.listOwned(who, { limit: 10 })).toHaveLength(1);
    // without a key, or with another key, a new scan
    expect((await s.createScan(input(who, undefined))).scan.id).not.toBe(first.scan.id);
    expect((await s.createScan(input(who, "k2"))).scan.id).not.toBe(first.scan.id);
    // keys are per principal: another caller's k1 is theirs
    expect((await s.createScan(input(`${who}-other`, "k1"))).replayed).toBe(false);
  });

  it("refuses the key with another file or other options (422), and leaves the first scan alone", async () => {
    const s = service();
    const who = `mismatch-${kind}`;
    await s.createScan(input(who, "k"));
    expect(await code(s.createScan(input(who, "k", new Uint8Array([37, 80, 68, 70, 2]))))).toBe(
      "idempotency_key_mismatch",
    );
    expect(await code(s.createScan(input(who, "k", undefined, { retentionMode: "retain_7d" })))).toBe(
      "idempotency_key_mismatch",
    );
    expect(await code(s.createScan(input(who, "k", undefined, { fileName: "other.pdf" })))).toBe(
      "idempotency_key_mismatch",
    );
    expect(await stores.repo.listOwned(who, { limit: 10 })).toHaveLength(1);
  });

  it("creates one scan from concurrent requests with one key: the others wait (409) or get it", async () => {
    const s = service();
    const who = `race-${kind}`;
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => s.createScan(input(who, "same"))));
    const created = outcomes.flatMap((o) => (o.status === "fulfilled" && !o.value.replayed ? [o.value.scan.id] : []));
    const replayed = outcomes.flatMap((o) => (o.status === "fulfilled" && o.value.replayed ? [o.value.scan.id] : []));
    const refused = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as ApiError).code] : []));
    expect(created).toHaveLength(1);
    expect(replayed.every((id) => id === created[0])).toBe(true);
    expect(refused.every((c) => c === "idempotency_key_in_use")).toBe(true);
    expect(await stores.repo.listOwned(who, { limit: 10 })).toHaveLength(1);
  });

  it("frees the key when the first request fails, when it died half-way, when its scan is deleted, and after 24 h", async () => {
    const keys = new IdempotencyKeys(stores.database.db, clock);
    const who = `free-${kind}`;
    const failing = new ScanService({
      repo: stores.repo,
      blobs: { ...stores.blobs, put: async () => Promise.reject(new Error("disk full")) } as never,
      queue: { enqueue: async () => {} },
      clock,
      idempotency: keys,
    });
    expect(await code(failing.createScan(input(who, "k")))).toBe("Error: disk full");
    const s = service();
    const first = await s.createScan(input(who, "k"));
    expect(first.replayed).toBe(false);

    // a request that died between claiming and creating: in use for a minute, then free
    expect(await keys.claim(who, "died", "f")).toEqual({ kind: "new" });
    expect(await code(keys.claim(who, "died", "f"))).toBe("idempotency_key_in_use");
    now += IDEMPOTENCY_ABANDONED_MS + 1;
    expect(await keys.claim(who, "died", "f")).toEqual({ kind: "new" });

    await s.deleteScan(principal(who), first.scan.id);
    const afterDelete = await s.createScan(input(who, "k"));
    expect(afterDelete.replayed).toBe(false);

    now += IDEMPOTENCY_TTL_MS;
    expect(await keys.sweep()).toBeGreaterThan(0);
    expect((await s.createScan(input(who, "k"))).replayed).toBe(false);
  });
});
