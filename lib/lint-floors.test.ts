// The lint keeps the floors (eslint.config.mjs): an upward import, a deep import of the analyzer, a
// cycle and I/O in the analyzer core fail it. Planted in files written for the test and removed after,
// then linted with the project's config.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
// inside the tree the config classifies (lib/server, lib/pdf, lib/analyzer), where tsconfig finds them
const probes = ["lib/server", "lib/pdf", "lib/analyzer", "lib/server/domain", "lib/analyzer/content"].map((dir) =>
  mkdtempSync(path.join(root, dir, "lint-probe-")),
);
const [serverDir, pdfDir, analyzerDir, domainDir, contentDir] = probes;

afterAll(() => {
  for (const dir of probes) rmSync(dir, { recursive: true, force: true });
});

async function ruleIdsOf(files: Record<string, string>, dir: string, lint: string[]): Promise<string[]> {
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  const eslint = new ESLint({ cwd: root });
  const results = await eslint.lintFiles(lint.map((f) => path.join(dir, f)));
  return results.flatMap((r) => r.messages.map((m) => m.ruleId ?? m.message));
}

describe("the lint's floors", () => {
  it("fails an upward import: lib/pdf importing the analyzer's rule registry", async () => {
    const ids = await ruleIdsOf(
      { "upward.ts": 'import { RULES } from "../../analyzer/rules/registry";\nexport const n = RULES.length;\n' },
      pdfDir,
      ["upward.ts"],
    );
    expect(ids).toContain("import-x/no-restricted-paths");
  }, 120_000);

  it("fails a deep import of the analyzer from the server, and passes its faces", async () => {
    const deep = 'import { KEYWORDS } from "../../analyzer/facts/keywords";\nexport const n = KEYWORDS.length;\n';
    const faces =
      'import { RULES } from "../../analyzer";\nimport { VERDICTS } from "../../analyzer/report-values";\nexport const n = RULES.length + VERDICTS.length;\n';
    const ids = await ruleIdsOf({ "deep.ts": deep, "faces.ts": faces }, serverDir, ["deep.ts", "faces.ts"]);
    expect(ids).toEqual(["import-x/no-restricted-paths"]);
  }, 120_000);

  it("fails the scan's domain importing the service it serves (lib/server/domain)", async () => {
    const ids = await ruleIdsOf(
      { "service.ts": 'import { getConfig } from "../../config";\nexport const c = getConfig;\n' },
      domainDir,
      ["service.ts"],
    );
    expect(ids).toContain("import-x/no-restricted-paths");
  }, 120_000);

  it("fails a layer of lib/analyzer importing one above it (ANALYZER_LAYERS), and passes one below", async () => {
    const upward = 'import type { ScriptFact } from "../../facts/document-facts";\nexport type S = ScriptFact;\n';
    const downward = 'import { clip } from "../../text/excerpt";\nexport const c = clip;\n';
    const ids = await ruleIdsOf({ "upward.ts": upward, "downward.ts": downward }, contentDir, [
      "upward.ts",
      "downward.ts",
    ]);
    expect(ids).toEqual(["import-x/no-restricted-paths"]);
  }, 120_000);

  it("fails an import cycle between two server modules", async () => {
    const ids = await ruleIdsOf(
      {
        "a.ts": 'import { b } from "./b";\nexport const a = (): unknown => b;\n',
        "b.ts": 'import { a } from "./a";\nexport const b = (): unknown => a;\n',
      },
      serverDir,
      ["a.ts", "b.ts"],
    );
    expect(ids.filter((id) => id === "import-x/no-cycle")).toHaveLength(2);
  }, 120_000);

  it("fails file-system access and environment reads in the analyzer core, and passes its pure helpers", async () => {
    const ids = await ruleIdsOf(
      {
        "io.ts":
          'import { readFileSync } from "node:fs";\nexport const read = (p: string) => readFileSync(p);\nexport const mode = process.env.MODE;\n',
        "pure.ts": 'import { isIP } from "node:net";\nexport const ip = (s: string) => isIP(s) !== 0;\n',
      },
      analyzerDir,
      ["io.ts", "pure.ts"],
    );
    expect(ids.sort()).toEqual(["no-restricted-imports", "no-restricted-properties"]);
  }, 120_000);
});
