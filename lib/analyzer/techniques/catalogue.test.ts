// The technique catalogue's consistency test, in the manner of ESLint's checkRuleFiles: every technique
// is reported by rules that exist, has a fixture for each carrier it declares, and a floor or the reason
// it has none; every detection rule reports some technique; every class of attack issue 18 lists is
// covered. Behaviour (each fixture fires its technique and its floor holds) is in test/techniques.test.ts.
import { describe, expect, it } from "vitest";
import { RULES, RULES_BY_ID } from "../rules/registry";
import { TECHNIQUES, TECHNIQUES_BY_ID, TECHNIQUES_OF_RULE } from "./catalogue";
import { TECHNIQUE_CATEGORIES } from "./technique";
import { TECHNIQUE_FIXTURES } from "./testing/all-fixtures";
import { readFileSync } from "node:fs";
import { renderTechniqueDocs } from "./technique-docs";

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ATTACK_ID = /^T\d{4}(\.\d{3})?$/;

/**
 * The classes of attack issue 18 ("Why") found the analysis blind or the verdict wrong on: each must be
 * a technique of the catalogue.
 */
const REQUIRED_TECHNIQUES = [
  "launch-file",
  "launch-command",
  "callback-without-consent",
  "script-on-open",
  "attachment-launch",
  "script-network-callback",
  "ntlm-credential-leak",
  "decompression-bomb",
  "resource-exhaustion-script",
  "qr-code-lure",
  "fake-protected-document",
  "credential-phishing-link",
  "malware-download-link",
  "structure-loop",
  "shadow-attack",
  "field-rewrite-on-open",
  "xfa-callback",
  "callback-phone-lure",
  "hosted-link-lure",
  "antivirus-test-signature",
];

describe("technique catalogue", () => {
  it("has unique kebab-case ids, each with a title, a description and ATT&CK ids", () => {
    expect(new Set(TECHNIQUES.map((t) => t.id)).size).toBe(TECHNIQUES.length);
    for (const t of TECHNIQUES) {
      expect(t.id).toMatch(KEBAB);
      expect(t.title.length, t.id).toBeGreaterThan(5);
      expect(t.description.length, t.id).toBeGreaterThan(40);
      expect(t.attack.length, t.id).toBeGreaterThan(0);
      for (const a of t.attack) expect(a).toMatch(ATTACK_ID);
      expect(TECHNIQUE_CATEGORIES).toContain(t.category);
    }
  });

  it("has techniques in every category", () => {
    for (const c of TECHNIQUE_CATEGORIES)
      expect(
        TECHNIQUES.some((t) => t.category === c),
        c,
      ).toBe(true);
  });

  it("names detection rules that exist, floors over its own rules, and explanation rules as explanations", () => {
    for (const t of TECHNIQUES) {
      expect(t.rules.length, t.id).toBeGreaterThan(0);
      for (const id of t.rules) expect(RULES_BY_ID.get(id)?.role, `${t.id}: ${id}`).toBe("detection");
      for (const f of t.floors) for (const id of f.rules) expect(t.rules, `${t.id}: floor rule ${id}`).toContain(id);
      for (const id of t.explainedBy ?? []) expect(RULES_BY_ID.get(id)?.role, `${t.id}: ${id}`).toBe("explanation");
      if (t.floors.length === 0) expect(t.noFloor?.length ?? 0, `${t.id} has no floor: say why`).toBeGreaterThan(20);
    }
  });

  it("puts every detection rule in a technique, and every explanation rule behind one", () => {
    for (const r of RULES) expect(TECHNIQUES_OF_RULE.get(r.id), r.id).toBeDefined();
    for (const r of RULES.filter((x) => x.role === "explanation"))
      expect(
        TECHNIQUES.some((t) => t.explainedBy?.includes(r.id)),
        r.id,
      ).toBe(true);
  });

  it("has a fixture for every carrier of every technique, and none for an undeclared one", () => {
    for (const t of TECHNIQUES) {
      expect(t.carriers.length, t.id).toBeGreaterThan(0);
      expect(Object.keys(TECHNIQUE_FIXTURES[t.id] ?? {}).sort(), t.id).toEqual([...t.carriers].sort());
    }
    for (const id of Object.keys(TECHNIQUE_FIXTURES)) expect(TECHNIQUES_BY_ID.has(id), id).toBe(true);
  });

  it("covers every class of attack that issue 18 lists", () => {
    for (const id of REQUIRED_TECHNIQUES) expect(TECHNIQUES_BY_ID.has(id), id).toBe(true);
  });
});

describe("docs/techniques.md", () => {
  it("is the catalogue's current rendering (run npm run docs:rules after changing a technique)", () => {
    expect(readFileSync(new URL("../../../docs/techniques.md", import.meta.url), "utf8")).toBe(renderTechniqueDocs());
  });
});
