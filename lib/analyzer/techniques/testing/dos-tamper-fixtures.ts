// Test-only: fixtures of the denial-of-service and tampering techniques (structure-loop, calculator-stack-exhaustion,
// resource-exhaustion-script, shadow-attack, signature-wrapping, field-rewrite-on-open), one per carrier, each a plain
// one-page invoice that shows the technique through that carrier alone; and benign look-alikes that
// must not fire (NEGATIVE_FIXTURES). Signatures are fake (a DER-looking /Contents of zeros): the rules
// are about what a ByteRange covers and what changed after it, not about cryptography.
import { PdfBuilder, appendUpdate, bytes, concat, hexString, text } from "../../../pdf/testing/pdf-builder";
import type { CarrierFixture, TechniqueFixtures } from "./technique-fixtures";

const INVOICE_TEXT = "BT /F1 12 Tf 72 720 Td (Invoice 2026-041: total due 1,200.00 EUR) Tj ET";
const SHADOW_TEXT = "BT /F1 12 Tf 72 720 Td (Invoice 2026-041: total due 9,200.00 EUR) Tj ET";
const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** an indirect stream body written by hand (invoice objects, appendUpdate) */
const streamBody = (dict: string, data: string) => `<< ${dict} /Length ${data.length} >>\nstream\n${data}\nendstream`;

// ---- denial of service ---------------------------------------------------------------------------

/**
 * A one-page invoice numbered by hand (catalog 1, pages 2, page 3, font 9, content 10), so structures
 * can refer to objects written after them: `objects` adds or replaces objects, `catalog` and `page` add
 * entries.
 */
function invoice({
  catalog = "",
  page = "",
  objects = {},
  resources,
  contents,
}: {
  catalog?: string;
  page?: string;
  objects?: Record<number, string>;
  resources?: string;
  contents?: number;
} = {}): Uint8Array {
  const b = new PdfBuilder();
  const all: Record<number, string> = {
    1: `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`,
    2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    3: pageBody(2, page, resources, contents),
    9: FONT,
    ...objects,
  };
  for (const [num, body] of Object.entries(all)) b.add(body, { num: Number(num) });
  b.addFlateStream("", INVOICE_TEXT, { num: 10 });
  b.root = 1;
  return b.build();
}

const pageBody = (parent: number, extra = "", resources = "<< /Font << /F1 9 0 R >> >>", contents = 10) =>
  `<< /Type /Page /Parent ${parent} 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${contents} 0 R ${extra} >>`;
const formXObject = (resources: string, content: string) =>
  streamBody(`/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${resources} >>`, content);

const STRUCTURE_LOOP: Record<string, CarrierFixture> = {
  // the root's /Kids holds a node whose /Kids holds the root again
  "page-tree-cycle": () =>
    invoice({
      objects: {
        2: "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        4: "<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>",
      },
    }),
  // the second bookmark's /Next is the first one
  "outline-cycle": () =>
    invoice({
      catalog: "/Outlines 4 0 R",
      objects: {
        4: "<< /Type /Outlines /First 5 0 R /Last 6 0 R /Count 2 >>",
        5: "<< /Title (Summary) /Parent 4 0 R /Next 6 0 R /Dest [3 0 R /Fit] >>",
        6: "<< /Title (Details) /Parent 4 0 R /Prev 5 0 R /Next 5 0 R /Dest [3 0 R /Fit] >>",
      },
    }),
  // the open action's /Next chain comes back to it
  "action-next-cycle": () =>
    invoice({
      catalog: "/OpenAction 5 0 R",
      objects: { 5: "<< /S /GoTo /D [3 0 R /Fit] /Next 6 0 R >>", 6: "<< /S /Named /N /FirstPage /Next 5 0 R >>" },
    }),
  // a /Dests name tree node among its own /Kids
  "name-tree-cycle": () =>
    invoice({
      catalog: "/Names << /Dests 5 0 R >>",
      objects: { 5: "<< /Kids [6 0 R] >>", 6: "<< /Limits [(a) (z)] /Kids [5 0 R] >>" },
    }),
  // a /PageLabels number tree node among its own /Kids
  "number-tree-cycle": () =>
    invoice({
      catalog: "/PageLabels 5 0 R",
      objects: { 5: "<< /Kids [6 0 R] >>", 6: "<< /Limits [0 9] /Kids [5 0 R] >>" },
    }),
  // a form field that is its own grandchild
  "field-tree-cycle": () =>
    invoice({
      catalog: "/AcroForm << /Fields [5 0 R] >>",
      objects: { 5: "<< /T (customer) /Kids [6 0 R] >>", 6: "<< /T (name) /Parent 5 0 R /Kids [5 0 R] >>" },
    }),
  // a structure element among its own /K children
  "struct-tree-cycle": () =>
    invoice({
      catalog: "/StructTreeRoot 5 0 R /MarkInfo << /Marked true >>",
      objects: {
        5: "<< /Type /StructTreeRoot /K 6 0 R >>",
        6: "<< /Type /StructElem /S /Document /P 5 0 R /K [7 0 R] >>",
        7: "<< /Type /StructElem /S /P /P 6 0 R /K [6 0 R] >>",
      },
    }),
  // form /X0 paints /X1, which paints /X0 again (pdf.js issue 19800's shape)
  "xobject-recursion": () =>
    invoice({
      resources: "<< /Font << /F1 9 0 R >> /XObject << /X0 5 0 R >> >>",
      contents: 11,
      objects: {
        5: formXObject("/XObject << /X1 6 0 R >>", "0.5 0 0 0.5 0 0 cm /X1 Do"),
        6: formXObject("/XObject << /X0 5 0 R >>", "0.5 0 0 0.5 0 0 cm /X0 Do"),
        11: streamBody("", `${INVOICE_TEXT} q /X0 Do Q`),
      },
    }),
  // the catalog's /Metadata is a reference to a reference to itself
  "reference-cycle": () => invoice({ catalog: "/Metadata 5 0 R", objects: { 5: "6 0 R", 6: "5 0 R" } }),
  // two object streams that /Extends each other (PDF101's F1)
  "object-stream-extends-cycle": () =>
    invoice({
      objects: {
        5: streamBody("/Type /ObjStm /N 1 /First 4 /Extends 6 0 R", "20 0 << /A 1 >>"),
        6: streamBody("/Type /ObjStm /N 1 /First 4 /Extends 5 0 R", "21 0 << /B 1 >>"),
      },
    }),
  // a stitching function among its own /Functions, painted as a shading (PDF101's D3)
  "function-recursion": () =>
    invoice({
      resources: "<< /Font << /F1 9 0 R >> /Shading << /Sh0 6 0 R >> >>",
      contents: 11,
      objects: {
        5: "<< /FunctionType 3 /Domain [0 1] /Functions [5 0 R 5 0 R] /Bounds [0.5] /Encode [0 1 0 1] >>",
        6: "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 612 0] /Function 5 0 R >>",
        11: streamBody("", `${INVOICE_TEXT} /Sh0 sh`),
      },
    }),
  // each of two pages goes to the other as it opens (PDF101's goto ping-pong)
  "page-navigation-cycle": () =>
    invoice({
      objects: {
        2: "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        3: pageBody(2, "/AA << /O << /S /GoTo /D [4 0 R /Fit] >> >>"),
        4: pageBody(2, "/AA << /O << /S /GoTo /D [3 0 R /Fit] >> >>"),
      },
    }),
};

/**
 * A one-page invoice that paints an axial shading whose colours a PostScript calculator function
 * (FunctionType 4) computes from `program` (object 5), or, with `tint`, draws in a Separation colour
 * whose tint transform it is.
 */
function calculatorInvoice(program: string, { tint = false } = {}): Uint8Array {
  const fn = streamBody("/FunctionType 4 /Domain [0 1] /Range [0 1 0 1 0 1]", program);
  if (tint) {
    return invoice({
      resources: "<< /Font << /F1 9 0 R >> /ColorSpace << /CS0 [/Separation /Spot /DeviceRGB 5 0 R] >> >>",
      contents: 11,
      objects: { 5: fn, 11: streamBody("", `/CS0 cs 1 scn 72 600 200 50 re f ${INVOICE_TEXT}`) },
    });
  }
  return invoice({
    resources: "<< /Font << /F1 9 0 R >> /Shading << /Sh0 6 0 R >> >>",
    contents: 11,
    objects: {
      5: fn,
      6: "<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 612 0] /Function 5 0 R >>",
      11: streamBody("", `${INVOICE_TEXT} /Sh0 sh`),
    },
  });
}

const CALCULATOR_STACK_EXHAUSTION: Record<string, CarrierFixture> = {
  // the stack doubles at each `copy` (1, 2, 4 ... 128 entries): PDF101's D1, copy stack exhaustion
  "shading-copy-doubling": () => calculatorInvoice("{ 1 copy 2 copy 4 copy 8 copy 16 copy 32 copy 64 copy pop pop }"),
  // the size of each copy computed (`dup` of the count, then `add`), as a generator writes it
  "shading-computed-copy": () =>
    calculatorInvoice(
      "{ dup 1 copy 1 1 add copy 2 2 add copy 4 4 add copy 8 8 add copy 16 16 add copy 32 32 add copy }",
    ),
  // a tint transform that pushes 120 numbers
  "tint-transform-push-overflow": () =>
    calculatorInvoice(`{ ${Array.from({ length: 120 }, (_, i) => i % 10).join(" ")} }`, { tint: true }),
};

/** A one-page invoice whose /OpenAction runs `js`. */
const openScript = (js: string) => invoice({ catalog: `/OpenAction << /S /JavaScript /JS ${hexString(js)} >>` });

const RESOURCE_EXHAUSTION_SCRIPT: Record<string, CarrierFixture> = {
  "endless-loop": () => openScript("var n = 0;\nwhile (true) {\n  n = n + 1;\n}"),
  "alert-loop": () =>
    openScript('for (;;) {\n  app.alert("This invoice needs a newer reader. Press OK to continue.");\n}'),
  "string-doubling": () => openScript('var s = "A";\ndo {\n  s += s;\n} while (1);'),
};

// ---- signatures ---------------------------------------------------------------------------------

/** fixed-width placeholders, replaced in place once the file's layout is known */
const BYTE_RANGE_PLACEHOLDER = "/ByteRange [0 0000000000 0000000000 0000000000]";
const FAKE_PKCS7 = `<3082${"0".repeat(508)}>`;

/**
 * Object numbers of the signed invoice: signature 1, font 2, layer 3 and its configuration 4, content 5,
 * the text field's appearance 6 and field 7, XFA template 8 and datasets 9, catalog 20, pages 21,
 * page 22, form 23, signature field 24; unused shadow pages 50-52. Updates add objects from 40.
 */
export const N = {
  sig: 1,
  font: 2,
  ocg: 3,
  ocProperties: 4,
  content: 5,
  textAppearance: 6,
  textField: 7,
  catalog: 20,
  pages: 21,
  page: 22,
  acroForm: 23,
  sigField: 24,
  shadowPages: 52,
} as const;

interface SignedOptions {
  /** a text field "amount" with an appearance stream */
  textField?: boolean;
  /** a layer (OCG) "paid" that is off when signed, with a line of text in it */
  layer?: boolean;
  /** an unused second body of the content stream with other text, before the real one */
  shadowContent?: boolean;
  /** an unused page tree (50-52) whose page shows other text */
  shadowPages?: boolean;
  /** the signature field locks every field (/Lock /Action /All) */
  lockAll?: boolean;
  /** a push button (10) that resets the form when clicked */
  resetButton?: boolean;
  /** extra catalog entries (an /OpenAction...) */
  catalog?: string;
  /** an XFA form (template and datasets packets) whose subform holds this */
  xfaTemplate?: string;
  /** the text field is read-only (/Ff 1) and holds this value while its appearance draws 1200.00 */
  readOnlyValue?: string;
  /** a second widget (41, unused by the page) for the same field on the same spot, drawing 9200.00 */
  twinField?: boolean;
  /** rewrites the signature dictionary; without the ByteRange placeholder the file is left unsigned */
  signature?: (dict: string) => string;
}

/** A one-page invoice with a signature field whose signature covers the whole file. */
export function signedInvoice(opts: SignedOptions = {}): Uint8Array {
  const b = new PdfBuilder();
  const add = (num: number, body: string) => b.add(body, { num });
  const sig = `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /M (D:20260102093000Z) /Name (Accounts Payable) ${BYTE_RANGE_PLACEHOLDER} /Contents ${FAKE_PKCS7} >>`;
  add(N.sig, opts.signature ? opts.signature(sig) : sig);
  add(N.font, FONT);
  let layerText = "";
  if (opts.layer) {
    add(N.ocg, "<< /Type /OCG /Name (paid) >>");
    add(N.ocProperties, `<< /OCGs [${N.ocg} 0 R] /D << /Order [${N.ocg} 0 R] /OFF [${N.ocg} 0 R] >> >>`);
    layerText = " /OC /oc1 BDC BT /F1 12 Tf 72 700 Td (Paid in full - nothing due) Tj ET EMC";
  }
  if (opts.shadowContent) b.addFlateStream("", SHADOW_TEXT, { num: N.content });
  b.addFlateStream("", INVOICE_TEXT + layerText, { num: N.content });
  const widgets = [`${N.sigField} 0 R`];
  if (opts.textField) {
    b.addStream(
      `/Type /XObject /Subtype /Form /BBox [0 0 120 20] /Resources << /Font << /Helv ${N.font} 0 R >> >>`,
      "/Tx BMC BT /Helv 10 Tf 2 6 Td (1200.00) Tj ET EMC",
      { num: N.textAppearance },
    );
    add(
      N.textField,
      opts.readOnlyValue
        ? textField(opts.readOnlyValue, N.textAppearance).replace("/FT /Tx", "/FT /Tx /Ff 1")
        : textField("1200.00", N.textAppearance),
    );
    if (opts.twinField) {
      b.add(fieldAppearance("9200.00"), { num: 40 });
      b.add(textField("9200.00", 40), { num: 41 });
    }
    widgets.push(`${N.textField} 0 R`);
  }
  if (opts.resetButton) {
    add(
      10,
      `<< /FT /Btn /Ff 65536 /T (reset) /Type /Annot /Subtype /Widget /Rect [72 80 160 100] /P ${N.page} 0 R /A << /S /ResetForm >> >>`,
    );
    widgets.push("10 0 R");
  }
  let xfa = "";
  if (opts.xfaTemplate !== undefined) {
    b.addStream(
      "",
      `<template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1">${opts.xfaTemplate}</subform></template>`,
      { num: 8 },
    );
    b.addStream(
      "",
      '<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><amount>1200.00</amount></form1></xfa:data></xfa:datasets>',
      { num: 9 },
    );
    xfa = "/XFA [(template) 8 0 R (datasets) 9 0 R]";
  }
  if (opts.shadowPages) {
    b.addStream("", SHADOW_TEXT, { num: 50 });
    add(
      51,
      `<< /Type /Page /Parent 52 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${N.font} 0 R >> >> /Contents 50 0 R >>`,
    );
    add(52, "<< /Type /Pages /Kids [51 0 R] /Count 1 >>");
  }
  const lock = opts.lockAll ? "/Lock << /Type /SigFieldLock /Action /All >>" : "";
  add(
    N.sigField,
    `<< /FT /Sig /T (Signature1) /V ${N.sig} 0 R ${lock} /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P ${N.page} 0 R >>`,
  );
  add(N.acroForm, acroForm(widgets.join(" "), xfa));
  add(N.page, signedPage(widgets.join(" "), !!opts.layer));
  add(N.pages, `<< /Type /Pages /Kids [${N.page} 0 R] /Count 1 >>`);
  add(
    N.catalog,
    `<< /Type /Catalog /Pages ${N.pages} 0 R /AcroForm ${N.acroForm} 0 R ${opts.layer ? `/OCProperties ${N.ocProperties} 0 R` : ""} ${opts.catalog ?? ""} >>`,
  );
  b.root = N.catalog;
  const file = b.build();
  return text(file).includes(BYTE_RANGE_PLACEHOLDER) ? sign(file) : file;
}

const textField = (value: string, ap: number) =>
  `<< /FT /Tx /T (amount) /V (${value}) /DA (/Helv 10 Tf 0 g) /Type /Annot /Subtype /Widget /Rect [400 640 520 660] /P ${N.page} 0 R /AP << /N ${ap} 0 R >> >>`;
const acroForm = (fields: string, extra = "") =>
  `<< /Fields [${fields}] /SigFlags 3 /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv ${N.font} 0 R >> >> ${extra} >>`;
const signedPage = (annots: string, layer = false) =>
  `<< /Type /Page /Parent ${N.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${N.font} 0 R >> ${layer ? `/Properties << /oc1 ${N.ocg} 0 R >>` : ""} >> /Contents ${N.content} 0 R /Annots [${annots}] >>`;
const fieldAppearance = (value: string) =>
  streamBody(
    `/Type /XObject /Subtype /Form /BBox [0 0 120 20] /Resources << /Font << /Helv ${N.font} 0 R >> >>`,
    `/Tx BMC BT /Helv 10 Tf 2 6 Td (${value}) Tj ET EMC`,
  );

/**
 * Fills in the first ByteRange placeholder at or after `from`: [0, start of /Contents, end of /Contents,
 * rest of the file], the whole file as it is now except the signature value.
 */
export function sign(file: Uint8Array, from = 0): Uint8Array {
  const t = text(file);
  const at = t.indexOf(BYTE_RANGE_PLACEHOLDER, from);
  if (at < 0) throw new Error("no ByteRange placeholder to fill");
  const lt = t.indexOf("/Contents <", at) + "/Contents ".length;
  const gt = t.indexOf(">", lt) + 1;
  return patchByteRange(file, at, [0, lt, gt, file.length - gt]);
}

function patchByteRange(file: Uint8Array, at: number, range: number[]): Uint8Array {
  const pad = (n: number) => String(n).padStart(10, "0");
  const filled = `/ByteRange [${range[0]} ${range.slice(1).map(pad).join(" ")}]`;
  if (filled.length !== BYTE_RANGE_PLACEHOLDER.length) throw new Error("ByteRange does not fit its placeholder");
  const out = Uint8Array.from(file);
  out.set(bytes(filled), at);
  return out;
}

/** An update that only re-points xref entries (no objects): `entries` maps object numbers to file offsets. */
function appendXrefOnly(base: Uint8Array, entries: [num: number, offset: number][]): Uint8Array {
  const t = text(base);
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(t)![1]);
  const size = Number(/\/Size (\d+)/.exec(t.slice(prev))![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(t.slice(prev))![1];
  let x = "xref\n";
  for (const [num, off] of entries) x += `${num} 1\n${String(off).padStart(10, "0")} 00000 n\r\n`;
  return concat([
    base,
    bytes(`${x}trailer\n<< /Size ${size} /Prev ${prev} /Root ${root} >>\nstartxref\n${base.length}\n%%EOF\n`),
  ]);
}

const SHADOW_ATTACK: Record<string, CarrierFixture> = {
  // hide: the layer that was off when signed is switched on by the update
  hide: () =>
    appendUpdate(signedInvoice({ layer: true }), [
      { num: N.ocProperties, body: `<< /OCGs [${N.ocg} 0 R] /D << /Order [${N.ocg} 0 R] /ON [${N.ocg} 0 R] >> >>` },
    ]),
  // hide: a white FreeText box added over the total
  "hide-overlay": () =>
    appendUpdate(signedInvoice(), [
      { num: 40, body: streamBody("/Type /XObject /Subtype /Form /BBox [0 0 300 20]", "1 g 0 0 300 20 re f 0 g") },
      {
        num: 41,
        body: `<< /Type /Annot /Subtype /FreeText /Rect [70 712 370 732] /Contents () /DA (/Helv 12 Tf 0 g) /AP << /N 40 0 R >> /P ${N.page} 0 R >>`,
      },
      { num: N.page, body: signedPage(`${N.sigField} 0 R 41 0 R`) },
    ]),
  // replace: the page's content stream redefined
  replace: () => appendUpdate(signedInvoice(), [{ num: N.content, body: streamBody("", SHADOW_TEXT) }]),
  // replace: the font the page is drawn with redefined (the digit 1 drawn as 9)
  "replace-font": () =>
    appendUpdate(signedInvoice(), [
      {
        num: N.font,
        body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [49 /nine] >> >>",
      },
    ]),
  // replace: the value of a field the signature locked
  "fill-locked-field": () =>
    appendUpdate(signedInvoice({ textField: true, lockAll: true }), [
      { num: 40, body: fieldAppearance("9200.00") },
      { num: N.textField, body: textField("9200.00", 40) },
    ]),
  // replace: the field's appearance redrawn with other text while its value stays what was signed
  // (pdf-attacker's replace-form: a reader shows the appearance, a form export the value)
  "redraw-field-appearance": () =>
    appendUpdate(signedInvoice({ textField: true }), [{ num: N.textAppearance, body: fieldAppearance("9200.00") }]),
  // hide: a read-only field's appearance dropped, so the value it covered shows (pdf-attacker's hide-form)
  "drop-read-only-appearance": () =>
    appendUpdate(signedInvoice({ textField: true, readOnlyValue: "9200.00" }), [
      {
        num: N.textField,
        body: textField("9200.00", N.textAppearance)
          .replace(` /AP << /N ${N.textAppearance} 0 R >>`, "")
          .replace("/FT /Tx", "/FT /Tx /Ff 1"),
      },
    ]),
  // hide-and-replace: an xref entry after the signature points the field's number at another body of the
  // signed bytes, a second widget on the same spot (pdf-attacker's form_and_form "signed-manipulated")
  "misdirected-xref-entry": () => {
    const file = signedInvoice({ textField: true, twinField: true });
    return appendXrefOnly(file, [[N.textField, text(file).indexOf("\n41 0 obj") + 1]]);
  },
  // hide-and-replace: the update is an xref alone, re-pointing the content stream at a body the signed revision did not use
  "hide-and-replace": () => {
    const file = signedInvoice({ shadowContent: true });
    return appendXrefOnly(file, [[N.content, text(file).indexOf(`\n${N.content} 0 obj`) + 1]]);
  },
  // hide: a signature field added after signing (what a signature permits) that no one signs, its widget
  // drawing a white box and other text over the total (the sneaky signature attack, IEEE S&P 2021)
  "sneaky-signature": () =>
    addedSignatureField("1 g 0 0 300 20 re f 0 g BT /Helv 12 Tf 2 5 Td (Total due: 9,200.00 EUR) Tj ET"),
  // hide-and-replace: the catalog re-pointed at a page tree that was in the signed bytes but not used
  "hide-and-replace-pages": () =>
    appendUpdate(signedInvoice({ shadowPages: true }), [
      { num: N.catalog, body: `<< /Type /Catalog /Pages ${N.shadowPages} 0 R /AcroForm ${N.acroForm} 0 R >>` },
    ]),
};

/**
 * The signed invoice with a second, unsigned signature field (41) over the total, whose widget draws
 * `appearance` (40), added by an update. Blank or border-only, it is the placeholder a signing workflow
 * adds for the next signer.
 */
export function addedSignatureField(appearance: string): Uint8Array {
  return appendUpdate(signedInvoice(), [
    {
      num: 40,
      body: streamBody(
        `/Type /XObject /Subtype /Form /BBox [0 0 300 20] /Resources << /Font << /Helv ${N.font} 0 R >> >>`,
        appearance,
      ),
    },
    {
      num: 41,
      body: `<< /FT /Sig /T (Signature2) /Type /Annot /Subtype /Widget /Rect [70 712 370 732] /F 4 /P ${N.page} 0 R /AP << /N 40 0 R >> >>`,
    },
    { num: N.acroForm, body: acroForm(`${N.sigField} 0 R 41 0 R`) },
    { num: N.page, body: signedPage(`${N.sigField} 0 R 41 0 R`) },
  ]);
}

/** The signed invoice with its ByteRange rewritten in place: `range` gets [lt, gt, rest] (the honest one) and the text. */
function rewriteByteRange(
  range: (honest: { lt: number; gt: number; rest: number }, t: string) => number[],
): Uint8Array {
  const t = text(signedInvoice());
  const at = t.indexOf("/ByteRange [");
  const old = /\/ByteRange \[0 (\d+) (\d+) (\d+)\]/.exec(t.slice(at))!;
  const [lt, gt, rest] = old.slice(1).map(Number);
  // written over the placeholder, padded to its length: every offset of the file stays right
  const filled = `/ByteRange [${range({ lt, gt, rest }, t).join(" ")}]`;
  if (filled.length > old[0].length) throw new Error("ByteRange longer than its placeholder");
  return bytes(t.slice(0, at) + filled.padEnd(old[0].length, " ") + t.slice(at + old[0].length));
}

/**
 * Universal signature forgery (Mladenov et al., CCS 2019): the invoice "signed by Accounts Payable"
 * with no signature a validator could check.
 */
const UNIVERSAL_SIGNATURE_FORGERY: Record<string, CarrierFixture> = {
  "byte-range-removed": () => signedInvoice({ signature: (d) => d.replace(BYTE_RANGE_PLACEHOLDER, "") }),
  "byte-range-null": () => signedInvoice({ signature: (d) => d.replace(BYTE_RANGE_PLACEHOLDER, "/ByteRange null") }),
  "contents-null": () =>
    signedInvoice({
      signature: (d) => d.replace(BYTE_RANGE_PLACEHOLDER, "/ByteRange [0 10 20 30]").replace(FAKE_PKCS7, "null"),
    }),
};

const SIGNATURE_WRAPPING: Record<string, CarrierFixture> = {
  // a second gap: the object after the signature is left out of what is signed (signature wrapping)
  "signature-gap": () =>
    rewriteByteRange(({ lt, gt, rest }, t) => {
      const obj = t.indexOf(" 0 obj", gt);
      const holeStart = t.lastIndexOf("\n", obj) + 1;
      const holeEnd = t.indexOf("endobj", obj) + 6;
      return [0, lt, gt, holeStart - gt, holeEnd, gt + rest - holeEnd];
    }),
  // a range that claims more bytes than the file has: what it signed is not this file
  "range-past-end": () => rewriteByteRange(({ lt, gt, rest }) => [0, lt, gt, rest + 100]),
};

// ---- scripts and actions that rewrite a signed document on open ---------------------------------

const signedWith =
  (catalog: string, opts: SignedOptions = {}) =>
  () =>
    signedInvoice({ textField: true, ...opts, catalog });

const FIELD_REWRITE_ON_OPEN: Record<string, CarrierFixture> = {
  "script-sets-field": signedWith(
    `/OpenAction << /S /JavaScript /JS ${hexString('this.getField("amount").value = "9200.00";')} >>`,
  ),
  "reset-form": signedWith("/OpenAction << /S /ResetForm >>"),
  "hide-action": signedWith("/OpenAction << /S /Hide /T (amount) >>"),
  "set-ocg-state": signedWith(`/OpenAction << /S /SetOCGState /State [/ON ${N.ocg} 0 R] >>`, { layer: true }),
  "xfa-initialize-script": signedWith("", {
    xfaTemplate:
      '<field name="amount"><event activity="initialize"><script contentType="application/x-javascript">this.rawValue = "9200.00";</script></event></field>',
  }),
};

export const DOS_TAMPER_FIXTURES: TechniqueFixtures = {
  "structure-loop": STRUCTURE_LOOP,
  "calculator-stack-exhaustion": CALCULATOR_STACK_EXHAUSTION,
  "resource-exhaustion-script": RESOURCE_EXHAUSTION_SCRIPT,
  "shadow-attack": SHADOW_ATTACK,
  "signature-wrapping": SIGNATURE_WRAPPING,
  "universal-signature-forgery": UNIVERSAL_SIGNATURE_FORGERY,
  "field-rewrite-on-open": FIELD_REWRITE_ON_OPEN,
};

/** Benign look-alikes, named by what they are, with the rules that must stay quiet on them. */
export const NEGATIVE_FIXTURES: Record<string, { rules: string[]; build: CarrierFixture }> = {
  "a page whose open action goes on to the next page, and one that goes to itself": {
    rules: ["denial-of-service-loop"],
    build: () =>
      invoice({
        objects: {
          2: "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
          3: pageBody(2, "/AA << /O << /S /GoTo /D [4 0 R /Fit] >> >>"),
          4: pageBody(2, "/AA << /O << /S /GoTo /D [4 0 R /XYZ 0 792 0] >> >>"),
        },
      }),
  },
  "a page tree whose page points back to its parent (/Parent)": {
    rules: ["denial-of-service-loop"],
    build: () => invoice(),
  },
  "a spot colour whose tint transform computes RGB with dup, exch, copy and a conditional": {
    rules: ["calculator-stack-exhaustion"],
    build: () =>
      calculatorInvoice("{ dup 0.5 gt { 1 exch sub } if dup 0.8 mul exch dup 0.3 mul exch 3 1 roll 2 copy pop }", {
        tint: true,
      }),
  },
  "a shading whose calculator function takes its inputs with index and ifelse": {
    rules: ["calculator-stack-exhaustion"],
    build: () =>
      calculatorInvoice("{ 0 index 0.5 lt { 0 index 2 mul 0 0 } { 1 0 index sub 2 mul 1 1 } ifelse 4 -1 roll pop }"),
  },
  "two bookmarks that share a destination page": {
    rules: ["denial-of-service-loop"],
    build: () =>
      invoice({
        catalog: "/Outlines 4 0 R",
        objects: {
          4: "<< /Type /Outlines /First 5 0 R /Last 6 0 R /Count 2 >>",
          5: "<< /Title (Summary) /Parent 4 0 R /Next 6 0 R /Dest [3 0 R /Fit] >>",
          6: "<< /Title (Details) /Parent 4 0 R /Prev 5 0 R /Dest [3 0 R /Fit] >>",
        },
      }),
  },
  "one action reached from two /Next chains": {
    rules: ["denial-of-service-loop"],
    build: () =>
      invoice({
        catalog: "/OpenAction 5 0 R /AA << /WC 6 0 R >>",
        objects: {
          5: "<< /S /GoTo /D [3 0 R /Fit] /Next 7 0 R >>",
          6: "<< /S /Named /N /FirstPage /Next 7 0 R >>",
          7: "<< /S /Named /N /LastPage >>",
        },
      }),
  },
  "forms that share one resource dictionary listing each other, painting none": {
    rules: ["denial-of-service-loop"],
    build: () =>
      invoice({
        resources: "7 0 R",
        contents: 11,
        objects: {
          5: formXObject("/XObject << /X0 5 0 R /X1 6 0 R >>", "0 0 1 rg 0 0 100 100 re f"),
          6: formXObject("/XObject << /X0 5 0 R /X1 6 0 R >>", "/X0 Do"),
          7: "<< /Font << /F1 9 0 R >> /XObject << /X0 5 0 R /X1 6 0 R >> >>",
          11: streamBody("", `${INVOICE_TEXT} /X1 Do /X0 Do`),
        },
      }),
  },
  "a page tree node shared by two parents (a DAG, no cycle)": {
    rules: ["denial-of-service-loop"],
    build: () =>
      invoice({
        objects: {
          2: "<< /Type /Pages /Kids [4 0 R 4 0 R] /Count 2 >>",
          4: "<< /Type /Pages /Parent 2 0 R /Kids [3 0 R] /Count 1 >>",
          3: pageBody(4),
        },
      }),
  },
  "a form script that prompts until it gets an answer, then breaks": {
    rules: ["javascript-resource-exhaustion"],
    build: () =>
      openScript(
        'while (true) {\n  var r = app.response("Your customer number:");\n  if (r !== null && r.length > 0) break;\n}',
      ),
  },
  "a generator that yields forever": {
    rules: ["javascript-resource-exhaustion"],
    build: () => openScript("function* ids() { var i = 0; while (true) yield i++; }\nvar g = ids(); g.next();"),
  },
  "a loop that counts to a bound": {
    rules: ["javascript-resource-exhaustion"],
    build: () => openScript("var t = 0;\nfor (var i = 0; i < 10; i++) { t += i; }"),
  },
  "a signed invoice, unchanged": {
    rules: ["modified-after-signature", "signature-does-not-cover-file", "signed-document-rewritten-on-open"],
    build: () => signedInvoice(),
  },
  "a signed invoice with long-term validation data (/DSS) added": {
    rules: ["modified-after-signature", "signature-does-not-cover-file"],
    build: () =>
      appendUpdate(signedInvoice(), [
        { num: 40, body: streamBody("", "0\x82\x01\x0a0\x82\x01\x02") },
        { num: 41, body: streamBody("", "0\x82\x01\x0a\x0a\x01\x00\xa0") },
        {
          num: 42,
          body: "<< /Certs [40 0 R] /OCSPs [41 0 R] /VRI << /0123456789ABCDEF0123456789ABCDEF01234567 << /Cert [40 0 R] /OCSP [41 0 R] >> >> >>",
        },
        {
          num: N.catalog,
          body: `<< /Type /Catalog /Pages ${N.pages} 0 R /AcroForm ${N.acroForm} 0 R /DSS 42 0 R /Extensions << /ESIC << /BaseVersion /1.7 /ExtensionLevel 5 >> >> >>`,
        },
      ]),
  },
  "a signed form whose unlocked field is filled in afterwards": {
    rules: ["modified-after-signature", "signature-does-not-cover-file"],
    build: () =>
      appendUpdate(signedInvoice({ textField: true }), [
        { num: 40, body: fieldAppearance("1250.00") },
        { num: N.textField, body: textField("1250.00", 40) },
      ]),
  },
  "a signed invoice with an empty signature field added for the next signer, drawn as a border": {
    rules: ["modified-after-signature", "signature-does-not-cover-file"],
    build: () => addedSignatureField("0 G 1 w 0.5 0.5 299 19 re S"),
  },
  "a signed invoice with a signature field added for the next signer, its appearance left empty": {
    rules: ["modified-after-signature", "signature-does-not-cover-file"],
    build: () => addedSignatureField(""),
  },
  "a document prepared for signing: its signature value still a placeholder of zeros": {
    rules: ["unverifiable-signature"],
    build: () => signedInvoice({ signature: (d) => d.replace(FAKE_PKCS7, `<${"0".repeat(512)}>`) }),
  },
  "a signed invoice countersigned in a second, visible signature field": {
    rules: ["modified-after-signature", "signature-does-not-cover-file"],
    build: () => {
      const file = signedInvoice();
      const updated = appendUpdate(file, [
        {
          num: 40,
          body: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /M (D:20260105100000Z) ${BYTE_RANGE_PLACEHOLDER} /Contents ${FAKE_PKCS7} >>`,
        },
        {
          num: 41,
          body: streamBody("/Type /XObject /Subtype /Form /BBox [0 0 200 40]", "BT /F1 9 Tf 4 20 Td (Approved) Tj ET"),
        },
        {
          num: 42,
          body: `<< /FT /Sig /T (Signature2) /V 40 0 R /Type /Annot /Subtype /Widget /Rect [380 80 580 120] /F 4 /P ${N.page} 0 R /AP << /N 41 0 R >> >>`,
        },
        { num: N.acroForm, body: acroForm(`${N.sigField} 0 R 42 0 R`) },
        { num: N.page, body: signedPage(`${N.sigField} 0 R 42 0 R`) },
      ]);
      return sign(updated, file.length);
    },
  },
  "a signed invoice with a sticky note added": {
    rules: ["modified-after-signature"],
    build: () =>
      appendUpdate(signedInvoice(), [
        {
          num: 40,
          body: `<< /Type /Annot /Subtype /Text /Rect [560 740 580 760] /Contents (Checked by accounts) /Open false /P ${N.page} 0 R >>`,
        },
        { num: N.page, body: signedPage(`${N.sigField} 0 R 40 0 R`) },
      ]),
  },
  "an unsigned form that resets itself on open": {
    rules: ["signed-document-rewritten-on-open"],
    build: () => invoice({ catalog: "/OpenAction << /S /ResetForm >>" }),
  },
  "a signed form with a reset button (a click, not an automatic trigger)": {
    rules: ["signed-document-rewritten-on-open"],
    build: signedWith("", { resetButton: true }),
  },
  "a signed XFA form that numbers its pages when laid out": {
    rules: ["signed-document-rewritten-on-open"],
    build: signedWith("", {
      xfaTemplate:
        '<field name="page"><event activity="ready" ref="$layout"><script contentType="application/x-javascript">this.rawValue = xfa.layout.page(this);</script></event></field>',
    }),
  },
};

/** One document per rule of this cluster, in the shape of the rule registry test's FIXTURES (rules.test.ts). */
export const DOS_TAMPER_RULE_FIXTURES: Record<string, { name: string; build: CarrierFixture }> = {
  "denial-of-service-loop": { name: "a page-tree node among its own /Kids", build: STRUCTURE_LOOP["page-tree-cycle"] },
  "calculator-stack-exhaustion": {
    name: "a shading whose calculator function doubles its stack with copy",
    build: CALCULATOR_STACK_EXHAUSTION["shading-copy-doubling"],
  },
  "javascript-resource-exhaustion": {
    name: "an /OpenAction script with while (true) and no way out",
    build: RESOURCE_EXHAUSTION_SCRIPT["endless-loop"],
  },
  "modified-after-signature": {
    name: "a signed invoice whose content stream an update redefines",
    build: SHADOW_ATTACK.replace,
  },
  "signature-does-not-cover-file": {
    name: "a ByteRange that leaves out an object besides /Contents",
    build: SIGNATURE_WRAPPING["signature-gap"],
  },
  "unverifiable-signature": {
    name: "a signature dictionary without /ByteRange",
    build: UNIVERSAL_SIGNATURE_FORGERY["byte-range-removed"],
  },
  "signed-document-rewritten-on-open": {
    name: "a signed form whose /OpenAction sets a field",
    build: FIELD_REWRITE_ON_OPEN["script-sets-field"],
  },
};
