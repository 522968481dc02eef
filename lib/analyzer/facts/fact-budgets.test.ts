// The caps of the fact collectors are budgets of lib/limits.ts: a document that runs past a lowered one
// gets the cap's name in budget_hits (and a truncated result); under the defaults the same small
// document hits none of them.
import { describe, expect, it } from "vitest";
import { resolveLimits, type BudgetName, type Limits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { analyzeFast } from "../analyze";
import { collectFacts } from "./document-facts";

const script = (body: string) => `<script contentType="application/x-javascript">${body}</script>`;

/** The budget, a lowered value of it, and a document that runs past that value. */
const CASES: [BudgetName, Partial<Limits>, () => Uint8Array][] = [
  [
    "MAX_SCRIPT_CHARS",
    { MAX_SCRIPT_CHARS: 8 },
    () => {
      const b = new PdfBuilder();
      b.addCatalog("/OpenAction << /S /JavaScript /JS (var total = 1; app.alert\\(total\\);) >>");
      return b.build();
    },
  ],
  [
    "MAX_ORPHAN_SCRIPTS",
    { MAX_ORPHAN_SCRIPTS: 2 },
    () => {
      const b = new PdfBuilder();
      for (let i = 0; i < 3; i++) b.addStream("", `var stage${i} = ${i}; app.alert(stage${i});`);
      b.addCatalog();
      return b.build();
    },
  ],
  [
    "MAX_REMOTE_LOCATIONS",
    { MAX_REMOTE_LOCATIONS: 2 },
    () => {
      const b = new PdfBuilder();
      const next = ["b", "c"].map((h) => `<< /S /URI /URI (https://${h}.example/x) >>`).join(" ");
      b.addCatalog(`/OpenAction << /S /URI /URI (https://a.example/x) /Next [${next}] >>`);
      return b.build();
    },
  ],
  [
    "MAX_XFA_SCRIPTS",
    { MAX_XFA_SCRIPTS: 2 },
    () => {
      const b = new PdfBuilder();
      const xfa = b.addStream(
        "",
        `<xdp:xdp><template>${script("var a = 1;")}${script("var b = 2;")}${script("var c = 3;")}</template></xdp:xdp>`,
      );
      b.addCatalog(`/AcroForm << /Fields [] /XFA ${xfa} 0 R >>`);
      return b.build();
    },
  ],
  [
    "MAX_FORM_FIELDS",
    { MAX_FORM_FIELDS: 2 },
    () => {
      const b = new PdfBuilder();
      const fields = ["user", "email", "password"].map((t) => b.add(`<< /FT /Tx /T (${t}) >>`));
      b.addCatalog(`/AcroForm << /Fields [${fields.map((f) => `${f} 0 R`).join(" ")}] >>`);
      return b.build();
    },
  ],
  [
    "HIDDEN_PAYLOAD_SCAN_BYTES",
    { HIDDEN_PAYLOAD_SCAN_BYTES: 256 },
    () => {
      const b = new PdfBuilder();
      b.addCatalog();
      return b.build({ suffix: `\n${"\0".repeat(512)}PK\x03\x04` });
    },
  ],
  [
    "HIDDEN_PAYLOADS_MAX",
    { HIDDEN_PAYLOADS_MAX: 1 },
    () => {
      const b = new PdfBuilder();
      b.addCatalog();
      return b.build({ suffix: `\nRar!\x1a\x07\x01\x00${"\0".repeat(64)}7z\xbc\xaf\x27\x1c${"\0".repeat(64)}` });
    },
  ],
  [
    "MAX_LOOKUP_CANDIDATES",
    { MAX_LOOKUP_CANDIDATES: 1 },
    () => {
      const b = new PdfBuilder();
      b.info = b.add("<< /Title (${year} report, ${quarter}) >>");
      b.addCatalog();
      return b.build();
    },
  ],
  [
    "MAX_TEST_SIGNATURE_PLACES",
    { MAX_TEST_SIGNATURE_PLACES: 1 },
    () => {
      const b = new PdfBuilder();
      b.add("<< /Title (quarterly report) >>");
      b.addCatalog();
      return b.build();
    },
  ],
];

describe("fact collectors' budgets", () => {
  it.each(CASES)("reports %s when a document runs past it", (name, limits, build) => {
    const pdf = build();
    const hit = analyzeFast(pdf, { fileName: "cap.pdf", limits });
    expect(hit.budget_hits).toContain(name);
    expect(hit.truncated).toBe(true);
    expect(analyzeFast(pdf, { fileName: "cap.pdf" }).budget_hits).not.toContain(name);
  });

  it("keeps what it read before the budget stopped it", () => {
    const [, overrides, build] = CASES.find(([name]) => name === "MAX_ORPHAN_SCRIPTS")!;
    const limits = resolveLimits(overrides);
    const doc = readPdf(build(), limits);
    expect(collectFacts(doc, limits).scripts.map((s) => s.source)).toEqual([
      "var stage0 = 0; app.alert(stage0);",
      "var stage1 = 1; app.alert(stage1);",
    ]);
    expect([...doc.budgetHits]).toEqual(["MAX_ORPHAN_SCRIPTS"]);
  });
});
