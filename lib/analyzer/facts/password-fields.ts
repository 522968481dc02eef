// Text fields that take a password (the lure-login-form rule): the Password field flag, or a password-like
// name or tooltip in any of a dozen languages. Gathered once with the other facts (§12.7.4: FT and Ff are
// inherited down the field tree), so the rule reads data, not the document.
import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfRef, PdfString, type PdfObject } from "../../pdf/objects";

/** Field flag 14 of text fields (ISO 32000-2 §12.7.5.3, Table 228): Password, shown as asterisks. */
const FF_PASSWORD = 1 << 13;
/**
 * Words of password fields' names: English, German, Spanish, Portuguese, French, Russian, Dutch, Swedish,
 * Polish, Italian (password), Turkish.
 */
const PASSWORD_WORDS = new Set([
  "pass",
  "password",
  "passwd",
  "passcode",
  "passphrase",
  "pwd",
  "pw",
  "pin",
  "passwort",
  "kennwort",
  "contraseña",
  "contrasena",
  "senha",
  "motdepasse",
  "mdp",
  "пароль",
  "wachtwoord",
  "lösenord",
  "hasło",
  "haslo",
  "şifre",
  "sifre",
  "parola",
  "parolă",
]);
/** The same in scripts written without spaces between words, or as two words: Japanese, Chinese, Korean, Arabic. */
const PASSWORD_PHRASES = [
  "パスワード",
  "暗証番号",
  "密码",
  "密碼",
  "口令",
  "비밀번호",
  "암호",
  "كلمة المرور",
  "كلمة السر",
  "رمز المرور",
];
export interface PasswordField {
  name: string;
  objectRef?: string;
  why: string;
}

/** Text fields that take a password: the Password flag, or a password-like name (§12.7.4). */
export function passwordFields(doc: PdfDocument): PasswordField[] {
  const form = doc.dict(doc.catalog?.get("AcroForm"));
  const fields = doc.resolve(form?.get("Fields"));
  if (!Array.isArray(fields)) return [];
  const out: PasswordField[] = [];
  const seen = new Set<object>();
  // FT and Ff are inheritable from the parent field (§12.7.4.1)
  const stack: { node: PdfObject; parent: string; ft?: string; ff: number }[] = fields.map((f) => ({
    node: f,
    parent: "",
    ff: 0,
  }));
  const maxFields = doc.limits.MAX_FORM_FIELDS;
  while (stack.length && seen.size < maxFields) {
    const { node, parent, ft: parentFt, ff: parentFf } = stack.pop()!;
    const d = doc.dict(node);
    if (!d || seen.has(d)) continue;
    seen.add(d);
    const t = doc.resolve(d.get("T"));
    const partial = t instanceof PdfString ? t.text : "";
    const name = partial ? (parent ? `${parent}.${partial}` : partial) : parent;
    const ftObj = doc.resolve(d.get("FT"));
    const ft = ftObj instanceof PdfName ? ftObj.name : parentFt;
    const ffObj = doc.resolve(d.get("Ff"));
    const ff = typeof ffObj === "number" ? ffObj : parentFf;
    const kids = doc.resolve(d.get("Kids"));
    const childFields = Array.isArray(kids) ? kids.filter((k) => doc.dict(k)?.has("T")) : [];
    if (Array.isArray(kids) && childFields.length) {
      for (const k of childFields) stack.push({ node: k, parent: name, ft, ff });
      continue;
    }
    if (ft !== "Tx") continue;
    const tooltip = doc.resolve(d.get("TU"));
    const label = `${name} ${tooltip instanceof PdfString ? tooltip.text : ""}`;
    const why = ff & FF_PASSWORD ? "Password flag" : hasPasswordWord(label) ? "password-like name" : null;
    if (why)
      out.push({ name: name || "(unnamed)", objectRef: node instanceof PdfRef ? node.toString() : undefined, why });
  }
  if (stack.length) doc.budgetHits.add("MAX_FORM_FIELDS");
  return out;
}

function hasPasswordWord(label: string): boolean {
  const words = label
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/mot ?de ?passe/g, "motdepasse")
    .split(/[^\p{L}\p{N}]+/u);
  return (
    words.some((w) => PASSWORD_WORDS.has(w) || /^(pass|pwd)\d*$/.test(w)) ||
    PASSWORD_PHRASES.some((p) => label.includes(p))
  );
}
