// The document-password stores: a scan's password waits for its stages, then goes (forget or expiry).
// The Redis store runs against the Redis of this machine (127.0.0.1:6379) under a prefix of its own;
// without Redis the test fails with the reason, it is not skipped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisPrefix, type RedisPrefix } from "../testing/test-stores";
import { DOCUMENT_PASSWORD_TTL_MS, MemoryDocumentPasswords, RedisDocumentPasswords } from "./document-passwords";

describe("MemoryDocumentPasswords", () => {
  it("hands the password to the stages until it is forgotten", async () => {
    const store = new MemoryDocumentPasswords();
    await store.put("scan-a", "from-the-mail-body");
    await store.put("scan-b", "other");
    expect(await store.get("scan-a")).toBe("from-the-mail-body");
    await store.forget("scan-a");
    expect(await store.get("scan-a")).toBeUndefined();
    expect(await store.get("scan-b")).toBe("other");
  });

  it("drops a password once its time is up, even if no stage ever asked for it", async () => {
    let now = 1_000;
    const store = new MemoryDocumentPasswords(() => now, 60_000);
    await store.put("scan-a", "pw");
    now += 59_999;
    expect(await store.get("scan-a")).toBe("pw");
    now += 1;
    expect(await store.get("scan-a")).toBeUndefined();
  });
});

describe("RedisDocumentPasswords", () => {
  let redis: RedisPrefix;
  beforeAll(async () => {
    redis = await createRedisPrefix();
  });
  afterAll(async () => {
    await redis?.drop();
  });

  it("keeps the password under the queue's prefix with an expiry, and deletes it on forget", async () => {
    const store = new RedisDocumentPasswords(redis.redis, redis.prefix);
    await store.put("scan-a", "from-the-mail-body");
    expect(await store.get("scan-a")).toBe("from-the-mail-body");
    const [key] = await redis.keys();
    expect(key).toBe(`${redis.prefix}:document-password:scan-a`);
    const ttl = await redis.redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DOCUMENT_PASSWORD_TTL_MS);
    await store.forget("scan-a");
    expect(await store.get("scan-a")).toBeUndefined();
    expect(await redis.keys()).toEqual([]);
  });
});
