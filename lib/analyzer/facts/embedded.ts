// Embedded files (§7.11.4): the /EmbeddedFiles name tree, file-attachment annotations and any
// /Type /EmbeddedFile stream, each with its name, decoded size, hashes and sniffed type.
import { createHash } from "node:crypto";
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfStream, type PdfObject } from "../../pdf/objects";
import { nameTreeValues } from "../content/name-tree";
import { sniffPayload } from "../content/file-magic";
import { isDataAttachment } from "../embedded/data-attachment";
import type { EmbeddedFileFact } from "../embedded/embedded-file-fact";
import { fileSpecText } from "../content/text";

export type { EmbeddedFileFact };

export function collectEmbeddedFiles(doc: PdfDocument): EmbeddedFileFact[] {
  const out: EmbeddedFileFact[] = [];
  const seen = new Set<PdfStream>();
  const add = (stream: PdfStream, name: string, path: string) => {
    if (seen.has(stream)) return;
    seen.add(stream);
    const decoded = doc.decode(stream);
    if (decoded.encrypted) return;
    const owner = doc.ownerOf(stream);
    const sub = doc.resolve(stream.dict.get("Subtype"));
    const kind = sniffPayload(decoded.data);
    out.push({
      name,
      objectRef: owner ? `${owner.num} ${owner.gen} R` : undefined,
      path,
      size: decoded.data.length,
      sha256: createHash("sha256").update(decoded.data).digest("hex"),
      md5: createHash("md5").update(decoded.data).digest("hex"),
      kind,
      subtype: sub instanceof PdfName ? sub.name : undefined,
      data: decoded.data,
      incomplete: !decoded.complete,
      dataOnly: isDataAttachment(name, kind, decoded.data, !decoded.complete),
    });
  };
  const fromFileSpec = (spec: PdfObject | undefined, path: string) => {
    const fs = doc.dict(spec);
    const ef = doc.dict(fs?.get("EF"));
    if (!fs || !ef) return;
    const name = fileSpecText(doc, spec) ?? "(unnamed)";
    for (const key of ["F", "UF", "DOS", "Unix", "Mac"]) {
      const s = doc.resolve(ef.get(key));
      if (s instanceof PdfStream) add(s, name, `${path}/EF/${key}`);
    }
  };
  const names = doc.dict(doc.catalog?.get("Names"));
  if (names) {
    for (const v of nameTreeValues(
      doc,
      names.get("EmbeddedFiles"),
      "/Root/Names/EmbeddedFiles",
      doc.limits.MAX_NAME_TREE_NODES,
      "MAX_NAME_TREE_NODES",
    ))
      fromFileSpec(v.value, v.path);
  }
  doc.pages().forEach((page, p) => {
    const annots = doc.resolve(page.dict.get("Annots"));
    if (!Array.isArray(annots)) return;
    annots.forEach((a, i) => {
      const ad = doc.dict(a);
      if (
        ad &&
        doc.resolve(ad.get("Subtype")) instanceof PdfName &&
        (doc.resolve(ad.get("Subtype")) as PdfName).name === "FileAttachment"
      ) {
        fromFileSpec(ad.get("FS"), `/Root/Pages[${p}]/Annots[${i}]/FS`);
      }
    });
  });
  // streams typed as embedded files that no tree reaches (orphans are still payloads)
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const v = inst.value;
    if (v instanceof PdfStream && !seen.has(v)) {
      const t = v.dict.get("Type");
      if (t instanceof PdfName && t.name === "EmbeddedFile") add(v, `(object ${num})`, `${num} ${inst.gen} R`);
    }
  }
  return out;
}
