// The denial-of-service and tampering techniques on their fixtures (techniques/testing/dos-tamper-fixtures.ts):
// every carrier fires its technique's rules in the fast stage, with evidence that names the structure or
// the change; the benign look-alikes fire none of the rules they resemble.
import { describe, expect, it } from "vitest";
import { createSandboxEmulator } from "../../engines/sandbox/sandbox-emulator";
import { createWorkerParser } from "../../engines/sandbox/worker-parser";
import { analyzePdfScripts } from "../javascript/testing/script-fixtures";
import { javascriptEmulationLimit } from "../rules/javascript-emulation-limit";
import { analyzeFast } from "../analyze";
import { readPdf } from "../../pdf/document";
import { DEFAULT_LIMITS, defaultBudget } from "../../limits";
import { collectFacts } from "../facts/document-facts";
import { DOS_TAMPER_FIXTURES, NEGATIVE_FIXTURES } from "./testing/dos-tamper-fixtures";
import { PdfBuilder, bytes, hexString, text } from "../../pdf/testing/pdf-builder";

/** the fast rules that report each technique (the catalogue entry proposed for it) */
const TECHNIQUE_RULES: Record<string, string[]> = {
  "structure-loop": ["denial-of-service-loop"],
  "calculator-stack-exhaustion": ["calculator-stack-exhaustion"],
  "resource-exhaustion-script": ["javascript-resource-exhaustion"],
  "shadow-attack": ["modified-after-signature"],
  "universal-signature-forgery": ["unverifiable-signature"],
  "signature-wrapping": ["signature-does-not-cover-file"],
  "field-rewrite-on-open": ["signed-document-rewritten-on-open"],
};

const carriers = Object.entries(DOS_TAMPER_FIXTURES).flatMap(([technique, byCarrier]) =>
  Object.entries(byCarrier).map(([carrier, build]) => [technique, carrier, build] as const),
);

describe("denial-of-service and tampering fixtures", () => {
  it("cover the seven techniques", () => {
    expect(Object.keys(DOS_TAMPER_FIXTURES).sort()).toEqual(Object.keys(TECHNIQUE_RULES).sort());
  });

  it.each(carriers)("%s through %s fires its rule", (technique, carrier, build) => {
    const r = analyzeFast(build(), { fileName: `${carrier}.pdf` });
    const fired = r.findings.filter((f) => TECHNIQUE_RULES[technique].includes(f.ruleId));
    expect(
      fired.map((f) => f.ruleId),
      `findings: ${r.findings.map((f) => f.ruleId).join(", ")}`,
    ).not.toEqual([]);
    for (const f of fired) expect(f.evidence.length).toBeGreaterThan(0);
  });

  it.each(Object.entries(NEGATIVE_FIXTURES))("%s fires none of %j", (name, { rules, build }) => {
    const r = analyzeFast(build(), { fileName: "negative.pdf" });
    expect(r.findings.map((f) => f.ruleId).filter((id) => rules.includes(id))).toEqual([]);
  });
});

const factsOf = (pdf: Uint8Array) => collectFacts(readPdf(pdf, DEFAULT_LIMITS), DEFAULT_LIMITS);

describe("loop facts name the structure and the objects around the cycle", () => {
  it.each([
    ["page-tree-cycle", "page-tree", ["2 0 R", "4 0 R"]],
    ["outline-cycle", "outline", ["5 0 R", "6 0 R"]],
    ["action-next-cycle", "action-next", ["5 0 R", "6 0 R"]],
    ["name-tree-cycle", "name-tree", ["5 0 R", "6 0 R"]],
    ["number-tree-cycle", "number-tree", ["5 0 R", "6 0 R"]],
    ["field-tree-cycle", "field-tree", ["5 0 R", "6 0 R"]],
    ["struct-tree-cycle", "struct-tree", ["6 0 R", "7 0 R"]],
    ["reference-cycle", "reference-chain", ["5 0 R", "6 0 R"]],
    ["xobject-recursion", "xobject", ["5 0 R", "6 0 R"]],
  ])("%s", (carrier, structure, objects) => {
    const loops = factsOf(DOS_TAMPER_FIXTURES["structure-loop"][carrier]()).loops;
    expect(loops).toHaveLength(1);
    expect(loops[0].structure).toBe(structure);
    expect([...loops[0].objects].sort()).toEqual(objects);
  });
});

describe("loop facts on hostile sizes", () => {
  it("walk a page tree 20,000 nodes deep without recursion and name the cycle by its first objects", () => {
    const objects: Record<number, string> = {};
    const depth = 20_000;
    // 2 -> 100 -> 101 -> ... -> 100 + depth - 1 -> 2
    objects[2] = "<< /Type /Pages /Kids [3 0 R 100 0 R] /Count 2 >>";
    for (let i = 0; i < depth; i++)
      objects[100 + i] = `<< /Type /Pages /Kids [${i + 1 < depth ? 101 + i : 2} 0 R] /Count 1 >>`;
    const b = new PdfBuilder();
    b.add("<< /Type /Catalog /Pages 2 0 R >>", { num: 1 });
    b.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>", { num: 3 });
    for (const [num, body] of Object.entries(objects)) b.add(body, { num: Number(num) });
    b.root = 1;
    const [loop] = factsOf(b.build()).loops;
    expect(loop).toMatchObject({ structure: "page-tree", length: depth + 1 });
    expect(loop.objects).toHaveLength(64);
  });
});

describe("arrays longer than a call takes arguments", () => {
  it("a 200,000-item /Kids, /Fields and array literal are walked item by item: no rule fails", () => {
    const n = 200_000;
    const refs = Array.from({ length: n }, () => "3 0 R").join(" ");
    const script = `while (true) { var a = [${Array.from({ length: n }, () => "1").join(",")}]; }`;
    const b = new PdfBuilder();
    b.add(
      `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [${refs}] >> /OpenAction << /S /JavaScript /JS ${hexString(script)} >> >>`,
      { num: 1 },
    );
    b.add(`<< /Type /Pages /Kids [${refs}] /Count ${n} >>`, { num: 2 });
    b.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>", { num: 3 });
    b.root = 1;
    const r = analyzeFast(b.build(), { fileName: "wide.pdf", limits: { JS_LOOP_CHECK_BYTES: 4 * 1024 * 1024 } });
    expect(r.engine_notes).toEqual([]);
    expect(r.findings.map((f) => f.ruleId)).toContain("javascript-resource-exhaustion");
  });
});

describe("script facts: endless loops", () => {
  it("marks the dialog loop and the doubling loop", () => {
    const alert = factsOf(DOS_TAMPER_FIXTURES["resource-exhaustion-script"]["alert-loop"]()).endlessLoops[0];
    expect(alert).toMatchObject({
      trigger: "document open",
      automatic: true,
      loops: [{ excerpt: "for (;;)", alerts: true, doubles: false }],
    });
    const doubling = factsOf(DOS_TAMPER_FIXTURES["resource-exhaustion-script"]["string-doubling"]()).endlessLoops[0];
    expect(doubling.loops[0]).toMatchObject({ excerpt: "do … while (1)", doubles: true });
  });

  it("leaves a script larger than JS_LOOP_CHECK_BYTES unparsed and says so", () => {
    const pdf = DOS_TAMPER_FIXTURES["resource-exhaustion-script"]["endless-loop"]();
    const r = analyzeFast(pdf, { fileName: "big.pdf", limits: { JS_LOOP_CHECK_BYTES: 8 } });
    expect(r.findings.map((f) => f.ruleId)).not.toContain("javascript-resource-exhaustion");
    expect(r.budget_hits).toContain("JS_LOOP_CHECK_BYTES");
  });
});

describe("a signed document's open script read within FORM_SCRIPT_SCAN_CHARS", () => {
  it("finds the rewrite inside the window; past it, reports the window instead", () => {
    const pdf = DOS_TAMPER_FIXTURES["field-rewrite-on-open"]["script-sets-field"]();
    const rules = (r: ReturnType<typeof analyzeFast>) => r.findings.map((f) => f.ruleId);
    const whole = analyzeFast(pdf, { fileName: "signed.pdf" });
    expect(rules(whole)).toContain("signed-document-rewritten-on-open");
    expect(whole.budget_hits).not.toContain("FORM_SCRIPT_SCAN_CHARS");
    // `this.getField("amount").value =`: the assignment lies past the first 20 characters
    const cut = analyzeFast(pdf, { fileName: "signed.pdf", limits: { FORM_SCRIPT_SCAN_CHARS: 20 } });
    expect(rules(cut)).not.toContain("signed-document-rewritten-on-open");
    expect(cut.budget_hits).toContain("FORM_SCRIPT_SCAN_CHARS");
  });
});

describe("the advanced stage on the same scripts (real sandbox)", () => {
  const engines = { emulate: createSandboxEmulator({ concurrency: 1 }), parseDeep: createWorkerParser() };
  // a loop that never ends runs out of CPU and a doubled string out of memory whatever the machine's speed
  it.each(Object.entries(DOS_TAMPER_FIXTURES["resource-exhaustion-script"]))(
    "%s exhausts the sandbox: javascript-emulation-limit",
    async (_carrier, build) => {
      const { facts } = await analyzePdfScripts(build(), engines, { JS_CPU_MS: 400 });
      expect(facts.javascript?.[0].emulationStatus).toMatch(/^(timeout|memory-limit)$/);
      expect(javascriptEmulationLimit.check(facts, defaultBudget())).not.toBeNull();
    },
  );
});

describe("signature facts", () => {
  const sigFacts = (pdf: Uint8Array) => factsOf(pdf).signatures;

  it("a signature over the whole file covers the last revision, exactly", () => {
    const s = sigFacts(NEGATIVE_FIXTURES["a signed invoice, unchanged"].build());
    expect(s.revisions).toBe(1);
    expect(s.signatures).toEqual([
      expect.objectContaining({
        kind: "approval",
        field: "Signature1",
        objectRef: "1 0 R",
        subFilter: "adbe.pkcs7.detached",
        revision: 0,
        coverageProblems: [],
        changes: [],
      }),
    ]);
  });

  it.each([
    ["hide", "hide", "optional content (layer visibility)"],
    ["hide-overlay", "hide", "page 1"],
    ["replace", "replace", "object drawn on page 1"],
    ["replace-font", "replace", "object drawn on page 1"],
    ["fill-locked-field", "replace", "Widget annotation on page 1"],
    ["hide-and-replace", "hide-and-replace", "object drawn on a page"],
    ["hide-and-replace-pages", "hide-and-replace", "catalog"],
    ["sneaky-signature", "hide", "Widget annotation on page 1"],
  ])("%s: the change after the signature is classified %s (%s)", (carrier, effect, role) => {
    const [sig] = sigFacts(DOS_TAMPER_FIXTURES["shadow-attack"][carrier]()).signatures;
    expect(sig.revision).toBe(0);
    expect(sig.changes).toContainEqual(expect.objectContaining({ effect, role }));
  });

  it.each([
    ["byte-range-removed", "no /ByteRange"],
    ["byte-range-null", "/ByteRange null"],
    ["contents-null", "/Contents null, not a signature value"],
  ])("universal signature forgery through %s: the signature says why it cannot be checked (%s)", (carrier, why) => {
    const [sig] = sigFacts(DOS_TAMPER_FIXTURES["universal-signature-forgery"][carrier]()).signatures;
    expect(sig).toMatchObject({ field: "Signature1", kind: "approval", unverifiable: why });
  });

  it("a signature value of zeros (a document prepared for signing) is no forgery", () => {
    const pdf = NEGATIVE_FIXTURES["a document prepared for signing: its signature value still a placeholder of zeros"];
    const [sig] = sigFacts(pdf.build()).signatures;
    expect(sig.unverifiable).toBeUndefined();
    expect(sig.coverageProblems).toEqual([]);
  });

  it("a signature gap other than /Contents is a coverage problem", () => {
    const [sig] = sigFacts(DOS_TAMPER_FIXTURES["signature-wrapping"]["signature-gap"]()).signatures;
    expect(sig.byteRange).toHaveLength(6);
    expect(sig.coverageProblems).toEqual([
      expect.stringMatching(/^bytes \d+-\d+ are left out and are not the signature's \/Contents$/),
    ]);
  });

  it("what a signer may add stays allowed: /DSS, a countersignature, filling an unlocked field", () => {
    for (const name of [
      "a signed invoice with long-term validation data (/DSS) added",
      "a signed invoice countersigned in a second, visible signature field",
      "a signed form whose unlocked field is filled in afterwards",
      "a signed invoice with an empty signature field added for the next signer, drawn as a border",
      "a signed invoice with a signature field added for the next signer, its appearance left empty",
    ]) {
      const { signatures } = sigFacts(NEGATIVE_FIXTURES[name].build());
      const first = signatures.find((s) => s.field === "Signature1")!;
      expect(first.changes.length, name).toBeGreaterThan(0);
      expect(
        first.changes.filter((c) => c.effect !== "allowed" && c.effect !== "other"),
        name,
      ).toEqual([]);
    }
  });

  it("the countersignature covers the whole file at the second revision", () => {
    const { signatures } = sigFacts(
      NEGATIVE_FIXTURES["a signed invoice countersigned in a second, visible signature field"].build(),
    );
    expect(signatures.find((s) => s.field === "Signature2")).toMatchObject({ revision: 1, coverageProblems: [] });
  });

  it("examines at most MAX_SIGNATURES signatures and says so", () => {
    const pdf = NEGATIVE_FIXTURES["a signed invoice countersigned in a second, visible signature field"].build();
    const r = analyzeFast(pdf, { fileName: "two-signatures.pdf", limits: { MAX_SIGNATURES: 1 } });
    expect(r.budget_hits).toContain("MAX_SIGNATURES");
    expect(
      collectFacts(readPdf(pdf, { ...DEFAULT_LIMITS, MAX_SIGNATURES: 1 }), { ...DEFAULT_LIMITS, MAX_SIGNATURES: 1 })
        .signatures.signatures,
    ).toHaveLength(1);
  });

  it("a ByteRange that ends past the file's end is a coverage problem", () => {
    const [sig] = sigFacts(DOS_TAMPER_FIXTURES["signature-wrapping"]["range-past-end"]()).signatures;
    expect(sig.revision).toBeNull();
    expect(sig.coverageProblems).toEqual([expect.stringMatching(/past the end of the file/)]);
  });

  it("a ByteRange that ends inside a revision covers the revisions before it, and says where it stops", () => {
    const file = NEGATIVE_FIXTURES["a signed invoice with a sticky note added"].build();
    // the signature of revision 1, stretched 10 bytes into revision 2
    const t = text(file);
    const at = t.indexOf("/ByteRange [");
    const [whole, lt, gt, rest] = /\/ByteRange \[0 (\d+) (\d+) (\d+)\]/.exec(t.slice(at))!;
    const stretched = `/ByteRange [0 ${lt} ${gt} ${Number(rest) + 10}]`.padEnd(whole.length, " ");
    const [sig] = sigFacts(bytes(t.slice(0, at) + stretched + t.slice(at + whole.length))).signatures;
    expect(sig.revision).toBe(0);
    expect(sig.coverageProblems).toEqual([expect.stringMatching(/inside revision 2/)]);
  });
});
