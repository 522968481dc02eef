// Font facts used by exploit rules: embedded font programs and the /FontMatrix of every font.
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfName, PdfStream } from "../../pdf/objects";

export interface FontMatrixFact {
  objectRef: string;
  /** entries that are not numbers (a string here is code injected into pdf.js, CVE-2024-4367) */
  nonNumeric: string[];
}

export interface FontProgramFact {
  objectRef: string;
  key: "FontFile" | "FontFile2" | "FontFile3";
  stream: PdfStream;
}

export function collectFonts(doc: PdfDocument): { matrices: FontMatrixFact[]; programs: FontProgramFact[] } {
  const matrices: FontMatrixFact[] = [];
  const programs: FontProgramFact[] = [];
  for (const [num, inst] of doc.table) {
    const d = inst.value instanceof PdfDict ? inst.value : inst.value instanceof PdfStream ? inst.value.dict : null;
    if (!d) continue;
    const ref = `${num} ${inst.gen} R`;
    const type = d.get("Type");
    const isFontish = (type instanceof PdfName && (type.name === "Font" || type.name === "FontDescriptor")) || d.has("FontMatrix");
    if (!isFontish) continue;
    const m = doc.resolve(d.get("FontMatrix"));
    if (Array.isArray(m)) {
      const bad = m.map((v) => doc.resolve(v)).filter((v) => typeof v !== "number");
      if (bad.length) matrices.push({ objectRef: ref, nonNumeric: bad.map((v) => describe(v)) });
    }
    for (const key of ["FontFile", "FontFile2", "FontFile3"] as const) {
      const s = doc.resolve(d.get(key));
      if (s instanceof PdfStream) {
        const owner = doc.ownerOf(s);
        programs.push({ objectRef: owner ? `${owner.num} ${owner.gen} R` : ref, key, stream: s });
      }
    }
  }
  return { matrices, programs };
}

function describe(v: unknown): string {
  if (v && typeof v === "object" && "text" in v) return String((v as { text: string }).text).slice(0, 200);
  return String(v).slice(0, 200);
}
