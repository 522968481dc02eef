// Feature extraction on PDFs built in code: one case per feature family, the table's invariants
// (one feature per registry rule, unique names, descriptions), determinism and the absence of any
// file identity in the vector.
import { describe, expect, it } from "vitest";
import { PdfBuilder, appendUpdate, bytes, hexString } from "../../pdf/testing/pdf-builder";
import { analyzeFast } from "../analyze";
import { RULES } from "../rules/registry";
import type { ScoringInput } from "../score";
import { FEATURES, FEATURE_NAMES } from "./features";

function featuresOf(file: Uint8Array, fileName = "sample.pdf"): Map<string, number> {
  let input: ScoringInput | undefined;
  analyzeFast(file, { fileName, onScoringInput: (s) => (input = s) });
  if (!input) throw new Error("no scoring input");
  return new Map(FEATURE_NAMES.map((n, i) => [n, input!.features[i]]));
}

function plain(pages = 1): Uint8Array {
  const b = new PdfBuilder();
  const content = b.addFlateStream("", "BT /F1 24 Tf 72 700 Td (Quarterly report) Tj ET");
  b.addCatalog("", pages, `/Contents ${content} 0 R`);
  return b.build();
}

const log2p = (n: number) => Math.log2(1 + n);

/** One US-letter page with one link annotation covering `area` of it, over the given content. */
function linkedPage(target: string, area: number, content: string): Uint8Array {
  const b = new PdfBuilder();
  const link = b.add(
    `<< /Type /Annot /Subtype /Link /Rect [0 0 612 ${792 * area}] /A << /S /URI /URI (${target}) >> >>`,
  );
  const image = b.addStream(
    "/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8",
    "\x80",
  );
  const stream = b.addStream("", content);
  b.addCatalog(
    "",
    1,
    `/Contents ${stream} 0 R /Resources << /XObject << /Im1 ${image} 0 R >> >> /Annots [${link} 0 R]`,
  );
  return b.build();
}

describe("the feature table", () => {
  it("has one rule feature per registry rule, in registry order", () => {
    expect(FEATURE_NAMES.filter((n) => n.startsWith("rule:"))).toEqual(RULES.map((r) => `rule:${r.id}`));
  });

  it("names every feature once and describes it", () => {
    expect(new Set(FEATURE_NAMES).size).toBe(FEATURE_NAMES.length);
    for (const f of FEATURES) expect(f.description.length, f.name).toBeGreaterThan(10);
  });

  it("holds no file identity (hash, name, size, producer)", () => {
    for (const n of FEATURE_NAMES.filter((x) => !x.startsWith("rule:")))
      expect(n).not.toMatch(/\b(sha256|md5|hash|file-?name|producer|creator|size)\b/i);
  });
});

describe("extractFeatures", () => {
  it("is deterministic and ignores the file name", () => {
    const file = plain();
    expect([...featuresOf(file, "a.pdf")]).toEqual([...featuresOf(file, "invoice-final.pdf")]);
  });

  it("flags the rules that fired", () => {
    const b = new PdfBuilder();
    b.addCatalog(`/OpenAction << /S /JavaScript /JS (app.setTimeOut\\("go\\(\\)", 10\\);) >>`);
    const f = featuresOf(b.build());
    expect(f.get("rule:javascript-present")).toBe(1);
    expect(f.get("rule:javascript-auto-run")).toBe(1);
    expect(f.get("rule:launch-command")).toBe(0);
    expect(f.get("rules:weight-score")).toBeGreaterThan(0);
    expect(featuresOf(plain()).get("rules:weight-score")).toBe(0);
  });

  it("leaves out evidence a benign explanation covers: a form script on open is not a script on open for the model", () => {
    const b = new PdfBuilder();
    b.addCatalog(`/OpenAction << /S /JavaScript /JS (app.alert('hi');) >>`);
    const f = featuresOf(b.build());
    expect(f.get("rule:script-is-form-automation")).toBe(1);
    expect(f.get("rule:javascript-auto-run")).toBe(0);
    expect(f.get("rule:javascript-present")).toBe(1);
  });

  it("counts keywords parsed, raw, escaped and hidden in object streams", () => {
    const escaped = new PdfBuilder();
    escaped.addCatalog(`/OpenAction << /S /J#61vaScript /JS (app.alert(1);) >>`);
    const f = featuresOf(escaped.build());
    expect(f.get("kw:JavaScript")).toBe(log2p(1));
    expect(f.get("kw-raw:JavaScript")).toBe(0);
    expect(f.get("kw-escaped")).toBe(log2p(1));
    const hidden = new PdfBuilder();
    const js = hidden.add(`<< /S /JavaScript /JS (app.alert(1);) >>`, { inObjStm: true });
    hidden.addCatalog(`/OpenAction ${js} 0 R`);
    const g = featuresOf(hidden.build());
    expect(g.get("kw:JS")).toBe(log2p(1));
    expect(g.get("kw-only-in-objstm")).toBeGreaterThanOrEqual(2);
    expect(g.get("object-streams")).toBe(log2p(1));
  });

  it("describes the structure: objects, pages, ratios, revisions, header and EOF", () => {
    const base = plain(4);
    const f = featuresOf(appendUpdate(base, [{ num: 1, body: "<< >>" }]));
    expect(f.get("pages")).toBe(log2p(4));
    expect(f.get("no-pages")).toBe(0);
    expect(f.get("revisions")).toBe(log2p(2));
    expect(f.get("eof-markers")).toBe(log2p(2));
    expect(f.get("has-eof")).toBe(1);
    expect(f.get("header-offset")).toBe(0);
    expect(f.get("objects-per-page")).toBeCloseTo(
      log2p(f.get("objects") === undefined ? 0 : (2 ** f.get("objects")! - 1) / 4),
      6,
    );
    const junk = new PdfBuilder();
    junk.addCatalog();
    const g = featuresOf(junk.build({ prefix: "JUNK".repeat(64) }));
    expect(g.get("header-offset")).toBe(log2p(256));
  });

  it("counts reader anomalies by code", () => {
    const b = new PdfBuilder();
    b.addCatalog();
    const file = bytes(new TextDecoder("latin1").decode(b.build()).replace(/%%EOF\s*$/, ""));
    const f = featuresOf(file);
    expect(f.get("anomaly:eof-missing")).toBe(log2p(1));
    expect(f.get("has-eof")).toBe(0);
  });

  it("counts actions by type and trigger", () => {
    const b = new PdfBuilder();
    const link = b.add(
      `<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://example.org/) >> >>`,
    );
    b.add(`<< /S /Launch /F (calc.exe) >>`);
    b.addCatalog(`/OpenAction << /S /JavaScript /JS (1;) >>`, 1, `/Annots [${link} 0 R]`);
    const f = featuresOf(b.build());
    expect(f.get("action:URI")).toBe(log2p(1));
    expect(f.get("action:JavaScript")).toBe(log2p(1));
    expect(f.get("action:Launch")).toBe(log2p(1));
    expect(f.get("actions-automatic")).toBe(log2p(1));
    expect(f.get("actions-unreferenced")).toBe(log2p(1));
    expect(f.get("actions-annotation")).toBe(log2p(1));
    expect(f.get("uri-per-page")).toBe(log2p(1));
  });

  it("measures scripts: count, length, entropy and signals", () => {
    const source = `var s = unescape("${"%u9090".repeat(30)}"); eval(s);`;
    const b = new PdfBuilder();
    b.addCatalog(`/OpenAction << /S /JavaScript /JS ${hexString(source)} >>`);
    const f = featuresOf(b.build());
    expect(f.get("scripts")).toBe(log2p(1));
    expect(f.get("scripts-automatic")).toBe(log2p(1));
    expect(f.get("script-chars")).toBe(log2p(source.length));
    expect(f.get("script-max-entropy")).toBeGreaterThan(1);
    expect(f.get("script:unescape")).toBe(log2p(1));
    expect(f.get("script:evalLike")).toBe(log2p(1));
    expect(f.get("script:percent-u")).toBe(log2p(30));
  });

  it("counts form-automation API uses in scripts", () => {
    const b = new PdfBuilder();
    const field = b.add(
      `<< /FT /Tx /T (total) /AA << /C << /S /JavaScript /JS (AFSimple_Calculate("SUM", new Array("a", "b")); event.value = this.getField("a").value;) >> >> >>`,
    );
    b.addCatalog(`/AcroForm << /Fields [${field} 0 R] >>`);
    expect(featuresOf(b.build()).get("script:form-api-calls")).toBe(log2p(3));
    const kit = new PdfBuilder();
    kit.addCatalog(`/OpenAction << /S /JavaScript /JS (var s = unescape("%u9090"); eval(s);) >>`);
    expect(featuresOf(kit.build()).get("script:form-api-calls")).toBe(0);
  });

  it("describes where links go: a front-page link against a phishing-kit link on an image-only page", () => {
    const front = linkedPage(
      "https://www.example.org/",
      0.02,
      "BT /F1 12 Tf 72 700 Td (Read our release notes at example.org) Tj ET",
    );
    const f = featuresOf(front);
    expect(f.get("link-targets")).toBe(log2p(1));
    expect(f.get("link-sites")).toBe(log2p(1));
    expect(f.get("link-front-page-share")).toBe(1);
    expect(f.get("link-max-path-depth")).toBe(0);
    for (const n of [
      "link-lure-word-paths",
      "link-foreign-brand-paths",
      "link-cms-paths",
      "link-server-pages",
      "link-queries",
      "link-hosted",
      "link-max-path-escapes",
    ])
      expect(f.get(n), n).toBe(0);
    expect(f.get("linked-page-min-text")).toBe(log2p("Read our release notes at example.org".length));
    expect(f.get("linked-page-image-cover")).toBe(0);

    const kit = linkedPage(
      "http://shop.example.com/wp-content/plugins/Adobe/Sign-In/verify.php?email=a%40b.c&id=%23%24%25",
      0.9,
      "q 612 0 0 792 0 0 cm /Im1 Do Q",
    );
    const g = featuresOf(kit);
    expect(g.get("link-front-page-share")).toBe(0);
    expect(g.get("link-max-path-depth")).toBe(5);
    expect(g.get("link-lure-word-paths")).toBe(log2p(1));
    expect(g.get("link-foreign-brand-paths")).toBe(log2p(1));
    expect(g.get("link-cms-paths")).toBe(log2p(1));
    expect(g.get("link-server-pages")).toBe(log2p(1));
    expect(g.get("link-queries")).toBe(log2p(1));
    expect(g.get("link-max-area")).toBeCloseTo(0.9, 6);
    expect(g.get("linked-page-min-text")).toBe(0);
    expect(g.get("linked-page-image-cover")).toBeCloseTo(1, 6);
  });

  it("does not count a brand in the path of the brand's own site, and counts hosted targets once each", () => {
    const own = featuresOf(linkedPage("https://helpx.adobe.com/acrobat/using/signing.html", 0.01, "BT (x) Tj ET"));
    expect(own.get("link-foreign-brand-paths")).toBe(0);
    expect(own.get("link-lure-word-paths")).toBe(0);
    const b = new PdfBuilder();
    const targets = [
      "https://bit.ly/3abc",
      "https://bit.ly/3abc",
      "https://drive.google.com/uc?id=1&export=download",
      "mailto:a@example.org",
    ];
    const links = targets.map((t) =>
      b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (${t}) >> >>`),
    );
    b.addCatalog("", 1, `/Annots [${links.map((l) => `${l} 0 R`).join(" ")}]`);
    const f = featuresOf(b.build());
    expect(f.get("link-targets")).toBe(log2p(2));
    expect(f.get("link-hosted")).toBe(log2p(2));
    expect(f.get("link-sites")).toBe(log2p(2));
    // no page layout was read when no link sits on a page the reader could lay out
    expect(featuresOf(plain()).get("linked-page-min-text")).toBe(-1);
  });

  it("describes streams: filters, chains, entropy", () => {
    const b = new PdfBuilder();
    const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24);
    b.addStream("/Filter [/ASCIIHexDecode /FlateDecode]", "00>");
    b.addStream("/Filter /Fl", random);
    b.addStream("", "plain text");
    b.addCatalog();
    const f = featuresOf(b.build());
    expect(f.get("filter:ASCIIHexDecode")).toBe(log2p(1));
    expect(f.get("filter:FlateDecode")).toBe(log2p(2));
    expect(f.get("stream-chained")).toBe(log2p(1));
    expect(f.get("stream-max-chain")).toBe(2);
    expect(f.get("stream-unfiltered")).toBe(log2p(1));
    expect(f.get("stream-max-entropy")).toBeGreaterThan(7);
    expect(f.get("stream-high-entropy-share")).toBeCloseTo(1 / 3, 6);
  });

  it("counts embedded files by sniffed kind, XFA and AcroForm", () => {
    const b = new PdfBuilder();
    const exe = b.addStream("/Type /EmbeddedFile", "MZ\x90\x00".padEnd(256, "\0"));
    const spec = b.add(`<< /Type /Filespec /F (a.exe) /EF << /F ${exe} 0 R >> >>`);
    const xfa = b.addStream("", "<xdp:xdp xmlns:xdp='http://ns.adobe.com/xdp/'><template/></xdp:xdp>");
    b.addCatalog(
      `/Names << /EmbeddedFiles << /Names [(a.exe) ${spec} 0 R] >> >> /AcroForm << /Fields [] /XFA ${xfa} 0 R >>`,
    );
    const f = featuresOf(b.build());
    expect(f.get("embedded-files")).toBe(log2p(1));
    expect(f.get("embedded:pe-executable")).toBe(log2p(1));
    expect(f.get("acroform")).toBe(1);
    expect(f.get("xfa")).toBe(1);
  });

  it("leaves the deep-stage features at 0 in the fast stage", () => {
    const f = featuresOf(plain());
    for (const n of FEATURE_NAMES.filter((x) => x.startsWith("deep:"))) expect(f.get(n), n).toBe(0);
  });
});
