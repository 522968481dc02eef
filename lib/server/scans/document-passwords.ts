// The analyst's password of an encrypted upload (the `password` form field of POST /api/scans, issue
// 18): a scan's stages run later, possibly in another process, so the password waits for them here.
// It is never written to the scans database, the report, a log or the audit trail; it is forgotten
// when the advanced stage ends or the scan is deleted, and expires after DOCUMENT_PASSWORD_TTL_MS
// whatever happens (a crash between the stages). Embedded: this process's memory (a restart forgets
// it, and the stages then run as without a password). Scale-out: Redis, the queue's own store, with
// the same expiry, so any worker can read it.
import type { Redis } from "ioredis";

/** Longest a password waits for its scan's stages (a queue backlog, a retried stage). */
export const DOCUMENT_PASSWORD_TTL_MS = 6 * 60 * 60 * 1000;

export interface DocumentPasswords {
  put(scanId: string, password: string): Promise<void>;
  get(scanId: string): Promise<string | undefined>;
  forget(scanId: string): Promise<void>;
  close?(): Promise<void>;
}

export class MemoryDocumentPasswords implements DocumentPasswords {
  private readonly byScan = new Map<string, { password: string; expiresAt: number }>();

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly ttlMs = DOCUMENT_PASSWORD_TTL_MS,
  ) {}

  async put(scanId: string, password: string): Promise<void> {
    this.dropExpired();
    this.byScan.set(scanId, { password, expiresAt: this.clock() + this.ttlMs });
  }

  async get(scanId: string): Promise<string | undefined> {
    this.dropExpired();
    return this.byScan.get(scanId)?.password;
  }

  async forget(scanId: string): Promise<void> {
    this.byScan.delete(scanId);
  }

  private dropExpired(): void {
    const now = this.clock();
    for (const [scanId, entry] of this.byScan) if (entry.expiresAt <= now) this.byScan.delete(scanId);
  }
}

export class RedisDocumentPasswords implements DocumentPasswords {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = DOCUMENT_PASSWORD_TTL_MS,
  ) {}

  private key(scanId: string): string {
    return `${this.prefix}:document-password:${scanId}`;
  }

  async put(scanId: string, password: string): Promise<void> {
    await this.redis.set(this.key(scanId), password, "PX", this.ttlMs);
  }

  async get(scanId: string): Promise<string | undefined> {
    return (await this.redis.get(this.key(scanId))) ?? undefined;
  }

  async forget(scanId: string): Promise<void> {
    await this.redis.del(this.key(scanId));
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
