// One contract, both real implementations: local files (embedded) and the PostgreSQL blobs table.
import { randomBytes } from "node:crypto";
import { readdirSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { setUpShared } from "../testing/set-up-shared";
import { openTestStores, uploadsDirOf, type TestStores } from "../testing/test-stores";
import { LocalFileStore } from "./local-file-store";

describe.each(["sqlite", "postgres"] as const)("BlobStore (%s configuration)", (kind) => {
  let stores: TestStores;
  setUpShared(
    () => openTestStores(kind),
    (s) => (stores = s),
    (s) => s.close(),
  );

  it(`is the ${kind === "sqlite" ? "local" : "postgres"} store`, () => {
    expect(stores.blobs.kind).toBe(kind === "sqlite" ? "local" : "postgres");
  });

  it("stores, reads back, reports and deletes bytes", async () => {
    const bytes = randomBytes(70_000);
    await stores.blobs.put("abcDEF_-123", bytes);
    expect(await stores.blobs.exists("abcDEF_-123")).toBe(true);
    const back = await stores.blobs.get("abcDEF_-123");
    expect(back).toBeInstanceOf(ArrayBuffer);
    expect(Buffer.from(back!).equals(bytes)).toBe(true);
    await stores.blobs.delete("abcDEF_-123");
    expect(await stores.blobs.exists("abcDEF_-123")).toBe(false);
    expect(await stores.blobs.get("abcDEF_-123")).toBeNull();
    await stores.blobs.delete("abcDEF_-123"); // deleting twice is fine
  });

  it("hands out a buffer the caller owns (transferable, detached without harm)", async () => {
    await stores.blobs.put("own", Buffer.from("%PDF-1.7 own"));
    const a = await stores.blobs.get("own");
    structuredClone(a, { transfer: [a!] });
    expect(a!.byteLength).toBe(0);
    expect(Buffer.from((await stores.blobs.get("own"))!).toString()).toBe("%PDF-1.7 own");
  });

  it("overwrites a key atomically", async () => {
    await stores.blobs.put("k1", Buffer.from("first"));
    await stores.blobs.put("k1", Buffer.from("second"));
    expect(Buffer.from((await stores.blobs.get("k1"))!).toString()).toBe("second");
  });

  it.each(["../etc/passwd", "a/b", "", "x".repeat(129), "a b"])("refuses the key %j", async (key) => {
    await expect(stores.blobs.put(key, Buffer.from("x"))).rejects.toThrow(/invalid blob key/);
  });

  it("lists keys stored before a time, in pages", async () => {
    const keys = ["page-a", "page-b", "page-c"];
    for (const k of keys) await stores.blobs.put(k, Buffer.from(k));
    const later = Date.now() + 60_000;
    const first = await stores.blobs.listStoredBefore(later, { limit: 2 });
    expect(first).toHaveLength(2);
    const rest = await stores.blobs.listStoredBefore(later, { limit: 100, after: first[1] });
    expect(new Set([...first, ...rest])).toEqual(new Set(await stores.blobs.listStoredBefore(later, { limit: 100 })));
    for (const k of keys) expect([...first, ...rest]).toContain(k);
    expect(await stores.blobs.listStoredBefore(0, { limit: 100 })).toEqual([]);
  });
});

describe("LocalFileStore", () => {
  let stores: TestStores;
  setUpShared(
    () => openTestStores("sqlite"),
    (s) => (stores = s),
    (s) => s.close(),
  );

  it("writes files readable by the owner only (0600) under data/uploads", async () => {
    await stores.blobs.put("perm", Buffer.from("%PDF-"));
    const dir = uploadsDirOf(stores.dataDir);
    const [name] = readdirSync(dir);
    expect(statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
    expect((stores.blobs as LocalFileStore).dir).toBe(dir);
  });

  it("removes temporary files a crashed put() left behind", async () => {
    const dir = uploadsDirOf(stores.dataDir);
    const store = stores.blobs as LocalFileStore;
    const { writeFileSync } = await import("node:fs");
    const leftover = path.join(dir, "crashed.pdf.bin.tmp-0badc0ffee00");
    writeFileSync(leftover, "half");
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(leftover, old, old);
    await store.listStoredBefore(Date.now(), { limit: 10 });
    expect(readdirSync(dir)).not.toContain("crashed.pdf.bin.tmp-0badc0ffee00");
  });
});
