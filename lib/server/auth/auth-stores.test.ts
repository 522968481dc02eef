import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type OpenDatabase } from "../db/open-database";
import { API_KEY_PREFIX, ApiKeyStore } from "./api-keys";
import { setAuditSink } from "./audit";
import { Redis } from "ioredis";
import { setUpShared } from "../testing/set-up-shared";
import { createRedisPrefix, type RedisPrefix } from "../testing/test-stores";
import { MemoryRateLimiter, RedisRateLimiter } from "./rate-limit";
import { SessionStore } from "./sessions";
import { SHARE_TOKEN_PREFIX, ShareLinkStore } from "./share-links";
import { hashSecret } from "./secrets";

describe("API keys, sessions and share links (SQLite)", () => {
  let dir: string;
  let database: OpenDatabase;
  let now = 1_700_000_000_000;
  const clock = () => now;
  const auditLines: string[] = [];
  beforeAll(async () => {
    setAuditSink((line) => auditLines.push(line));
    dir = mkdtempSync(path.join(tmpdir(), "pdfscan-auth-"));
    database = await openDatabase({ kind: "sqlite", file: path.join(dir, "db.sqlite") });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
    setAuditSink((line) => console.log(line));
  });

  it("creates a prefixed random key, stores only its hash, and authenticates it", async () => {
    const keys = new ApiKeyStore(database.db, clock);
    const { key, info } = await keys.create({ name: "alice", admin: false });
    expect(key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{43}$`));
    const rows = await database.db.selectFrom("api_keys").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(rows.find((r) => r.id === info.id)?.secret_hash).toBe(hashSecret(key));
    const ok = await keys.authenticate(key);
    expect(ok).toMatchObject({ ok: true, key: { id: info.id, principal: info.id, admin: false } });
    expect((await keys.list()).find((k) => k.id === info.id)?.lastUsedAt).toBe(now);
    expect(await keys.authenticate(`${key}x`)).toEqual({ ok: false, reason: "unknown" });
    expect(auditLines.some((l) => JSON.parse(l).event === "key.created" && !l.includes(key))).toBe(true);
  });

  it("refuses a revoked key and an expired key", async () => {
    const keys = new ApiKeyStore(database.db, clock);
    const revoked = await keys.create({ name: "r", admin: false });
    expect(await keys.revoke(revoked.info.prefix)).toEqual({ keyId: revoked.info.id, sharesRevoked: 0 });
    expect(await keys.authenticate(revoked.key)).toMatchObject({ ok: false, reason: "revoked" });
    const expiring = await keys.create({ name: "e", admin: false, expiresAt: now + 1000 });
    expect((await keys.authenticate(expiring.key)).ok).toBe(true);
    now += 1000;
    expect(await keys.authenticate(expiring.key)).toMatchObject({ ok: false, reason: "expired" });
    expect(await keys.revoke("no-such-key")).toBeNull();
  });

  it("binds sessions to their key: revoking the key ends them", async () => {
    const keys = new ApiKeyStore(database.db, clock);
    const sessions = new SessionStore(database.db, keys, 60_000, clock);
    const { info } = await keys.create({ name: "s", admin: true });
    const s = await sessions.create(info.id);
    expect(await sessions.resolve(s.sessionId)).toMatchObject({
      key: { id: info.id, admin: true },
      csrfToken: s.csrfToken,
    });
    await keys.revoke(info.id);
    expect(await sessions.resolve(s.sessionId)).toBeNull();
    const other = await keys.create({ name: "t", admin: false });
    const t = await sessions.create(other.info.id);
    now += 60_000;
    expect(await sessions.resolve(t.sessionId)).toBeNull();
  });

  it("share links open one scan until revoked or expired", async () => {
    const shares = new ShareLinkStore(database.db, clock);
    const keys = new ApiKeyStore(database.db, clock);
    const minter = (await keys.create({ name: "minter", admin: false })).info.id;
    const { token, info } = await shares.mint("scan-a", "alice", 1, minter);
    expect(token.startsWith(SHARE_TOKEN_PREFIX)).toBe(true);
    expect(await shares.resolve(token)).toEqual({ shareId: info.shareId, scanId: "scan-a", owner: "alice" });
    expect(await shares.revoke("scan-b", info.shareId, "x")).toBe(false);
    expect(await shares.revoke("scan-a", info.shareId, "x")).toBe(true);
    expect(await shares.resolve(token)).toBeNull();
    const later = await shares.mint("scan-a", "alice", 1, minter);
    now += 3_600_000;
    expect(await shares.resolve(later.token)).toBeNull();
    expect((await shares.list("scan-a")).length).toBe(2);
  });

  it("share links die with the key that minted them, and are counted on it until then", async () => {
    const shares = new ShareLinkStore(database.db, clock);
    const keys = new ApiKeyStore(database.db, clock);
    const count = async (id: string) => (await keys.list()).find((k) => k.id === id)!.activeShares;
    const a = await keys.create({ name: "sharer-a", admin: false });
    const b = await keys.create({ name: "sharer-b", admin: false, expiresAt: now + 7_200_000 });
    const aLinks = [
      await shares.mint("scan-x", "alice", 720, a.info.id),
      await shares.mint("scan-y", "alice", 720, a.info.id),
    ];
    const spent = await shares.mint("scan-z", "alice", 1, a.info.id);
    await shares.revoke("scan-y", aLinks[1].info.shareId, "test");
    const bLink = await shares.mint("scan-x", "alice", 720, b.info.id);
    const keyless = await shares.mint("scan-x", "local", 720, null);
    expect(await count(a.info.id)).toBe(2);
    now += 3_600_000; // `spent` expires
    expect(await count(a.info.id)).toBe(1);
    expect(await count(b.info.id)).toBe(1);

    auditLines.length = 0;
    expect(await keys.revoke(a.info.id, "test")).toEqual({ keyId: a.info.id, sharesRevoked: 1 });
    expect(await shares.resolve(aLinks[0].token)).toBeNull();
    expect(await shares.resolve(spent.token)).toBeNull();
    expect((await shares.list("scan-x")).find((l) => l.shareId === aLinks[0].info.shareId)?.revokedAt).toBe(now);
    expect(await count(a.info.id)).toBe(0);
    expect(auditLines.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ event: "key.revoked", keyId: a.info.id, sharesRevoked: 1 }),
    );
    // another key's links stay; an expired key's links stop with it
    expect(await shares.resolve(bLink.token)).toMatchObject({ scanId: "scan-x" });
    now += 3_600_000;
    expect(await shares.resolve(bLink.token)).toBeNull();
    // a link minted without a key (auth off) depends on none
    expect(await shares.resolve(keyless.token)).toMatchObject({ scanId: "scan-x", owner: "local" });
  });
});

describe("MemoryRateLimiter", () => {
  // the library reads Date.now and expires windows by setTimeout: fake timers stand still and move on demand
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("allows q requests per window, then 429 with the RateLimit fields, and refills", async () => {
    const limiter = new MemoryRateLimiter(2, 10);
    expect((await limiter.take("k")).headers).toEqual({
      "ratelimit-policy": '"default";q=2;w=10',
      ratelimit: '"default";r=1;t=10',
    });
    expect((await limiter.take("k")).allowed).toBe(true);
    const refused = await limiter.take("k");
    expect(refused).toMatchObject({ allowed: false, retryAfterS: 10, headers: { ratelimit: '"default";r=0;t=10' } });
    // refused requests do not move the window's end
    vi.advanceTimersByTime(4_000);
    expect(await limiter.take("k")).toMatchObject({
      allowed: false,
      retryAfterS: 6,
      headers: { ratelimit: '"default";r=0;t=6' },
    });
    expect((await limiter.take("other")).allowed).toBe(true);
    vi.advanceTimersByTime(6_000);
    expect((await limiter.take("k")).headers.ratelimit).toBe('"default";r=1;t=10');
  });
});

describe("RedisRateLimiter", () => {
  let redis: RedisPrefix;
  setUpShared(
    createRedisPrefix,
    (r) => (redis = r),
    (r) => r.drop(),
  );

  it("shares one count per key and window between limiters (web servers), and lets requests through when Redis is down", async () => {
    const a = new RedisRateLimiter(redis.redis, redis.prefix, 3, 60);
    const b = new RedisRateLimiter(redis.redis, redis.prefix, 3, 60);
    expect((await a.take("key:x")).allowed).toBe(true);
    expect((await b.take("key:x")).allowed).toBe(true);
    expect((await a.take("key:x")).headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
    expect(await b.take("key:x")).toMatchObject({ allowed: false });
    expect((await b.take("key:y")).allowed).toBe(true);
    expect((await redis.keys()).sort()).toEqual([`${redis.prefix}:ratelimit:key:x`, `${redis.prefix}:ratelimit:key:y`]);
    const logged: string[] = [];
    const unreachable = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    }).on("error", () => {});
    const down = new RedisRateLimiter(unreachable, "p", 1, 60, (m) => logged.push(m));
    expect((await down.take("k")).allowed).toBe(true);
    expect(logged.length).toBe(1);
    await down.close();
  });
});
