// Imported feeds in the scan database (SQLite or PostgreSQL): an import replaces a source's entries in
// one transaction (atomic, and importing the same file again changes nothing), and a lookup answers
// which entries name a document's indicators. Entries past their expiry are kept (the next import
// replaces them) but never returned.
import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, FeedEntriesTable } from "../db/database";
import type { FeedEntry, FeedKind, FeedList, ParsedFeed } from "./feed-entry";
import { ipv4Number, ipv4Range, ipv6Prefixes } from "./normalize";

/** Rows per INSERT: 12 columns each, far below SQLite's 32,766 variables and PostgreSQL's 65,535. */
const INSERT_BATCH = 1_000;
/** Values per IN (...) of a lookup. */
const LOOKUP_BATCH = 500;

export interface FeedImport {
  source: string;
  format: string;
  importedAt: number;
  entries: number;
  malformed: number;
  fileSha256: string;
}

/** An entry that names one of a document's indicators: the entry's facts, and what it matched. */
export interface FeedHit extends Omit<FeedEntry, "kind" | "value"> {
  /** the indicator's value as the document has it (a URL, host, IP, address or hash) */
  indicator: string;
  /** how it matched: the URL itself, its host, a parent or the registered domain, an IP inside a listed range, ... */
  matchedAs: FeedKind | "parent-domain" | "registered-domain";
  matchedValue: string;
  source: string;
}

export type Lookup = { kind: FeedKind; value: string; indicator: string; matchedAs?: FeedHit["matchedAs"] };

export class FeedStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Replaces the source's entries with the parsed ones (duplicates in the file: the last wins). */
  async import(source: string, format: string, parsed: ParsedFeed, fileBytes: Uint8Array): Promise<FeedImport> {
    const unique = new Map<string, FeedEntry>();
    for (const e of parsed.entries) unique.set(`${e.kind}\u0000${e.value}`, e);
    const rows: FeedEntriesTable[] = [...unique.values()].map((e) => {
      const range = e.kind === "cidr" ? ipv4Range(e.value) : null;
      return {
        source,
        kind: e.kind,
        value: e.value,
        list: e.list,
        category: e.category.slice(0, 200),
        confidence: e.confidence,
        first_seen: e.firstSeen,
        last_seen: e.lastSeen,
        expires_at: e.expiresAt,
        reference: e.reference?.slice(0, 500) ?? null,
        range_start: range?.start ?? null,
        range_end: range?.end ?? null,
      };
    });
    const record: FeedImport = {
      source,
      format,
      importedAt: this.clock(),
      entries: rows.length,
      malformed: parsed.malformed,
      fileSha256: createHash("sha256").update(fileBytes).digest("hex"),
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("feed_entries").where("source", "=", source).execute();
      for (let i = 0; i < rows.length; i += INSERT_BATCH)
        await trx
          .insertInto("feed_entries")
          .values(rows.slice(i, i + INSERT_BATCH))
          .execute();
      const row = {
        source,
        format,
        imported_at: record.importedAt,
        entries: record.entries,
        malformed: record.malformed,
        file_sha256: record.fileSha256,
      };
      await trx
        .insertInto("feed_imports")
        .values(row)
        .onConflict((oc) => oc.column("source").doUpdateSet(row))
        .execute();
    });
    return record;
  }

  async list(): Promise<FeedImport[]> {
    const rows = await this.db.selectFrom("feed_imports").selectAll().orderBy("source").execute();
    return rows.map((r) => ({
      source: r.source,
      format: r.format,
      importedAt: Number(r.imported_at),
      entries: r.entries,
      malformed: r.malformed,
      fileSha256: r.file_sha256,
    }));
  }

  /** Removes a source and its entries; false when there was none. */
  async remove(source: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("feed_entries").where("source", "=", source).execute();
      const r = await trx.deleteFrom("feed_imports").where("source", "=", source).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    });
  }

  /** The unexpired entries naming any of `lookups` (exact values; IPv4 addresses also inside listed ranges). */
  async lookup(lookups: Lookup[]): Promise<FeedHit[]> {
    const now = this.clock();
    const hits: FeedHit[] = [];
    const byKey = new Map<string, Lookup[]>();
    for (const l of lookups)
      byKey.set(`${l.kind}\u0000${l.value}`, [...(byKey.get(`${l.kind}\u0000${l.value}`) ?? []), l]);
    const keys = [...byKey.keys()];
    const live = (r: { expires_at: number | null }) => r.expires_at === null || Number(r.expires_at) > now;
    // every query at once: on PostgreSQL each is a round trip, and the pool has connections to spare
    const exact = Array.from({ length: Math.ceil(keys.length / LOOKUP_BATCH) }, async (_, b) => {
      const batch = keys
        .slice(b * LOOKUP_BATCH, (b + 1) * LOOKUP_BATCH)
        .map((k) => k.split("\u0000") as [string, string]);
      const rows = await this.db
        .selectFrom("feed_entries")
        .selectAll()
        .where((eb) => eb.or(batch.map(([kind, value]) => eb.and([eb("kind", "=", kind), eb("value", "=", value)]))))
        .execute();
      return rows.filter(live).flatMap((r) => (byKey.get(`${r.kind}\u0000${r.value}`) ?? []).map((l) => hitOf(r, l)));
    });
    const ranges = lookups
      .filter((x) => x.kind === "ip")
      .map(async (l) => {
        const n = ipv4Number(l.value);
        const query = this.db.selectFrom("feed_entries").selectAll().where("kind", "=", "cidr");
        // an IPv6 address: the ranges that hold it are its prefixes, looked up as values (normalize.ts)
        const prefixes = n === null ? ipv6Prefixes(l.value) : [];
        if (n === null && prefixes.length === 0) return [];
        const rows = await (
          n !== null
            ? query.where("range_start", "<=", n).where("range_end", ">=", n)
            : query.where("value", "in", prefixes)
        ).execute();
        return rows.filter(live).map((r) => hitOf(r, { ...l, matchedAs: "cidr" }));
      });
    for (const found of await Promise.all([...exact, ...ranges])) hits.push(...found);
    return hits;
  }

  /** Entries per list (health and the CLI's listing). */
  async counts(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom("feed_entries")
      .select(["list", sql<number>`count(*)`.as("n")])
      .groupBy("list")
      .execute();
    return Object.fromEntries(rows.map((r) => [r.list, Number(r.n)]));
  }
}

function hitOf(r: FeedEntriesTable, l: Lookup): FeedHit {
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    indicator: l.indicator,
    matchedAs: l.matchedAs ?? (r.kind as FeedKind),
    matchedValue: r.value,
    source: r.source,
    list: r.list as FeedList,
    category: r.category,
    confidence: r.confidence,
    firstSeen: num(r.first_seen),
    lastSeen: num(r.last_seen),
    expiresAt: num(r.expires_at),
    reference: r.reference,
  };
}
