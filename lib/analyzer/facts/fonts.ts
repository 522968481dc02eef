// Font facts used by exploit rules: embedded font programs and the /FontMatrix of every font,
// whether the font dictionary is an object of its own or written inline in a /Resources dictionary.
import type { PdfDocument } from "../../pdf/document";
import { PdfDict, PdfStream, PdfString, refString, type PdfObject } from "../../pdf/objects";

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
  const maxNodes = doc.limits.MAX_FONT_WALK_NODES;
  let nodes = 0;
  for (const inst of doc.table.values()) {
    const num = inst.num;
    // direct children only: indirect ones are visited as objects of their own
    const stack: PdfObject[] = [inst.value];
    while (stack.length && nodes++ < maxNodes) {
      const o = stack.pop()!;
      if (Array.isArray(o)) {
        for (const v of o) if (v !== null && typeof v === "object") stack.push(v);
        continue;
      }
      const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
      if (!d) continue;
      const m = d.has("FontMatrix") ? doc.resolve(d.get("FontMatrix")) : undefined;
      if (Array.isArray(m)) {
        const bad = m.map((v) => doc.resolve(v)).filter((v) => typeof v !== "number");
        if (bad.length) matrices.push({ objectRef: refString(num, inst.gen), nonNumeric: bad.map(describe) });
      }
      for (const key of ["FontFile", "FontFile2", "FontFile3"] as const) {
        const s = d.has(key) ? doc.resolve(d.get(key)) : undefined;
        if (s instanceof PdfStream) {
          const owner = doc.ownerOf(s);
          programs.push({
            objectRef: owner ? refString(owner.num, owner.gen) : refString(num, inst.gen),
            key,
            stream: s,
          });
        }
      }
      for (const v of d.entries.values()) if (v !== null && typeof v === "object") stack.push(v);
    }
    if (stack.length) {
      doc.budgetHits.add("MAX_FONT_WALK_NODES");
      break;
    }
  }
  return { matrices, programs };
}

function describe(v: PdfObject | undefined): string {
  return (v instanceof PdfString ? `(${v.text})` : String(v)).slice(0, 200);
}
