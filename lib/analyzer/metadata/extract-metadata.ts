// Document metadata for the report (ISO 32000-2 §14.3): the trailer's /Info dictionary and the
// catalog's XMP /Metadata stream. Info wins where both have a value (it is what most readers show);
// XMP fills the gaps. Dates become RFC 3339 where they parse, else stay as written.
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, PdfString } from "../../pdf/objects";
import { isContentOpaque } from "../content/content-opaque";
import type { Metadata } from "../report";
import { parsePdfDate } from "./parse-pdf-date";
import { decodePdfDocText } from "./pdf-doc-encoding";
import { extractXmp, xmpText } from "./extract-xmp";

/** Characters kept of one Info value (a field can hold a whole encoded payload, see payload-in-text-field). */
const MAX_INFO_CHARS = 1024;

export function extractMetadata(doc: PdfDocument, pageCount: number | null): Metadata {
  // without the key, strings are ciphertext: nothing of them is metadata
  const readable = !isContentOpaque(doc.security);
  const info = readable ? doc.dict(doc.trailer?.get("Info")) : undefined;
  const infoText = (key: string): string | null => {
    const v = doc.resolve(info?.get(key));
    if (!(v instanceof PdfString)) return null;
    const t = decodePdfDocText(v.bytes)
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
      .trim();
    if (!t) return null;
    return t.length > MAX_INFO_CHARS ? `${t.slice(0, MAX_INFO_CHARS)}…` : t;
  };
  const xmp = readable ? readXmp(doc) : {};
  const date = (infoKey: string, xmpKey: string): string | null => {
    const raw = infoText(infoKey) ?? xmp[xmpKey] ?? null;
    return raw === null ? null : (parsePdfDate(raw) ?? raw);
  };
  return {
    title: infoText("Title") ?? xmp["dc:title"] ?? null,
    author: infoText("Author") ?? xmp["dc:creator"] ?? null,
    subject: infoText("Subject") ?? xmp["dc:description"] ?? null,
    keywords: infoText("Keywords") ?? xmp["pdf:Keywords"] ?? null,
    creator: infoText("Creator") ?? xmp["xmp:CreatorTool"] ?? null,
    producer: infoText("Producer") ?? xmp["pdf:Producer"] ?? null,
    creation_date: date("CreationDate", "xmp:CreateDate"),
    modification_date: date("ModDate", "xmp:ModifyDate"),
    pdf_version: pdfVersion(doc),
    page_count: pageCount,
    xmp,
  };
}

function readXmp(doc: PdfDocument): Record<string, string> {
  const stream = doc.resolve(doc.catalog?.get("Metadata"));
  if (!(stream instanceof PdfStream)) return {};
  const decoded = doc.decode(stream);
  if (decoded.encrypted) return {};
  const max = doc.limits.MAX_XMP_BYTES;
  if (decoded.data.length > max) doc.budgetHits.add("MAX_XMP_BYTES");
  return extractXmp(xmpText(decoded.data.subarray(0, max)));
}

/** The header version, or the catalog's /Version when that is later (§7.7.2: an update may raise it). */
function pdfVersion(doc: PdfDocument): string | null {
  const header = doc.header.version;
  const v = doc.resolve(doc.catalog?.get("Version"));
  const declared = v instanceof PdfName && /^\d+\.\d+$/.test(v.name) ? v.name : null;
  if (!declared) return header;
  if (!header) return declared;
  return compareVersions(declared, header) > 0 ? declared : header;
}

function compareVersions(a: string, b: string): number {
  const [am, an] = a.split(".").map(Number);
  const [bm, bn] = b.split(".").map(Number);
  return am - bm || an - bn;
}
