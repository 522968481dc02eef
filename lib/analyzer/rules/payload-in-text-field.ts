import { PdfDict, PdfStream, PdfString } from "../../pdf/objects";
import { bytesToText } from "../facts/text";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Annotation and metadata text fields that scripts can read back (getAnnots().subject, info.Title). */
const TEXT_FIELDS = ["Subj", "Contents", "T", "Title", "Subject", "Keywords", "Author", "Creator", "Producer"];
const MIN_PAYLOAD_CHARS = 1024;

/** Long, unbroken runs of encoded characters: no natural-language text looks like this. */
export function looksEncoded(text: string): boolean {
  if (text.length < MIN_PAYLOAD_CHARS) return false;
  const sample = text.slice(0, 64 * 1024);
  let spaces = 0;
  let alnum = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) spaces++;
    else if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 37) alnum++;
  }
  return spaces / sample.length < 0.01 && alnum / sample.length > 0.85;
}

export const payloadInTextField = defineRule({
  id: "payload-in-text-field",
  title: "Encoded payload hidden in an annotation or metadata field",
  description: "A comment, title or metadata field holds a long run of encoded characters instead of text. Exploit kits store their shellcode or script there and read it back with getAnnots()/info, so no script in the file looks suspicious on its own.",
  category: "obfuscation",
  severity: "high",
  weight: 50,
  attack: ["T1027", "T1027.009"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr"],
  check({ doc }) {
    const hits: { ref: string; key: string; text: string }[] = [];
    const infoDict = doc.dict(doc.trailer?.get("Info"));
    const candidates: [PdfDict, string][] = [];
    // annotations (they have a /Rect) and the document information dictionary
    for (const [num, inst] of doc.table) if (inst.value instanceof PdfDict && inst.value.has("Rect")) candidates.push([inst.value, `${num} ${inst.gen} R`]);
    if (infoDict) candidates.push([infoDict, "/Info"]);
    for (const [d, ref] of candidates) {
      for (const key of TEXT_FIELDS) {
        const v = doc.resolve(d.get(key));
        let text: string | undefined;
        if (v instanceof PdfString) text = v.text;
        else if (v instanceof PdfStream) {
          const dec = doc.decode(v);
          if (!dec.encrypted) text = bytesToText(dec.data, 1024 * 1024);
        }
        if (text && looksEncoded(text)) hits.push({ ref, key, text });
      }
      if (hits.length >= 10) break;
    }
    if (!hits.length) return null;
    return { evidence: hits.map((h) => evidence({ objectRef: h.ref.startsWith("/") ? undefined : h.ref, path: `/${h.key}`, excerpt: `${h.text.length} chars: ${excerpt(h.text, 60)}` })) };
  },
});
