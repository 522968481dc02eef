// Name trees (ISO 32000 §7.9.6): the /EmbeddedFiles, /JavaScript and other name-to-object maps of a
// document, read the same way wherever one is walked (actions, attachments, portfolios, disarm).
import type { BudgetName } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { PdfRef, PdfString, type PdfDict, type PdfObject } from "../../pdf/objects";

/** Values of a name tree (§7.9.6), cycle-guarded and bounded by `maxNodes`; `budget` names that bound in budget_hits when it stops the walk. */
export function nameTreeValues(
  doc: PdfDocument,
  root: PdfObject | undefined,
  path: string,
  maxNodes: number,
  budget?: BudgetName,
): { name: string; value: PdfObject; path: string; ref?: string }[] {
  const out: { name: string; value: PdfObject; path: string; ref?: string }[] = [];
  const seen = new Set<PdfDict>();
  const stack: [PdfObject | undefined, string][] = [[root, path]];
  let nodes = 0;
  while (stack.length && nodes++ < maxNodes) {
    const [n, p] = stack.pop()!;
    const d = doc.dict(n);
    if (!d || seen.has(d)) continue;
    seen.add(d);
    const names = doc.resolve(d.get("Names"));
    if (Array.isArray(names)) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const key = doc.resolve(names[i]);
        const name = key instanceof PdfString ? key.text : String(i / 2);
        out.push({
          name,
          value: names[i + 1],
          path: `${p}/Names[${i + 1}]`,
          ref: names[i + 1] instanceof PdfRef ? String(names[i + 1]) : n instanceof PdfRef ? String(n) : undefined,
        });
      }
    }
    const kids = doc.resolve(d.get("Kids"));
    if (Array.isArray(kids)) kids.forEach((k, i) => stack.push([k, `${p}/Kids[${i}]`]));
  }
  if (stack.length && budget) doc.budgetHits.add(budget);
  return out;
}
