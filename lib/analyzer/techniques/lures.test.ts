// The lure cluster's techniques on their fixtures (techniques/testing/lure-fixtures.ts): every carrier
// makes one of the technique's rules fire (the fast stage where it can, else the deep stage: our reader
// plus pdf.js rendering), and the benign look-alikes leave every one of them quiet in both stages.
import { describe, expect, it } from "vitest";
import { deepFacts } from "../../engines/render/testing/deep-facts";
import { analyzeFast } from "../analyze";
import type { DocumentFacts } from "../facts/document-facts";
import { RULES } from "../rules/registry";
import { LURE_FIXTURES, LURE_NEGATIVE_FIXTURES } from "./testing/lure-fixtures";
import { defaultBudget } from "../../limits";

/** The rules that report each technique of this cluster (proposed for the catalogue). */
const TECHNIQUE_RULES: Record<string, readonly string[]> = {
  "callback-phone-lure": ["lure-callback-phone"],
  "paste-and-run-lure": ["lure-paste-and-run"],
  "fake-protected-document": ["lure-fake-protected-document", "phishing-image-login-link", "lure-link-dominant-page"],
  "hosted-link-lure": [
    "phishing-image-hosted-link",
    "phishing-image-login-link",
    "phishing-image-download-link",
    "lure-hosted-link",
    "lure-image-download-link",
  ],
  "antivirus-test-signature": ["antivirus-test-signature"],
};
const ALL_RULES = [...new Set(Object.values(TECHNIQUE_RULES).flat())];

const firingIn = (facts: DocumentFacts, ids: readonly string[]) =>
  RULES.filter((r) => ids.includes(r.id) && r.check(facts, defaultBudget())).map((r) => r.id);

const cases = Object.entries(LURE_FIXTURES).flatMap(([technique, carriers]) =>
  Object.entries(carriers).map(([carrier, build]) => [technique, carrier, build] as const),
);

describe("lure techniques fire on every carrier", () => {
  it("covers exactly the techniques it names rules for", () => {
    expect(Object.keys(LURE_FIXTURES).sort()).toEqual(Object.keys(TECHNIQUE_RULES).sort());
  });

  it.each(cases)("%s via %s", async (technique, _carrier, build) => {
    const pdf = build();
    const fast = analyzeFast(pdf, { fileName: "fixture.pdf" })
      .findings.map((f) => f.ruleId)
      .filter((id) => TECHNIQUE_RULES[technique].includes(id));
    const fired = fast.length ? fast : firingIn(await deepFacts(pdf), TECHNIQUE_RULES[technique]);
    expect(fired.length, `${technique}: none of ${TECHNIQUE_RULES[technique].join(", ")}`).toBeGreaterThan(0);
  });

  it.each(Object.entries(LURE_FIXTURES["callback-phone-lure"]))(
    "callback-phone-lure via %s also from the rendered text, and says which stage found it",
    async (_carrier, build) => {
      const facts = await deepFacts(build());
      const rule = RULES.find((r) => r.id === "lure-callback-phone")!;
      // the content streams show it too: the fast stage's finding
      expect(rule.check(facts, defaultBudget())?.stage).toBeUndefined();
      facts.pageTexts = [];
      expect(firingIn(facts, ["lure-callback-phone"])).toEqual(["lure-callback-phone"]);
      // only the rendering shows it: the advanced stage's
      expect(rule.check(facts, defaultBudget())?.stage).toBe("advanced");
    },
  );
});

describe("benign look-alikes stay quiet", () => {
  it.each(Object.entries(LURE_NEGATIVE_FIXTURES))("%s", async (_name, build) => {
    const pdf = build();
    const fast = analyzeFast(pdf, { fileName: "look-alike.pdf" });
    expect(
      fast.findings.map((f) => f.ruleId).filter((id) => ALL_RULES.includes(id) || id === "decompression-bomb"),
    ).toEqual([]);
    expect(firingIn(await deepFacts(pdf), [...ALL_RULES, "decompression-bomb"])).toEqual([]);
  });
});
