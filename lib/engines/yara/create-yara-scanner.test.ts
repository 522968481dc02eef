// The YARA engine with the real YARA-X binding: the bundled rules compile, match crafted buffers and
// leave benign ones alone; broken operator rule files are reported, not fatal; budgets hold.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { resolveLimits, defaultBudget } from "../../limits";
import { readPdf } from "../../pdf/document";
import { bytes, concat, PdfBuilder } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "../../analyzer/facts/document-facts";
import { PE_FILE } from "../../analyzer/embedded/testing/embedded-fixtures";
import { antivirusTestSignature } from "../../analyzer/rules/antivirus-test-signature";
import { yaraMatch } from "../../analyzer/rules/yara-match";
import { testSignature } from "../../analyzer/techniques/testing/lure-fixtures";
import { collectYaraTargets } from "./collect-yara-targets";
import { loadYaraScanner } from "./create-yara-scanner";

const dirs: string[] = [];
function ruleDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "pdfscan-yara-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const bundled = loadYaraScanner({ ruleDirs: [] });
const ready = () => {
  if (bundled.status !== "ready") throw new Error(bundled.reason);
  return bundled;
};

const SHELLCODE = concat([
  new Uint8Array(40).fill(0x90),
  Uint8Array.of(0xe8, 0, 0, 0, 0, 0x5d, 0x81, 0xed),
  new Uint8Array(16),
]);
const PEB_HASHING = Uint8Array.of(
  0x31,
  0xc0,
  0x64,
  0x8b,
  0x40,
  0x30,
  0x8b,
  0x40,
  0x0c,
  0xac,
  0xc1,
  0xcf,
  0x0d,
  0x01,
  0xc7,
  0x38,
  0xe0,
);
const xor = (data: Uint8Array, key: number) => data.map((b) => b ^ key);

describe("bundled rules", () => {
  it("compile with YARA-X, without errors or warnings", () => {
    const s = ready();
    expect(s.ruleFiles.map((f) => f.split("/").pop()).sort()).toEqual([
      "embedded-pe.yar",
      "exploit-kit-javascript.yar",
      "javascript-obfuscation.yar",
      "shellcode.yar",
      "test-signatures.yar",
    ]);
    expect(s.errors).toEqual([]);
    expect(s.warnings).toEqual([]);
  });

  it.each([
    ["a NOP sled followed by call/pop", SHELLCODE, "pdf_shellcode_nop_sled_getpc"],
    ["PEB access with ROR-13 hashing", PEB_HASHING, "pdf_shellcode_peb_api_hashing"],
    ["a PE file", PE_FILE, "pdf_embedded_pe"],
    ["a PE file XOR-ed with 0x5c", xor(PE_FILE, 0x5c), "pdf_embedded_pe_xor"],
    ["eval(unescape(...))", bytes('var a = "%61"; eval(unescape(a));'), "pdf_js_eval_of_decoded_string"],
    [
      "a fromCharCode decryption loop",
      bytes("for (i = 0; i < k.length; i++) o += String.fromCharCode(k[i] ^ 23);"),
      "pdf_js_charcode_decoder_loop",
    ],
    ["a %u-escaped blob", bytes(`var s = unescape("${"%u4141".repeat(70)}");`), "pdf_js_escaped_binary_blob"],
    [
      "version-gated Collab.collectEmailInfo",
      bytes("if (app.viewerVersion < 8) Collab.collectEmailInfo({msg: s});"),
      "pdf_js_version_gated_exploit_api",
    ],
    [
      "code rebuilt from page words",
      bytes("var c = ''; for (var i = 0; i < this.getPageNumWords(0); i++) c += this.getPageNthWord(0, i); eval(c);"),
      "pdf_js_payload_from_document_text",
    ],
  ] as const)("match %s", async (_what, data, rule) => {
    const matches = await ready().scan([{ name: "crafted", data }]);
    expect(matches.map((m) => m.rule)).toContain(rule);
    expect(matches.find((m) => m.rule === rule)).toMatchObject({
      target: "crafted",
      meta: { description: expect.any(String) },
    });
  });

  it.each([
    ["text", bytes("Quarterly report: revenue grew 4% on the previous quarter.")],
    [
      "a benign version-aware script",
      bytes(
        'var v = app.viewerVersion; if (v < 7) { var annots = this.getAnnots(0); app.alert("Use the File Attachments panel."); }',
      ),
    ],
    ["zeros", new Uint8Array(4096)],
    ["an x86 nop run with no GetPC", new Uint8Array(4096).fill(0x90)],
  ])("no match on %s", async (_what, data) => {
    expect(await ready().scan([{ name: "benign", data }])).toEqual([]);
  });
});

describe("bundled test signatures (EICAR, GTUBE, AMSI)", () => {
  const eicar = testSignature("eicar");
  it.each([
    ["EICAR as written", Buffer.from(`junk ${eicar} junk`, "latin1"), "test_signature_eicar"],
    ["EICAR in UTF-16", Buffer.from(eicar, "utf16le"), "test_signature_eicar"],
    [
      "EICAR base64-encoded",
      Buffer.from(`<data>${Buffer.from(`prefix ${eicar}`).toString("base64")}</data>`),
      "test_signature_eicar",
    ],
    [
      "EICAR inside a PDF string",
      Buffer.from(`(${eicar.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`, "latin1"),
      "test_signature_eicar",
    ],
    ["GTUBE", Buffer.from(testSignature("gtube")), "test_signature_gtube"],
    ["the AMSI test sample", Buffer.from(testSignature("amsi"), "utf16le"), "test_signature_amsi"],
  ])("match %s, tagged test_signature", async (_what, data, rule) => {
    const matches = await ready().scan([{ name: "crafted", data }]);
    expect(matches.map((m) => [m.rule, m.tags])).toEqual([[rule, ["test_signature"]]]);
  });

  it("are reported by antivirus-test-signature, not yara-match, and only where the byte search did not find them", async () => {
    const b = new PdfBuilder();
    b.addFlateStream("", `<xfa:data><file>${Buffer.from(eicar).toString("base64")}</file></xfa:data>`);
    b.addCatalog();
    const pdf = b.build();
    const limits = resolveLimits();
    const fast = collectFacts(readPdf(pdf, limits), limits);
    expect(fast.testSignatures).toEqual([]);
    const facts = { ...fast, yara: (await ready().scanDocument(pdf, fast)).matches };
    expect(yaraMatch.check(facts, defaultBudget())).toBeNull();
    expect(antivirusTestSignature.check(facts, defaultBudget())?.evidence.map((e) => e.excerpt)).toEqual([
      expect.stringMatching(/^EICAR anti-virus test file in stream \d+ 0 R \(YARA test_signature_eicar/),
    ]);
  });
});

describe("operator rule files", () => {
  it("adds a user rule and keeps the bundled ones", async () => {
    const s = loadYaraScanner({
      ruleDirs: [
        ruleDir({
          "local.yar":
            'rule local_marker { meta: cve = "CVE-2099-0001" strings: $a = "PDFSCAN-TEST-MARKER" condition: $a }',
        }),
      ],
    });
    expect(s.status).toBe("ready");
    const matches = await s.scan!([{ name: "file", data: bytes("xx PDFSCAN-TEST-MARKER xx") }]);
    expect(matches).toEqual([
      { rule: "local_marker", namespace: "default", tags: [], meta: { cve: "CVE-2099-0001" }, target: "file" },
    ]);
  });

  it("reports a broken rule file with the compiler's message and goes on with the others", async () => {
    const dir = ruleDir({
      "broken.yar": "rule broken { condition: no_such_identifier }",
      "ok.yara": 'rule fine { strings: $a = "FINE-MARKER" condition: $a }',
      "notes.txt": "not a rule file",
    });
    const s = loadYaraScanner({ ruleDirs: [dir] });
    expect(s.status).toBe("ready");
    expect(s.errors).toEqual([
      {
        file: join(dir, "broken.yar"),
        message: expect.stringMatching(/^error\[E009\]: unknown identifier `no_such_identifier` \(at line:1:26\)$/),
      },
    ]);
    expect(s.ruleFiles).toContain(join(dir, "ok.yara"));
    expect((await s.scan!([{ name: "t", data: bytes("FINE-MARKER") }])).map((m) => m.rule)).toEqual(["fine"]);
  });

  it("refuses include statements, the console module and duplicate rule names", () => {
    const dir = ruleDir({
      "a-include.yar": 'include "/etc/passwd"\nrule inc { condition: false }',
      "b-console.yar": 'import "console"\nrule c { condition: console.log("x") }',
      "c-dup.yar": "rule pdf_embedded_pe { condition: false }",
    });
    const s = loadYaraScanner({ ruleDirs: [dir] });
    expect(s.errors.map((e) => [e.file.split("/").pop(), e.message.split(":")[0]])).toEqual([
      ["a-include.yar", "error[E044]"],
      ["b-console.yar", expect.stringMatching(/^error\[E\d+\]$/)],
      ["c-dup.yar", "error[E012]"],
    ]);
  });

  it("reports a missing directory and is unavailable, with a reason, when nothing compiles", () => {
    const s = loadYaraScanner({ ruleDirs: ["/nonexistent/rules"], bundled: false });
    expect(s).toMatchObject({ status: "unavailable", scan: null, reason: "no YARA rule file compiled" });
    expect(s.errors).toEqual([
      { file: "/nonexistent/rules", message: "rule directory does not exist or is not a directory" },
    ]);
  });
});

describe("budgets and targets", () => {
  it("stops at YARA_MAX_SCAN_BYTES and YARA_MAX_TARGETS", async () => {
    const small = loadYaraScanner({ ruleDirs: [], limits: { YARA_MAX_SCAN_BYTES: 100, YARA_MAX_TARGETS: 2 } });
    if (small.status !== "ready") throw new Error(small.reason);
    const r = await small.scanWithReport([
      { name: "a", data: new Uint8Array(60) },
      { name: "b", data: concat([new Uint8Array(50), SHELLCODE]) },
      { name: "c", data: SHELLCODE },
    ]);
    expect(r).toMatchObject({ scannedTargets: 2, scannedBytes: 100, matches: [] });
    expect(r.budgetHits.sort()).toEqual(["YARA_MAX_SCAN_BYTES", "YARA_MAX_TARGETS"]);
  });

  it("scans the raw file, decoded streams and string scripts of a document, and yara-match reports it", async () => {
    const b = new PdfBuilder();
    b.addFlateStream("", concat([bytes("junk"), SHELLCODE]));
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS (if \\(app.viewerVersion < 9\\) Collab.collectEmailInfo\\({msg: x}\\);) >>`,
    );
    const pdf = b.build();
    const limits = resolveLimits();
    const fast = collectFacts(readPdf(pdf, limits), limits);
    const targets = collectYaraTargets(pdf, fast);
    expect(targets.map((t) => t.name)).toEqual([
      "file",
      expect.stringMatching(/^stream \d+ 0 R$/),
      "script /Root/OpenAction",
    ]);
    const facts = { ...fast, yara: (await ready().scanDocument(pdf, fast)).matches };
    expect(facts.yara.map((m) => `${m.rule}@${m.target.split(" ")[0]}`).sort()).toEqual([
      "pdf_js_version_gated_exploit_api@file",
      "pdf_js_version_gated_exploit_api@script",
      "pdf_shellcode_nop_sled_getpc@stream",
    ]);
    const hit = yaraMatch.check(facts, defaultBudget());
    expect(hit?.detail).toBe("2 rule(s) matched.");
    expect(hit?.evidence.map((e) => e.excerpt)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^pdf_shellcode_nop_sled_getpc \(NOP sled/)]),
    );
  });

  it("yara-match takes CVEs from rule meta and stays silent without matches", () => {
    const limits = resolveLimits();
    const fast = collectFacts(readPdf(new PdfBuilder().build(), limits), limits);
    expect(yaraMatch.check(fast, defaultBudget())).toBeNull();
    const facts = {
      ...fast,
      yara: [{ rule: "x", tags: [], meta: { cve: "cve-2010-0188", description: "TIFF exploit" }, target: "file" }],
    };
    expect(yaraMatch.check(facts, defaultBudget())).toMatchObject({
      cve: ["CVE-2010-0188"],
      evidence: [{ path: "file", excerpt: "x (TIFF exploit) in file" }],
    });
  });
});
