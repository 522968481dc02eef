// The service's database for the commands that manage it (keys, feeds): opened from the same settings
// as the server (PDFSCAN_DATA_DIR / PDFSCAN_DATABASE_URL; opening migrates), closed after `run`. The
// drivers load only when such a command runs.
import type { Kysely } from "kysely";
import type { Database } from "../../server/db/database";
import type { CliContext } from "../context";

export async function withServiceDatabase<T>(ctx: CliContext, run: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const [{ parseConfig }, { openDatabase }] = await Promise.all([
    import("../../server/config"),
    import("../../server/db/open-database"),
  ]);
  const database = await openDatabase(parseConfig(ctx.env).database);
  try {
    return await run(database.db);
  } finally {
    await database.close();
  }
}
