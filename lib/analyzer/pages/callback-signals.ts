// What a call-back phishing notice says (TOAD, "telephone-oriented attack delivery"): a fake invoice,
// renewal or order confirmation for a charge the reader never made (antivirus, Geek Squad, PayPal,
// Amazon...), whose one way out is a phone number "to cancel or dispute". The caller reaches the
// attacker, who talks the victim into a remote-access tool or a bank transfer. There is no link to check;
// the lure is its wording, read here from a page's text (fast: content streams; deep: rendered text).
//
// Four things together, near each other, in a short text: a phone number; a call to action beside it
// ("call", "contact our billing department at"); a cancellation or dispute of a charge the reader did not
// make ("if you did not authorize", "to cancel your subscription", "for a refund"); and the charge
// itself (an amount of money with subscription, renewal or order wording). Ordinary invoices, statements
// and letters give a phone number for questions, not for cancelling a charge the reader never made; a
// bank statement's error-resolution notice says something like it, on a long page of transactions.
// English, German, French and Spanish, plus the impersonated brands of public TOAD write-ups.
import { textWindow, type Budget } from "../../limits";
import { normalizeText, withUnicodeBoundaries, wordCount, type UnicodePhrase } from "./lure-signals";

/** a detection threshold: a notice is short; more words than this on the pages read is a statement, a contract, a manual */
export const CALLBACK_MAX_WORDS = 700;
/** a format limit: characters of a phone number candidate ("+1 (800) 555-0199 " is 18) */
const MAX_PHONE_CHARS = 24;
/** detection windows: the call to action stands this close before the number ("please call our billing team at") or after it */
const ACTION_BEFORE_CHARS = 120;
const ACTION_AFTER_CHARS = 60;
/** a detection window: the cancellation or dispute is said this close to the number (the same paragraph) */
const CANCEL_WINDOW_CHARS = 400;

export interface PhoneNumber {
  /** as written (normalised spaces) */
  text: string;
  start: number;
  end: number;
  kind: "international" | "north-american" | "national";
}

/** Where the phrases of one kind come from: one table per meaning, every language in it. */
type PhraseTable = readonly [name: string, re: RegExp][];

/** A call to action around the number. */
const CALL_ACTIONS: PhraseTable = [
  ["call", /\b(call|calling|dial|phone|telephone|tel|ring)\b/],
  ["contact", /\b(contact|reach) (us|our|the|them|a|an)\b|\bspeak (to|with)\b/],
  [
    "helpline",
    /\b(help ?line|hotline|hot line|toll[- ]free|support (team|line|number|desk|center|centre)|customer (service|care|support)|billing (department|team|support|desk)|refund (department|desk|team))\b/,
  ],
  [
    "anrufen",
    /\b(anrufen|rufen sie|telefon|telefonisch|hotline|kundendienst|kundenservice|kontaktieren sie|erreichen sie uns|wählen sie)\b/,
  ],
  [
    "appelez",
    /\b(appelez|appeler|appelez-nous|téléphone|téléphonez|tél|contactez|joindre|service client|numéro vert)\b/,
  ],
  [
    "llame",
    /\b(llame|llamar|llámenos|llamenos|teléfono|telefono|contacte|comuníquese|comuniquese|atención al cliente|servicio al cliente|línea de ayuda)\b/,
  ],
];

/** The reader did not make the charge: the call is to dispute it ("if you did not authorize this"). */
const DISPUTES: PhraseTable = [
  // about this charge: a bank statement's notice speaks of "an unauthorized transfer" in general
  [
    "did not authorize",
    /\b(did ?n[o']?t|have ?n[o']?t|haven't|never) (make|made|place|placed|authori[sz]e|authori[sz]ed|recogni[sz]e|request|requested|order|ordered|purchase|purchased|initiate|initiated)\b|\bnot (authori[sz]ed|recogni[sz]ed|made|placed|initiated) by you\b/,
  ],
  [
    "refund",
    /\b(claim|request|get|receive|obtain|process) (a|your|the|an immediate) refund\b|\bfor (a|your) refund\b|\brefund (request|process)\b/,
  ],
  [
    "nicht autorisiert",
    /\bnicht (autorisiert|genehmigt|veranlasst|bestellt|getätigt|erkannt)\b|\brückerstattung (beantragen|anfordern|erhalten)\b|\b(abbuchung|zahlung|lastschrift|transaktion) (zurückbuchen|widersprechen)\b/,
  ],
  [
    "non autorisé",
    /\b(n'avez pas|jamais) (autorisé|effectué|commandé|demandé|passé)\b|\bnon autorisée?s?\b|\b(demander|obtenir|recevoir) (un|votre) remboursement\b|\bcontester (ce|cette|le|la) (prélèvement|paiement|transaction|débit|achat)\b/,
  ],
  [
    "no autorizó",
    /\bno (autorizó|autorizo|realizó|realizo|reconoce|solicitó|solicito|ha autorizado|ha realizado)\b|\bno autorizad[oa]s?\b|\b(solicitar|obtener|recibir) (un|su) reembolso\b|\bdisputar (el|este|esta) (cargo|pago|cobro|transacción)\b/,
  ],
];

/**
 * The call is to cancel: weaker, since a real order confirmation may say it too. Counted with a
 * subscription or renewal, or an impersonated brand, as call-back notices are.
 */
const CANCELLATIONS: PhraseTable = [
  [
    "cancel",
    /\b(to|want to|wish to|like to|in order to) (cancel|stop|dispute|reverse)\b|\b(cancel|stop|dispute|reverse) (this|the|your|its) (subscription|order|renewal|membership|plan|transaction|charge|payment|purchase|auto-?renewal|service|deduction)\b|\bcancel(l)?ation (of|request|line)\b/,
  ],
  [
    "kündigen",
    /\b(abonnement|abo|mitgliedschaft|verlängerung|vertrag|bestellung|zahlung) ([a-zäöüß]{1,20} )?(kündigen|stornieren|beenden)\b/,
  ],
  [
    "annuler",
    /\bannuler (votre|cet|cette|ce|la|le|l') ?(abonnement|renouvellement|adhésion|commande|transaction|paiement|prélèvement)\b/,
  ],
  [
    "cancelar",
    /\bcancelar (su|esta|este|la|el) (suscripción|suscripcion|renovación|renovacion|membresía|membresia|pedido|transacción|cargo|pago)\b/,
  ],
];

/** What was charged: a subscription or renewal (call-back notices' favourite) ... */
const SUBSCRIPTIONS: PhraseTable = [
  ["subscription", /\b(subscription|auto-?renew(al|ed)?|renewal|renewed|membership|annual plan|license|licence)\b/],
  ["Abonnement", /\b(abonnement|abo|verlängerung|verlängert|mitgliedschaft|lizenz)\b/],
  ["renouvellement", /\b(abonnement|renouvellement|renouvelé|adhésion|licence)\b/],
  ["suscripción", /\b(suscripción|suscripcion|renovación|renovacion|renovado|membresía|membresia|licencia)\b/],
];

/** ... or any payment or order. */
const PAYMENTS: PhraseTable = [
  ["charge", /\b(charged|debited|deducted|billed|charge|transaction|payment|purchase|order|invoice)\b/],
  ["Zahlung", /\b(abgebucht|belastet|abbuchung|zahlung|bestellung|rechnung|kauf)\b/],
  ["paiement", /\b(débité|prélevé|prélèvement|paiement|commande|facture|achat)\b/],
  ["pago", /\b(cargo|cobrado|debitado|pago|pedido|factura|compra)\b/],
];

/** Brands impersonated in call-back notices (public TOAD write-ups: BazarCall, fake antivirus renewals). */
const BRANDS: PhraseTable = [
  [
    "brand",
    /\b(norton|lifelock|mcafee|geek ?squad|best ?buy|paypal|amazon|microsoft|windows defender|avast|avg|kaspersky|bitdefender|malwarebytes|totalav|webroot|avira|apple|icloud|ebay|coinbase|netflix|hulu|disney\+?|zelle|venmo|cash ?app)\b/,
  ],
];

/** An amount of money: a currency sign or code next to a number ($399.99, 299,00 €, USD 49); bounded groups keep it linear. */
const MONEY =
  /(?:[$€£¥]|\b(?:usd|eur|gbp|cad|aud|chf)\b) ?\d{1,6}(?:[.,]\d{1,3}){0,3}|\d{1,6}(?:[.,]\d{1,3}){0,3} ?(?:[$€£]|\b(?:usd|eur|gbp|cad|aud|chf|dollars?|euros?)\b)/;

const compiled = new WeakMap<PhraseTable, [string, UnicodePhrase][]>();
/** compiled on first use (`\b` made Unicode-aware): the Unicode classes cost ~30 ms, which a start of the CLI should not pay */
function unicode(table: PhraseTable): [string, UnicodePhrase][] {
  let out = compiled.get(table);
  if (!out) compiled.set(table, (out = table.map(([name, re]) => [name, withUnicodeBoundaries(re)])));
  return out;
}

function firstPhrase(table: PhraseTable, text: string): string | null {
  for (const [name, re] of unicode(table)) {
    const m = re.exec(text);
    if (m) return name === "brand" ? m[0] : name;
  }
  return null;
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);
const PHONE_CHARS = new Set([..."0123456789 -.()/"]);

/**
 * Phone numbers in (normalised) text, by a linear scan: a run of digits and separators that starts
 * after a non-word character and reads as an international number (+ and 8-15 digits), a North American
 * one ([1] NXX NXX XXXX in groups) or a national one (a leading 0, 9-12 digits in groups). Amounts,
 * dates, invoice and account numbers do not have these shapes (or are glued to letters).
 */
export function findPhoneNumbers(text: string, budget: Budget): PhoneNumber[] {
  const out: PhoneNumber[] = [];
  const maxPhones = budget.limits.CALLBACK_MAX_PHONES;
  let i = 0;
  while (i < text.length) {
    if (out.length >= maxPhones) {
      budget.budgetHits.add("CALLBACK_MAX_PHONES");
      break;
    }
    const c = text.charCodeAt(i);
    const startsNumber = c === 0x2b /* + */ || c === 0x28 /* ( */ || isDigit(c);
    const prev = text[i - 1];
    // glued to a word or a number ("inv-2024-0001", "de89 3704") it is part of something else
    if (
      !startsNumber ||
      isWordChar(prev) ||
      ((prev === "-" || prev === "/" || prev === ".") && isWordChar(text[i - 2]))
    ) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < text.length && j - i < MAX_PHONE_CHARS && PHONE_CHARS.has(text[j])) j++;
    // a number that runs on into letters or more digits is not a phone number
    let end = j;
    while (end > i && !isDigit(text.charCodeAt(end - 1))) end--;
    const phone = end > i ? classifyPhone(text.slice(i, end)) : null;
    if (phone && !isWordChar(text[end])) {
      out.push({ text: text.slice(i, end), start: i, end, kind: phone });
      i = end;
    } else i = Math.max(i + 1, end);
  }
  return out;
}

function classifyPhone(candidate: string): PhoneNumber["kind"] | null {
  const groups = candidate.split(/[^0-9]+/).filter(Boolean);
  const digits = groups.join("");
  if (candidate.startsWith("+"))
    return digits.length >= 8 && digits.length <= 15 && groups[0].length <= 3 && groups.length >= 2
      ? "international"
      : null;
  // an amount (1.234.567,00) or a decimal keeps its last group short after a dot or comma
  if (/[.,]\d{1,2}$/.test(candidate)) return null;
  const nanp = groups[0] === "1" ? groups.slice(1) : groups;
  if (
    nanp.join("").length === 10 &&
    nanp.length === 3 &&
    nanp[0].length === 3 &&
    nanp[1].length === 3 &&
    /^[2-9]/.test(nanp[0]) &&
    /^[2-9]/.test(nanp[1])
  )
    return "north-american";
  // a date among the groups (16/09/2017, 01.02.2024) is no phone number
  if (/\d[/.]\d{1,2}[/.](19|20)\d\d/.test(candidate)) return null;
  if (
    digits.startsWith("0") &&
    digits.length >= 9 &&
    digits.length <= 12 &&
    groups.length >= 2 &&
    groups.every((g) => g.length >= 2)
  )
    return "national";
  return null;
}

export interface CallbackLure {
  phone: PhoneNumber;
  /** the call to action beside the number */
  action: string;
  /** the dispute or cancellation said near it */
  cancellation: string;
  /** the charge wording and the amount */
  charge: string;
  amount: string;
  /** an impersonated brand named in the text, if any */
  brand: string | null;
}

/**
 * The call-back lure of a short text, or null. `text` is the document's page text (at most the first
 * CALLBACK_TEXT_SCAN_CHARS characters are read, lib/limits.ts); `words` the number of words of all its
 * pages read. With CALLBACK_MAX_WORDS words at most, only a text of long words reaches that cap.
 */
export function findCallbackLure(text: string, budget: Budget, words = wordCount(text)): CallbackLure | null {
  if (words > CALLBACK_MAX_WORDS) return null;
  // cheapest first: most pages have no phone number, and the phrase tables are Unicode regexes
  const t = normalizeText(textWindow(text, budget, "CALLBACK_TEXT_SCAN_CHARS"));
  const phones = findPhoneNumbers(t, budget);
  if (!phones.length) return null;
  const amount = MONEY.exec(t)?.[0];
  if (amount === undefined) return null;
  const subscription = firstPhrase(SUBSCRIPTIONS, t);
  const charge = subscription ?? firstPhrase(PAYMENTS, t);
  if (!charge) return null;
  const brand = firstPhrase(BRANDS, t);
  for (const phone of phones) {
    const action = firstPhrase(
      CALL_ACTIONS,
      t.slice(Math.max(0, phone.start - ACTION_BEFORE_CHARS), phone.end + ACTION_AFTER_CHARS),
    );
    if (!action) continue;
    const near = t.slice(Math.max(0, phone.start - CANCEL_WINDOW_CHARS), phone.end + CANCEL_WINDOW_CHARS);
    const cancellation =
      firstPhrase(DISPUTES, near) ?? (subscription || brand ? firstPhrase(CANCELLATIONS, near) : null);
    if (cancellation) return { phone, action, cancellation, charge, amount: amount.trim(), brand };
  }
  return null;
}
