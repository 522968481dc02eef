// pdfscan keys create|list|revoke - API keys of the service, in its database (the same
// PDFSCAN_DATA_DIR / PDFSCAN_DATABASE_URL as the server). A created key is printed once; only its
// hash is stored.
import type { Command } from "commander";
import type { ApiKeyInfo, ApiKeyStore } from "../../server/auth/api-keys";
import type { CliContext } from "../context";
import { EXIT_ERROR } from "../exit-codes";
import { formatTable } from "../format-table";
import { withServiceDatabase } from "./service-database";

const DURATION = /^(\d+)([hd])$/;

/** "12h" or "30d" -> milliseconds. */
export function parseDuration(value: string): number {
  const m = DURATION.exec(value.trim());
  if (!m || Number(m[1]) === 0) throw new Error(`invalid duration ${JSON.stringify(value)}: use e.g. 12h or 30d`);
  return Number(m[1]) * (m[2] === "h" ? 3_600_000 : 86_400_000);
}

async function withKeys<T>(ctx: CliContext, run: (keys: ApiKeyStore) => Promise<T>): Promise<T> {
  const [{ ApiKeyStore }, { setAuditSink }] = await Promise.all([
    import("../../server/auth/api-keys"),
    import("../../server/auth/audit"),
  ]);
  setAuditSink((line) => ctx.stderr.write(`${line}\n`));
  return withServiceDatabase(ctx, (db) => run(new ApiKeyStore(db)));
}

const when = (ms: number | null) => (ms === null ? "-" : new Date(ms).toISOString().replace(/\.\d+Z$/, "Z"));
const stateOf = (k: ApiKeyInfo) =>
  k.revokedAt !== null ? "revoked" : k.expiresAt !== null && k.expiresAt <= Date.now() ? "expired" : "active";

export function registerKeysCommand(program: Command, ctx: CliContext): void {
  const keys = program
    .command("keys")
    .description("manage the service's API keys (in its database: PDFSCAN_DATA_DIR or PDFSCAN_DATABASE_URL)")
    .addHelpText(
      "after",
      `
Examples:
  $ pdfscan keys create --name mail-gateway --expires-in 90d
  $ pdfscan keys create --name ops --admin --json | jq -r .key
  $ pdfscan keys list
  $ pdfscan keys revoke 3f2a9c`,
    );
  keys
    .command("create")
    .description("create an API key and print it once")
    .option("--name <name>", "what the key is for", "cli")
    .option("--admin", "may read and delete every scan (audit-logged)")
    .option("--expires-in <duration>", "expiry, e.g. 12h or 90d (default: never)")
    .option("--principal <id>", "owner of the key's scans (share scans between keys); default: the key's own id")
    .option("--json", "print {key, id, ...} as JSON")
    .action(async (opts: { name: string; admin?: boolean; expiresIn?: string; principal?: string; json?: boolean }) => {
      const expiresAt = opts.expiresIn ? Date.now() + parseDuration(opts.expiresIn) : null;
      const { key, info } = await withKeys(ctx, (store) =>
        store.create({ name: opts.name, admin: !!opts.admin, principal: opts.principal, expiresAt }, "cli"),
      );
      if (opts.json) ctx.stdout.write(`${JSON.stringify({ key, ...info })}\n`);
      else
        ctx.stdout.write(
          `${key}\n(id ${info.id}${info.admin ? ", admin" : ""}, expires ${when(info.expiresAt)}; shown only now)\n`,
        );
    });
  keys
    .command("list")
    .description("list keys: id, prefix, name, admin, state, expiry, last use, live share links it minted")
    .option("--json", "print the keys as a JSON array")
    .action(async (opts: { json?: boolean }) => {
      const list = await withKeys(ctx, (store) => store.list());
      if (opts.json) {
        ctx.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
        return;
      }
      const rows = list.map((k) => [
        k.id,
        k.prefix,
        k.name,
        k.admin ? "yes" : "no",
        stateOf(k),
        when(k.expiresAt),
        when(k.lastUsedAt),
        String(k.activeShares),
      ]);
      ctx.stdout.write(
        `${formatTable(["id", "prefix", "name", "admin", "state", "expires", "last used", "shares"], rows)}\n`,
      );
    });
  keys
    .command("revoke <id>")
    .description("revoke a key by id or prefix; its sessions and the share links it minted end at once")
    .action(async (id: string) => {
      const revoked = await withKeys(ctx, (store) => store.revoke(id, "cli"));
      if (revoked) {
        ctx.stdout.write(
          `revoked ${revoked.keyId}; ${revoked.sharesRevoked} share link${revoked.sharesRevoked === 1 ? "" : "s"} revoked with it\n`,
        );
      } else {
        ctx.stderr.write(`pdfscan: no key ${JSON.stringify(id)}\n`);
        ctx.exitCode = EXIT_ERROR;
      }
    });
}
