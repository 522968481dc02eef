// Migrations in a PostgreSQL database that holds other migrated schemas (a shared database, or tests
// running side by side): each schema gets its own migration tables. Before the Migrator was told the
// schema, the second one found the first one's lock table, did not create its own, and failed.
import { describe, expect, it } from "vitest";
import { openTestStores } from "../testing/test-stores";

describe("migrations (postgres)", () => {
  it("migrates a schema while another schema of the same database is migrated and open", async () => {
    const first = await openTestStores("postgres");
    try {
      const second = await openTestStores("postgres");
      try {
        expect(await second.repo.countByStatus()).toEqual({});
        expect(second.pg!.schema).not.toBe(first.pg!.schema);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });
});
