// Test-only: the plain document every technique fixture starts from (a page of text), and the few
// pieces they share: a script action, a link annotation, an attachment, an XFA form. Each fixture adds
// one technique through one carrier, so what fires is the technique, not the document's look.
import { PdfBuilder, bytes, hexString } from "../../../pdf/testing/pdf-builder";

export interface PlainParts {
  /** extra catalog entries */
  catalog?: string;
  /** extra entries of the first page */
  page?: string;
  /** annotation dictionaries of the first page */
  annots?: string[];
  /** adds objects first; may return more catalog/page entries that refer to them */
  setup?: (b: PdfBuilder) => { catalog?: string; page?: string } | void;
  /** pages (the first one carries `page` and `annots`) */
  pages?: number;
}

/** A document of `pages` pages of text, with the parts of one fixture. */
export function plainDocument({ catalog = "", page = "", annots = [], setup, pages = 1 }: PlainParts = {}): PdfBuilder {
  const b = new PdfBuilder();
  const extra = setup?.(b) ?? {};
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const annotNums = annots.map((a) => b.add(a));
  const content = b.addFlateStream(
    "",
    "BT /F1 12 Tf 72 720 Td (Minutes of the meeting of 14 March.) Tj 0 -16 Td (Present: the board and the auditors.) Tj ET",
  );
  const annotEntry = annotNums.length ? `/Annots [${annotNums.map((n) => `${n} 0 R`).join(" ")}]` : "";
  b.addCatalog(
    `${catalog} ${extra.catalog ?? ""}`,
    pages,
    `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R ${annotEntry} ${page} ${extra.page ?? ""}`,
  );
  return b;
}

export const built = (parts: PlainParts = {}): Uint8Array => plainDocument(parts).build();

/** A JavaScript action dictionary running `js` (hex-encoded, so any script text survives PDF string syntax). */
export const scriptAction = (js: string) => `<< /S /JavaScript /JS ${hexString(js)} >>`;

/** A small link annotation with action `action`. */
export const linkAnnot = (action: string, rect = "72 690 240 704") =>
  `<< /Type /Annot /Subtype /Link /Rect [${rect}] /Border [0 0 0] /A ${action} >>`;

/** An annotation (a note icon) whose additional actions are `aa` (e.g. `/PV << ... >>`). */
export const annotWithAa = (aa: string) =>
  `<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /Contents (Note) /AA << ${aa} >> >>`;

/** A form with one widget field whose activation action is `action`. */
export function formWithButton(action: string): PlainParts {
  return {
    setup(b) {
      const field = b.add(
        `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (open) /Rect [72 600 200 630] /A ${action} >>`,
      );
      return { catalog: `/AcroForm << /Fields [${field} 0 R] >>`, page: `/Annots [${field} 0 R]` };
    },
  };
}

/** An AcroForm whose /XFA stream holds `xml`. */
export function xfaForm(xml: string): PlainParts {
  return { setup: (b) => ({ catalog: `/AcroForm << /Fields [] /XFA ${b.addStream("", xml)} 0 R >>` }) };
}

/** An XFA template whose one field runs `script` (JavaScript) on `activity`. */
export const xfaEventScript = (activity: string, script: string) =>
  `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template xmlns="http://www.xfa.org/schema/xfa-template/3.3/"><subform name="form1"><field name="f1"/>` +
  `<event activity="${activity}"><script contentType="application/x-javascript">${script}</script></event></subform></template></xdp:xdp>`;

/** A GoTo to a named destination that goes on to `next`: the harmless head of a /Next chain (§12.6.2). */
export const goToThen = (next: string) => `<< /S /GoTo /D (intro) /Next ${next} >>`;

/**
 * An FDF file (Forms Data Format, ISO 32000-2 §12.7.8): `%FDF-1.2`, a catalog whose /FDF dictionary
 * holds `fdf` (the form it fills, scripts) and `fields` (two values by default), and a trailer; no cross-reference
 * table or startxref, as Acrobat writes them. Opening one makes the viewer open the form named by /F.
 */
export function fdfFile(
  fdf: string,
  fields = "/Fields [<< /T (name) /V (Jane Doe) >> << /T (date) /V (2026-03-01) >>]",
): Uint8Array {
  return bytes(
    `%FDF-1.2\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /FDF << ${fdf} ${fields} >> >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );
}
