// Web UI sessions: signing in with an API key gives a random session id (HttpOnly cookie) and a CSRF
// token (readable cookie, echoed in X-CSRF-Token). Stored hashed, bound to the key: revoking or
// expiring the key ends its sessions.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import type { ApiKeyInfo, ApiKeyStore } from "./api-keys";
import { hashSecret, newSecret } from "./secrets";

export const SESSION_COOKIE = "pdfscan_session";
export const CSRF_COOKIE = "pdfscan_csrf";
export const CSRF_HEADER = "x-csrf-token";

/** POST /api/session: the key to sign in with (the route validates with it, the OpenAPI document shows it). */
export const SignIn = z
  .object({
    apiKey: z.string().min(1).max(200),
    replace: z.boolean().default(false).meta({ description: "replace a live session (else 409 session_exists)" }),
  })
  .strict();

export interface Session {
  key: ApiKeyInfo;
  csrfToken: string;
}

export class SessionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: ApiKeyStore,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(keyId: string): Promise<{ sessionId: string; csrfToken: string; expiresAt: number }> {
    const sessionId = newSecret("s_");
    const csrfToken = newSecret("c_");
    const now = this.clock();
    const expiresAt = now + this.ttlMs;
    await this.db
      .insertInto("sessions")
      .values({
        secret_hash: hashSecret(sessionId),
        key_id: keyId,
        csrf_token: csrfToken,
        created_at: now,
        expires_at: expiresAt,
      })
      .execute();
    // expired sessions are removed as new ones are made
    await this.db.deleteFrom("sessions").where("expires_at", "<=", now).execute();
    return { sessionId, csrfToken, expiresAt };
  }

  async resolve(sessionId: string): Promise<Session | null> {
    if (!/^s_[A-Za-z0-9_-]{20,100}$/.test(sessionId)) return null;
    const row = await this.db
      .selectFrom("sessions")
      .selectAll()
      .where("secret_hash", "=", hashSecret(sessionId))
      .executeTakeFirst();
    if (!row || row.expires_at <= this.clock()) return null;
    const key = await this.keys.byId(row.key_id);
    return key.ok ? { key: key.key, csrfToken: row.csrf_token } : null;
  }

  async end(sessionId: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("secret_hash", "=", hashSecret(sessionId)).execute();
  }
}
