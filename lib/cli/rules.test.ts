// `pdfscan rules` as a child process: it lists exactly the registry.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RULES } from "../analyzer/rules/registry";

const BIN = fileURLToPath(new URL("../../bin/pdfscan.mjs", import.meta.url));
// from the source tree (the tsx fallback of bin/pdfscan.mjs): test/cli/ covers the bundle
const run = (args: string[]) =>
  promisify(execFile)(process.execPath, [BIN, ...args], {
    env: { ...process.env, NO_COLOR: "1", PDFSCAN_CLI_SOURCE: "1" },
  });

describe("pdfscan rules", () => {
  it("prints every registry rule as JSON, without code", async () => {
    const { stdout } = await run(["rules", "--json"]);
    const listed = JSON.parse(stdout) as Record<string, unknown>[];
    expect(listed.map((r) => r.id).sort()).toEqual(RULES.map((r) => r.id).sort());
    for (const r of listed) {
      expect(Object.keys(r)).toEqual(
        expect.arrayContaining(["id", "title", "severity", "category", "weight", "attack"]),
      );
      expect(r).not.toHaveProperty("check");
    }
  });

  it("prints a table with one row per rule", async () => {
    const { stdout } = await run(["rules"]);
    for (const r of RULES) expect(stdout).toMatch(new RegExp(`^${r.id}\\s+${r.severity}\\s+${r.weight}\\s`, "m"));
    expect(stdout).toContain(`${RULES.length} rules`);
  });
});
