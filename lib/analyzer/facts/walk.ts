// Iterative walk over a direct object tree (no recursion: hostile nesting cannot blow the stack).
import { PdfDict, PdfName, PdfStream, PdfString, type PdfObject } from "../../pdf/objects";

export interface WalkVisitor {
  /** a name used as a value */
  name?(n: PdfName, path: string): void;
  /** a dictionary key (already #xx-decoded) */
  key?(k: string, path: string): void;
  string?(s: PdfString, path: string): void;
  dict?(d: PdfDict, path: string): void;
  number?(n: number, path: string, key: string): void;
}

/** Visits names (keys and values), strings, dicts and numbers below `root`, with a /Key/Key path. */
export function walkObject(root: PdfObject, visitor: WalkVisitor, maxNodes = 1_000_000): void {
  const stack: [PdfObject, string, string][] = [[root, "", ""]];
  let nodes = 0;
  while (stack.length) {
    const [obj, path, key] = stack.pop()!;
    if (++nodes > maxNodes) return;
    if (obj instanceof PdfName) visitor.name?.(obj, path);
    else if (obj instanceof PdfString) visitor.string?.(obj, path);
    else if (typeof obj === "number") visitor.number?.(obj, path, key);
    else if (Array.isArray(obj)) {
      for (let i = obj.length - 1; i >= 0; i--) stack.push([obj[i], `${path}[${i}]`, key]);
    } else {
      const d = obj instanceof PdfStream ? obj.dict : obj instanceof PdfDict ? obj : null;
      if (!d) continue;
      visitor.dict?.(d, path);
      for (const [k, v] of d.entries) {
        visitor.key?.(k, path);
        stack.push([v, `${path}/${k}`, k]);
      }
    }
  }
}
