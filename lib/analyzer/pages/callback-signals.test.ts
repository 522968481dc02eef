import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, defaultBudget, type Budget } from "../../limits";
import { CALLBACK_MAX_WORDS, findCallbackLure, findPhoneNumbers } from "./callback-signals";

const budgetWith = (overrides: Partial<typeof DEFAULT_LIMITS> = {}): Budget => ({
  limits: { ...DEFAULT_LIMITS, ...overrides },
  budgetHits: new Set(),
});

describe("findPhoneNumbers", () => {
  it.each<[string, string, string]>([
    ["a North American number in parentheses", "call (888) 555-0199 now", "north-american"],
    ["a toll-free number with the trunk 1", "dial 1-855-555-0187.", "north-american"],
    ["dotted groups", "tel 808.555.0142", "north-american"],
    ["an international number", "ring +44 20 7946 0958 today", "international"],
    ["+1 with parentheses", "at +1 (808) 555-0142 within", "international"],
    ["a French national number", "au 01 84 88 55 55 pour", "national"],
    ["a German number with a slash", "telefon 0123/45678", "national"],
  ])("finds %s", (_name, text, kind) => {
    expect(findPhoneNumbers(text, defaultBudget()).map((p) => p.kind)).toEqual([kind]);
  });

  it.each([
    ["an amount", "total $1,234,567.00 due"],
    ["a date", "issued 2024-03-14 and 16/09/2017"],
    ["an invoice number", "invoice INV-2024-000123"],
    ["an IBAN", "iban de89 3704 0044 0532 0130 00"],
    ["a card number", "card 4111 1111 1111 1111"],
    ["an order id", "order 112-3456789-1234567"],
    ["a NANP shape with an impossible area code", "ref 155 555 0199"],
    ["a decimal", "rate 0800.55"],
  ])("finds no phone number in %s", (_name, text) => {
    expect(findPhoneNumbers(text, defaultBudget())).toEqual([]);
  });

  it("scans a long run of digits and separators in linear time", () => {
    expect(findPhoneNumbers("1-".repeat(200_000), defaultBudget()).length).toBeLessThanOrEqual(
      DEFAULT_LIMITS.CALLBACK_MAX_PHONES,
    );
  });

  it("stops at CALLBACK_MAX_PHONES and reports it, not before", () => {
    const text = Array.from({ length: 5 }, (_, i) => `call (808) 555-014${i}`).join(", ");
    const four = budgetWith({ CALLBACK_MAX_PHONES: 4 });
    expect(findPhoneNumbers(text, four)).toHaveLength(4);
    expect([...four.budgetHits]).toEqual(["CALLBACK_MAX_PHONES"]);
    const all = budgetWith();
    expect(findPhoneNumbers(text, all)).toHaveLength(5);
    expect(all.budgetHits.size).toBe(0);
  });
});

describe("findCallbackLure", () => {
  it.each<[string, string, string]>([
    [
      "an unauthorized-purchase invoice",
      "Invoice. Amount charged: $399.99. If you did not authorize this purchase, please call our billing department at +1 (808) 555-0142.",
      "did not authorize",
    ],
    [
      "a renewal to cancel by phone",
      "Your subscription has been renewed for USD 299.00. To cancel your subscription, call us toll free: 1-855-555-0187",
      "cancel",
    ],
    ["a refund by phone", "Order total $89.99. For a refund call our helpline 1 (877) 555-0110.", "refund"],
    [
      "German",
      "Ihr Abonnement wurde verlängert. Betrag: 349,99 €. Wenn Sie diese Zahlung nicht autorisiert haben, rufen Sie uns an: +49 30 5550 1234",
      "nicht autorisiert",
    ],
    [
      "French",
      "Votre abonnement a été renouvelé. Montant prélevé : 289,00 €. Si vous n’avez pas autorisé ce paiement, appelez le 01 84 88 55 55.",
      "non autorisé",
    ],
    [
      "Spanish",
      "Su suscripción ha sido renovada. Importe cobrado: 199,99 €. Si usted no autorizó este cargo, llame al +34 910 555 123.",
      "no autorizó",
    ],
  ])("finds %s", (_name, text, cancellation) => {
    expect(findCallbackLure(text, defaultBudget())).toMatchObject({ cancellation });
  });

  it.each([
    [
      "an invoice giving a phone number for questions",
      "Invoice 1042. Total due: $1,250.00. Questions about this invoice? Call our support team at +1 (415) 555-0199.",
    ],
    [
      "an order confirmation saying how to cancel (no subscription, no brand)",
      "Order 55-1208: EUR 418.00. To cancel your order before it ships, contact us at 030 5550 1234.",
    ],
    [
      "a statement's error notice",
      "Card purchase $54.20. In case of errors or questions about your electronic transfers, call us at 1-800-555-0123. Tell us at once if you believe an unauthorized transfer has been made.",
    ],
    ["a dispute without an amount", "If you did not authorize this, call +1 (808) 555-0142."],
    [
      "a dispute far from the phone number",
      `Amount $20.00 charged. If you did not authorize this purchase, write to us. ${"Lorem ipsum dolor sit amet. ".repeat(30)} Office: call (212) 555-0100.`,
    ],
  ])("finds nothing in %s", (_name, text) => {
    expect(findCallbackLure(text, defaultBudget())).toBeNull();
  });

  it("does not read a long text (a statement, a contract)", () => {
    const text = "Amount charged: $399.99. If you did not authorize this purchase, call +1 (808) 555-0142.";
    expect(findCallbackLure(text, defaultBudget(), CALLBACK_MAX_WORDS + 1)).toBeNull();
  });

  it("reads CALLBACK_TEXT_SCAN_CHARS characters and reports a longer text", () => {
    const lure = "Amount charged: $399.99. If you did not authorize this purchase, call +1 (808) 555-0142.";
    // a notice after a run of long words (under CALLBACK_MAX_WORDS words, over the window)
    const text = `${"Antidisestablishmentarianism ".repeat(20)}${lure}`;
    const narrow = budgetWith({ CALLBACK_TEXT_SCAN_CHARS: 400 });
    expect(findCallbackLure(text, narrow)).toBeNull();
    expect([...narrow.budgetHits]).toEqual(["CALLBACK_TEXT_SCAN_CHARS"]);
    const wide = budgetWith();
    expect(findCallbackLure(text, wide)).toMatchObject({ cancellation: "did not authorize" });
    expect(wide.budgetHits.size).toBe(0);
  });
});
