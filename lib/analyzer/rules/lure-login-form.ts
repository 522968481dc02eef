import type { PdfDocument } from "../../pdf/document";
import { PdfName, PdfRef, PdfString, type PdfObject } from "../../pdf/objects";
import { classifyUrl } from "../iocs/classify-url";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Field flag 14 of text fields (ISO 32000-2 §12.7.5.3, Table 228): Password, shown as asterisks. */
const FF_PASSWORD = 1 << 13;
const MAX_FIELDS = 10_000;
/**
 * Words of password fields' names: English, German, Spanish, Portuguese, French, Russian, Dutch, Swedish,
 * Polish, Italian (password), Turkish.
 */
const PASSWORD_WORDS = new Set(["pass", "password", "passwd", "passcode", "passphrase", "pwd", "pw", "pin", "passwort", "kennwort", "contraseña", "contrasena", "senha", "motdepasse", "mdp", "пароль", "wachtwoord", "lösenord", "hasło", "haslo", "şifre", "sifre", "parola", "parolă"]);
/** The same in scripts written without spaces between words, or as two words: Japanese, Chinese, Korean, Arabic. */
const PASSWORD_PHRASES = ["パスワード", "暗証番号", "密码", "密碼", "口令", "비밀번호", "암호", "كلمة المرور", "كلمة السر", "رمز المرور"];
/** A script's submitForm("http://...") or submitForm({cURL: "http://..."}) (Acrobat JS API, Doc.submitForm). */
const SCRIPT_SUBMIT = /submitForm\s*\(\s*(?:\{[^}]{0,400}?\bcURL\s*:\s*)?["'`]((?:https?):\/\/[^"'`\s]+)/gi;

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
  const stack: { node: PdfObject; parent: string; ft?: string; ff: number }[] = fields.map((f) => ({ node: f, parent: "", ff: 0 }));
  while (stack.length && seen.size < MAX_FIELDS) {
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
    if (why) out.push({ name: name || "(unnamed)", objectRef: node instanceof PdfRef ? node.toString() : undefined, why });
  }
  return out;
}

function hasPasswordWord(label: string): boolean {
  const words = label
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .replace(/mot ?de ?passe/g, "motdepasse")
    .split(/[^\p{L}\p{N}]+/u);
  return words.some((w) => PASSWORD_WORDS.has(w) || /^(pass|pwd)\d*$/.test(w)) || PASSWORD_PHRASES.some((p) => label.includes(p));
}

/** An http(s) address with a real host: where a form's fields can be posted. */
function isWebUrl(target: string): boolean {
  const scheme = classifyUrl(target)?.scheme;
  return scheme === "http" || scheme === "https";
}

export const lureLoginForm = defineRule({
  id: "lure-login-form",
  title: "Login form that sends a password to a web server",
  description:
    "The document is a form with a password field (the Password field flag or a password-like field name) and a submit action, or a script calling submitForm, that posts the fields to a web address. Legitimate PDF forms do not collect account passwords: this is a credential-harvesting page inside a PDF.",
  category: "form",
  severity: "high",
  weight: 55,
  attack: ["T1566.001", "T1056.003"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ doc, actions, scripts }) {
    const passwords = passwordFields(doc);
    if (!passwords.length) return null;
    const targets: { url: string; objectRef?: string; path: string }[] = [];
    for (const a of actions) {
      if (a.type === "SubmitForm" && a.target && isWebUrl(a.target)) targets.push({ url: a.target, objectRef: a.objectRef, path: a.path });
    }
    for (const s of scripts) {
      for (const m of s.source.slice(0, 1024 * 1024).matchAll(SCRIPT_SUBMIT)) if (isWebUrl(m[1])) targets.push({ url: m[1], objectRef: s.objectRef, path: s.path });
    }
    if (!targets.length) return null;
    return {
      evidence: [
        ...passwords.slice(0, 5).map((f) => evidence({ objectRef: f.objectRef, path: "/Root/AcroForm/Fields", excerpt: `field '${excerpt(f.name, 60)}' (${f.why})` })),
        ...targets.slice(0, 5).map((t) => evidence({ objectRef: t.objectRef, path: t.path, excerpt: `submits to ${excerpt(t.url)}` })),
      ],
      confidence: passwords.some((f) => f.why === "Password flag") ? "high" : "medium",
    };
  },
});
