// API keys: `pdfscan_<43 chars>`, stored as a SHA-256 hash with a display prefix, a name, the principal
// (scans.owner) its scans belong to, an admin flag, an optional expiry, revocation and last-used time.
import type { Kysely } from "kysely";
import type { ApiKeysTable, Database } from "../db/database";
import { audit } from "./audit";
import { API_KEY_PREFIX, keyDisplayPrefix, looksLikeApiKey } from "./key-display";
import { hashSecret, newPublicId, newSecret } from "./secrets";

export { API_KEY_PREFIX };
/** last_used_at is written at most this often per key (a hot key must not write on every request). */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface NewApiKey {
  name: string;
  admin: boolean;
  /** the owner of this key's scans; by default a principal of its own (the key id) */
  principal?: string;
  expiresAt?: number | null;
}

export interface ApiKeyInfo {
  id: string;
  prefix: string;
  name: string;
  principal: string;
  admin: boolean;
  createdAt: number;
  expiresAt: number | null;
  revokedAt: number | null;
  lastUsedAt: number | null;
  /** share links this key minted that still open their scan (listed by `pdfscan keys list`) */
  activeShares: number;
}

const infoOf = (r: ApiKeysTable, activeShares = 0): ApiKeyInfo => ({
  id: r.id,
  prefix: r.prefix,
  name: r.name,
  principal: r.principal,
  admin: r.admin === 1,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  lastUsedAt: r.last_used_at,
  activeShares,
});

export class ApiKeyStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Creates a key; the secret is returned here once and never stored. */
  async create(input: NewApiKey, actor = "cli"): Promise<{ key: string; info: ApiKeyInfo }> {
    const key = newSecret(API_KEY_PREFIX);
    const id = newPublicId("key_");
    const row: ApiKeysTable = {
      id,
      secret_hash: hashSecret(key),
      prefix: keyDisplayPrefix(key),
      name: input.name,
      principal: input.principal ?? id,
      admin: input.admin ? 1 : 0,
      created_at: this.clock(),
      expires_at: input.expiresAt ?? null,
      revoked_at: null,
      last_used_at: null,
    };
    await this.db.insertInto("api_keys").values(row).execute();
    audit("key.created", {
      keyId: id,
      prefix: row.prefix,
      name: row.name,
      admin: input.admin,
      expiresAt: row.expires_at,
      actor,
    });
    return { key, info: infoOf(row) };
  }

  async count(): Promise<number> {
    const r = await this.db
      .selectFrom("api_keys")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async list(): Promise<ApiKeyInfo[]> {
    const now = this.clock();
    const counts = await this.db
      .selectFrom("share_links")
      .select(["key_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("key_id", "is not", null)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .groupBy("key_id")
      .execute();
    const shares = new Map(counts.map((c) => [c.key_id, Number(c.n)]));
    return (await this.db.selectFrom("api_keys").selectAll().orderBy("created_at").execute()).map((r) =>
      infoOf(r, r.revoked_at === null ? (shares.get(r.id) ?? 0) : 0),
    );
  }

  /**
   * Revokes by id or display prefix; null when no such key. Its sessions and the share links it
   * minted die with it; the answer says how many links were still live.
   */
  async revoke(idOrPrefix: string, actor = "cli"): Promise<{ keyId: string; sharesRevoked: number } | null> {
    const rows = await this.db
      .selectFrom("api_keys")
      .selectAll()
      .where((eb) => eb.or([eb("id", "=", idOrPrefix), eb("prefix", "=", idOrPrefix)]))
      .execute();
    if (rows.length > 1)
      throw new Error(`${rows.length} keys have the prefix ${idOrPrefix}: revoke by id (pdfscan keys list)`);
    const row = rows[0];
    if (!row) return null;
    const now = this.clock();
    const sharesRevoked = await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("api_keys")
        .set({ revoked_at: now })
        .where("id", "=", row.id)
        .where("revoked_at", "is", null)
        .execute();
      await trx.deleteFrom("sessions").where("key_id", "=", row.id).execute();
      const links = await trx
        .updateTable("share_links")
        .set({ revoked_at: now })
        .where("key_id", "=", row.id)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(links.numUpdatedRows);
    });
    audit("key.revoked", { keyId: row.id, prefix: row.prefix, sharesRevoked, actor });
    return { keyId: row.id, sharesRevoked };
  }

  /** The usable key with this secret: not revoked, not expired. Records its use. */
  async authenticate(
    secret: string,
  ): Promise<{ ok: true; key: ApiKeyInfo } | { ok: false; reason: "unknown" | "revoked" | "expired"; keyId?: string }> {
    if (!looksLikeApiKey(secret)) return { ok: false, reason: "unknown" };
    const row = await this.db
      .selectFrom("api_keys")
      .selectAll()
      .where("secret_hash", "=", hashSecret(secret))
      .executeTakeFirst();
    return this.check(row);
  }

  async byId(
    id: string,
  ): Promise<{ ok: true; key: ApiKeyInfo } | { ok: false; reason: "unknown" | "revoked" | "expired"; keyId?: string }> {
    return this.check(await this.db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirst());
  }

  private async check(row: ApiKeysTable | undefined) {
    if (!row) return { ok: false as const, reason: "unknown" as const };
    const now = this.clock();
    if (row.revoked_at !== null) return { ok: false as const, reason: "revoked" as const, keyId: row.id };
    if (row.expires_at !== null && row.expires_at <= now)
      return { ok: false as const, reason: "expired" as const, keyId: row.id };
    if (row.last_used_at === null || row.last_used_at < now - LAST_USED_RESOLUTION_MS) {
      await this.db.updateTable("api_keys").set({ last_used_at: now }).where("id", "=", row.id).execute();
    }
    return { ok: true as const, key: infoOf(row) };
  }
}
