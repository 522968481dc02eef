import type { Budget } from "../../limits";
import { CALLBACK_MAX_WORDS, findCallbackLure, type CallbackLure } from "../pages/callback-signals";
import { normalizeText, wordCount } from "../pages/lure-signals";
import { defineRule, inShortDocumentText, type PageTextLike } from "./rule";
import { evidence, excerpt } from "./evidence";

/** The lure in the text of `pages` (the whole short document), with the page its number is on. */
function callbackLureIn(
  pages: readonly PageTextLike[],
  budget: Budget,
): { lure: CallbackLure; page: number; source: string } | null {
  const joined = pages.map((p) => p.text).join("\n");
  // a long text is no notice: its words are counted only until it is past the notice's length
  const lure = findCallbackLure(
    joined,
    budget,
    pages.reduce((n, p) => (n > CALLBACK_MAX_WORDS ? n : n + wordCount(p.text, CALLBACK_MAX_WORDS - n)), 0),
  );
  if (!lure) return null;
  const page = pages.find((p) => normalizeText(p.text).includes(lure.phone.text))?.index ?? pages[0].index;
  return { lure, page, source: joined };
}

export const lureCallbackPhone = defineRule({
  id: "lure-callback-phone",
  title: "Call-back phishing notice: a phone number to cancel a charge",
  description:
    "A short document reads like a call-back phishing lure (TOAD, telephone-oriented attack delivery): a bill, renewal or order confirmation for a charge the reader never made (antivirus, Geek Squad, PayPal, Amazon subscriptions are the usual pretexts), with an amount, and a phone number to call 'if you did not authorize this' or 'to cancel your subscription'. There is no link: the caller reaches the attacker, who talks the victim into installing a remote-access tool or sending money. Ordinary invoices and letters give a phone number for questions, not to dispute a charge the reader did not make. Read from the page text (content streams; in the advanced stage, the rendered text), in English, German, French and Spanish.",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.001", "T1598.004", "T1656"],
  mitigations: ["report_phishing", "block_indicators"],
  confidence: "high",
  check(facts, budget) {
    const seen = inShortDocumentText(facts, (pages) => callbackLureIn(pages, budget));
    if (!seen) return null;
    const { hit, stage } = seen;
    const { lure, page } = hit;
    const at = normalizeText(hit.source).indexOf(lure.phone.text);
    const context = normalizeText(hit.source).slice(Math.max(0, at - 100), at + lure.phone.text.length + 40);
    return {
      evidence: [
        evidence({
          path: `/Root/Pages[${page}]`,
          excerpt: excerpt(`${lure.phone.kind} phone number ${lure.phone.text}: "${context}"`, 200),
        }),
      ],
      stage,
      detail: `Phone number ${lure.phone.text} with '${lure.action}', '${lure.cancellation}' and a ${lure.charge} of ${lure.amount}${lure.brand ? `; names ${lure.brand}` : ""}.`,
    };
  },
});
