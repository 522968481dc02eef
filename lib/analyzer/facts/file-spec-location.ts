// Where a file specification (ISO 32000-2 §7.11) points: each of its strings classified, the most
// remote one kept. A reader picks the entry for its platform (/DOS, /Unix, /Mac, else /UF or /F), so a
// share named in any of them is reached by some reader: the attacker chooses which.
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfString, type PdfObject } from "../../pdf/objects";
import {
  classifyLocation,
  isFileShare,
  isRemote,
  type Location,
  type LocationSyntax,
} from "../content/classify-location";

export interface FileSpecLocation extends Location {
  /** the string that names the location */
  target: string;
  /** the entry it came from: "F", "UF", "DOS", ... ("" for a string file specification) */
  key: string;
  /** the specification carries the file's data (/EF, §7.11.4): no reader goes to the location */
  embedded: boolean;
}

const KEYS = ["UF", "F", "DOS", "Unix", "Mac"] as const;

export function fileSpecLocation(
  doc: PdfDocument,
  value: PdfObject | undefined,
  syntax: LocationSyntax = "file-spec",
): FileSpecLocation | undefined {
  const v = doc.resolve(value);
  if (v instanceof PdfString) return { ...classifyLocation(v.text, syntax), target: v.text, key: "", embedded: false };
  const d = doc.dict(v);
  if (!d) return undefined;
  const fs = doc.resolve(d.get("FS"));
  // §7.11.5: a URL file system makes /F a uniform resource locator
  const url = fs instanceof PdfName && fs.name === "URL";
  const embedded = d.has("EF");
  let best: FileSpecLocation | undefined;
  for (const key of KEYS) {
    const s = doc.resolve(d.get(key));
    if (!(s instanceof PdfString)) continue;
    const keySyntax: LocationSyntax = url ? "uri" : key === "DOS" ? "windows-path" : syntax;
    const found = { ...classifyLocation(s.text, keySyntax), target: s.text, key, embedded };
    if (!best || rank(found) > rank(best)) best = found;
  }
  return best;
}

/** the most remote location wins: a file share, then any network location, then the rest */
export function rank(l: Location): number {
  return isFileShare(l.kind) ? 2 : isRemote(l.kind) ? 1 : 0;
}
