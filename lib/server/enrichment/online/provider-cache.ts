// The online services' answers, kept in the scan database until they expire: a file scanned twice, or
// a host many lures link to, costs one lookup of the service's quota (VirusTotal's public API allows 4
// a minute). Misses are kept as long as hits: "never seen" is an answer too. Errors are not kept.
import type { Kysely } from "kysely";
import type { Database } from "../../db/database";
import { ProviderAnswer } from "./provider-answer";

export class ProviderCache {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The kept answer, or undefined when there is none that has not expired. */
  async get(provider: string, key: string): Promise<ProviderAnswer | undefined> {
    const row = await this.db
      .selectFrom("provider_cache")
      .select(["answer", "expires_at"])
      .where("provider", "=", provider)
      .where("lookup_key", "=", key)
      .executeTakeFirst();
    if (!row || Number(row.expires_at) <= this.clock()) return undefined;
    const parsed = ProviderAnswer.safeParse(JSON.parse(row.answer));
    return parsed.success ? parsed.data : undefined;
  }

  async put(provider: string, key: string, answer: ProviderAnswer): Promise<void> {
    const now = this.clock();
    const row = {
      provider,
      lookup_key: key,
      answer: JSON.stringify(answer),
      fetched_at: now,
      expires_at: now + this.ttlMs,
    };
    await this.db
      .insertInto("provider_cache")
      .values(row)
      .onConflict((oc) =>
        oc
          .columns(["provider", "lookup_key"])
          .doUpdateSet({ answer: row.answer, fetched_at: now, expires_at: row.expires_at }),
      )
      .execute();
  }

  /** Deletes expired answers (the retention sweep); returns how many. */
  async sweep(): Promise<number> {
    const res = await this.db.deleteFrom("provider_cache").where("expires_at", "<=", this.clock()).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
