// 3D and RichMedia annotations (ISO 32000-1 §13.6, Adobe Extension Level 3 §9.6) and the assets of
// RichMedia content: when their parsers start, and which files they are handed.
import type { PdfDocument } from "../../pdf/document";
import { PdfName } from "../../pdf/objects";
import { richMediaAssets } from "../embedded/portfolio";
import { sniffPayload, type PayloadKind } from "../content/file-magic";

export interface MediaAnnotationFact {
  objectRef: string;
  subtype: "3D" | "RichMedia";
  /** activation condition: /3DA /A for 3D, /RichMediaSettings /Activation /Condition for RichMedia (PO, PV, XA, ...) */
  activation?: string;
}

export interface RichMediaAssetFact {
  objectRef?: string;
  path: string;
  name: string;
  /** has a /Subtype but no /Type: a shape the embedded-file scan skips */
  subtypeOnly: boolean;
  /** sniffed from the decoded content (unknown when encrypted) */
  kind: PayloadKind;
  size: number;
}

export interface MediaFacts {
  annotations: MediaAnnotationFact[];
  richMediaAssets: RichMediaAssetFact[];
}

/** a window, not a budget: an asset's type is sniffed from its first bytes */
const SNIFF_BYTES = 64;

export function collectMedia(doc: PdfDocument): MediaFacts {
  const annotations: MediaAnnotationFact[] = [];
  for (const inst of doc.table.values()) {
    const num = inst.num;
    const d = doc.dict(inst.value);
    const sub = d?.get("Subtype");
    if (!d || !(sub instanceof PdfName) || (sub.name !== "3D" && sub.name !== "RichMedia")) continue;
    const act =
      sub.name === "3D"
        ? doc.dict(d.get("3DA"))?.get("A")
        : doc.dict(doc.dict(d.get("RichMediaSettings"))?.get("Activation"))?.get("Condition");
    const cond = doc.resolve(act);
    annotations.push({
      objectRef: `${num} ${inst.gen} R`,
      subtype: sub.name,
      activation: cond instanceof PdfName ? cond.name : undefined,
    });
  }
  const assets: RichMediaAssetFact[] = [];
  if (annotations.some((a) => a.subtype === "RichMedia")) {
    for (const [stream, asset] of richMediaAssets(doc)) {
      const owner = doc.ownerOf(stream);
      const d = doc.decode(stream);
      assets.push({
        objectRef: owner ? `${owner.num} ${owner.gen} R` : undefined,
        path: asset.path,
        name: asset.name,
        subtypeOnly: stream.dict.has("Subtype") && !stream.dict.has("Type"),
        kind: d.encrypted ? "unknown" : sniffPayload(d.data.subarray(0, SNIFF_BYTES)),
        size: d.data.length,
      });
    }
  }
  return { annotations, richMediaAssets: assets };
}
