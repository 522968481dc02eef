// Share links: a read-only, expiring, revocable capability for one scan's report page and formats.
// The URL carries a random token (`/share/<token>`); only its hash is stored. A link grants nothing
// else: no listing, no deletion, no other scan. A link lives no longer than the key that minted it
// (issue 19): revoking the key revokes its links (ApiKeyStore.revoke), and opening one checks that
// its key is still usable, so an expired key's links stop too.
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database, ShareLinksTable } from "../db/database";
import { audit } from "./audit";
import { hashSecret, newPublicId, newSecret } from "./secrets";

export const SHARE_TOKEN_PREFIX = "pdfscan_share_";
export const DEFAULT_SHARE_TTL_HOURS = 7 * 24;
export const MAX_SHARE_TTL_HOURS = 30 * 24;

export interface ShareLinkInfo {
  shareId: string;
  scanId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

const infoOf = (r: ShareLinksTable): ShareLinkInfo => ({
  shareId: r.id,
  scanId: r.scan_id,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
});

export const sharePath = (token: string): string => `/share/${token}`;

/** POST /api/scans/:scanId/shares: the link's lifetime (the route validates with it, the OpenAPI document shows it). */
export const MintShare = z
  .object({
    expiresInHours: z
      .number()
      .int()
      .min(1)
      .max(MAX_SHARE_TTL_HOURS)
      .default(DEFAULT_SHARE_TTL_HOURS)
      .meta({ description: "lifetime (default 7 days)" }),
  })
  .strict();

/** A share link as the API shows it (the token itself only once, when minted). */
export const ShareResource = z.object({
  shareId: z.string(),
  scanId: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  active: z.boolean().meta({ description: "neither revoked nor expired (nor its key revoked)" }),
});
export type ShareResource = z.infer<typeof ShareResource>;

export function toShareResource(info: ShareLinkInfo, now = Date.now()): ShareResource {
  return {
    shareId: info.shareId,
    scanId: info.scanId,
    createdAt: new Date(info.createdAt).toISOString(),
    expiresAt: new Date(info.expiresAt).toISOString(),
    revokedAt: info.revokedAt === null ? null : new Date(info.revokedAt).toISOString(),
    active: info.revokedAt === null && info.expiresAt > now,
  };
}

export class ShareLinkStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** `keyId`: the key of the caller that mints it (null with auth off); the link dies with that key. */
  async mint(
    scanId: string,
    owner: string,
    ttlHours: number,
    keyId: string | null,
  ): Promise<{ token: string; info: ShareLinkInfo }> {
    const token = newSecret(SHARE_TOKEN_PREFIX);
    const now = this.clock();
    const row: ShareLinksTable = {
      id: newPublicId("shr_"),
      secret_hash: hashSecret(token),
      scan_id: scanId,
      owner,
      created_at: now,
      expires_at: now + ttlHours * 3_600_000,
      revoked_at: null,
      key_id: keyId,
    };
    await this.db.insertInto("share_links").values(row).execute();
    audit("share.minted", { shareId: row.id, scanId, expiresAt: row.expires_at, keyId });
    return { token, info: infoOf(row) };
  }

  async list(scanId: string): Promise<ShareLinkInfo[]> {
    return (
      await this.db
        .selectFrom("share_links")
        .selectAll()
        .where("scan_id", "=", scanId)
        .orderBy("created_at", "desc")
        .execute()
    ).map(infoOf);
  }

  async revoke(scanId: string, shareId: string, actor: string): Promise<boolean> {
    const res = await this.db
      .updateTable("share_links")
      .set({ revoked_at: this.clock() })
      .where("id", "=", shareId)
      .where("scan_id", "=", scanId)
      .where("revoked_at", "is", null)
      .executeTakeFirst();
    const done = Number(res.numUpdatedRows) > 0;
    if (done) audit("share.revoked", { shareId, scanId, actor });
    return done;
  }

  /** The scan a live token opens, or null (unknown, revoked, expired alike). */
  async resolve(token: string): Promise<{ shareId: string; scanId: string; owner: string } | null> {
    if (!token.startsWith(SHARE_TOKEN_PREFIX) || !/^[A-Za-z0-9_-]{20,120}$/.test(token)) return null;
    const row = await this.db
      .selectFrom("share_links")
      .leftJoin("api_keys", "api_keys.id", "share_links.key_id")
      .select([
        "share_links.id",
        "share_links.scan_id",
        "share_links.owner",
        "share_links.expires_at",
        "share_links.revoked_at",
        "share_links.key_id",
      ])
      .select([
        "api_keys.revoked_at as key_revoked_at",
        "api_keys.expires_at as key_expires_at",
        "api_keys.id as key_found",
      ])
      .where("share_links.secret_hash", "=", hashSecret(token))
      .executeTakeFirst();
    const now = this.clock();
    if (!row || row.revoked_at !== null || row.expires_at <= now) return null;
    // the minting key must still be usable: not revoked, not expired, not gone
    if (
      row.key_id !== null &&
      (row.key_found === null ||
        row.key_revoked_at !== null ||
        (row.key_expires_at !== null && row.key_expires_at <= now))
    )
      return null;
    return { shareId: row.id, scanId: row.scan_id, owner: row.owner };
  }
}
