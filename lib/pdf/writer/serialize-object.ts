// PDF object syntax out of the object model (ISO 32000-2 §7.3): the inverse of parser.ts. Used to
// write whole new files (lib/pdf/writer/write-pdf.ts); no stream data here, only dictionaries.
import { PdfDict, PdfKeyword, PdfName, PdfRef, PdfStream, PdfString, latin1, type PdfObject } from "../objects";

/** Bytes that must be written #xx in a name (§7.3.5): outside ! to ~, '#' and the delimiters. */
function nameNeedsEscape(c: number): boolean {
  return c < 0x21 || c > 0x7e || c === 0x23 || "()<>[]{}/%".includes(String.fromCharCode(c));
}

/** `/Name`, with #xx escapes only where the syntax needs them (an obfuscated spelling comes out plain). */
export function serializeName(name: string): string {
  let out = "/";
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i) & 0xff;
    out += nameNeedsEscape(c) ? `#${c.toString(16).padStart(2, "0")}` : name[i];
  }
  return out;
}

/**
 * A real number without exponent (§7.3.3: PDF has none). Integers as they are; reals with up to ten
 * decimals; NaN and infinities, which no file can spell but a hostile one can reach through
 * overflow, as 0.
 */
export function serializeNumber(n: number): string {
  if (!Number.isFinite(n)) return "0";
  if (Number.isInteger(n)) return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString();
  const fixed = n.toFixed(10).replace(/\.?0+$/, "");
  return fixed === "-0" ? "0" : fixed;
}

const LITERAL_ESCAPES: Record<string, string> = { "\\": "\\\\", "(": "\\(", ")": "\\)", "\r": "\\r", "\n": "\\n" };

/** A string as written in the source: hex `< >` when it was hex, else a literal with escapes. */
export function serializeString(s: PdfString): string {
  if (s.hex) return `<${Buffer.from(s.bytes).toString("hex")}>`;
  // CR and LF are escaped: a reader turns a raw end-of-line inside a literal into LF (§7.3.4.2)
  return `(${latin1(s.bytes).replace(/[\\()\r\n]/g, (c) => LITERAL_ESCAPES[c])})`;
}

/**
 * One direct object as PDF syntax (one char per byte, latin1). A stream is written as its dictionary
 * only: write-pdf.ts adds the data. Past `maxDepth` nesting an object is written null (the parser
 * never builds deeper ones; the bound keeps a hand-built hostile value from exhausting the stack).
 */
export function serializeObject(o: PdfObject, maxDepth: number, depth = 0): string {
  if (o === null || o instanceof PdfKeyword) return "null";
  if (typeof o === "boolean") return o ? "true" : "false";
  if (typeof o === "number") return serializeNumber(o);
  if (o instanceof PdfName) return serializeName(o.name);
  if (o instanceof PdfString) return serializeString(o);
  if (o instanceof PdfRef) return `${o.num} ${o.gen} R`;
  if (depth >= maxDepth) return "null";
  if (Array.isArray(o)) return `[${o.map((v) => serializeObject(v, maxDepth, depth + 1)).join(" ")}]`;
  const d = o instanceof PdfStream ? o.dict : o instanceof PdfDict ? o : null;
  if (!d) return "null";
  let out = "<<";
  for (const [k, v] of d.entries) out += ` ${serializeName(k)} ${serializeObject(v, maxDepth, depth + 1)}`;
  return `${out} >>`;
}
