import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RULES } from "./registry";
import { renderRuleDocs } from "./rule-docs";

describe("docs/rules.md", () => {
  it("is the registry's current rendering (run npm run docs:rules after changing a rule)", () => {
    expect(readFileSync(new URL("../../../docs/rules.md", import.meta.url), "utf8")).toBe(renderRuleDocs());
  });

  it("documents every rule", () => {
    const doc = renderRuleDocs();
    for (const r of RULES) expect(doc).toContain(`## ${r.id}`);
  });
});
