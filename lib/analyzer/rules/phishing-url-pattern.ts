import { hostOf } from "./action-targets";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/**
 * Words of credential-phishing URLs ("sensitive words" in the lexical phishing-URL literature):
 * they name the account action the lure asks for.
 */
const LURE_WORDS = [
  "login", "log-in", "signin", "sign-in", "logon", "verify", "verification", "validate", "confirm", "account",
  "update", "secure", "security", "billing", "payment", "invoice", "unlock", "restore", "recover", "suspend",
  "locked", "webscr", "authenticate", "password", "credential", "wallet", "banking", "refund", "token", "helpdesk",
];
/** CMS internals: phishing kits are dropped into compromised WordPress/Joomla sites' folders. */
const CMS_INTERNALS = /\/(wp-includes|wp-content|wp-admin|administrator\/components|cgi-bin)\/[^?#]*\.(php|html?|aspx?)/i;
const MAX_BENIGN_LABELS = 4;
/** Most-impersonated brands in credential phishing (public phishing-trend reports). */
const BRANDS = ["apple", "icloud", "paypal", "microsoft", "office365", "outlook", "onedrive", "sharepoint", "google", "gmail", "amazon", "netflix", "facebook", "instagram", "linkedin", "dropbox", "docusign", "adobe", "wellsfargo", "chase", "bankofamerica", "dhl", "fedex", "usps", "whatsapp", "yahoo", "coinbase", "binance", "metamask"];
/** digit-for-letter swaps used in look-alike names (app1e, paypa1, micr0soft) */
const LEET: Record<string, string> = { "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b" };

/** Brands that appear only after undoing digit-for-letter swaps: a look-alike spelling. */
export function lookAlikeBrands(text: string): string[] {
  const lower = text.toLowerCase();
  const unleet = lower.replace(/[0134578]/g, (d) => LEET[d]);
  const alt = lower.replace(/1/g, "i");
  return BRANDS.filter((b) => !lower.includes(b) && (unleet.includes(b) || alt.includes(b)));
}

export function phishingUrlFlags(url: string): string[] {
  const host = hostOf(url);
  if (!host || !/^https?:/i.test(url.trim())) return [];
  const flags: string[] = [];
  const path = url.slice(url.indexOf(host) + host.length).toLowerCase();
  const inHost = LURE_WORDS.filter((w) => host.includes(w));
  const labels = host.split(".").length;
  if (inHost.length >= 2) flags.push(`lure words in host (${inHost.join(", ")})`);
  else if (inHost.length === 1 && labels > MAX_BENIGN_LABELS) flags.push(`lure word '${inHost[0]}' in a ${labels}-level host`);
  if (CMS_INTERNALS.test(path)) flags.push("page inside a CMS's internal folders");
  const lookAlikes = lookAlikeBrands(host + path.replace(/[?#].*$/, ""));
  if (lookAlikes.length) flags.push(`look-alike spelling of ${lookAlikes.join(", ")}`);
  return flags;
}

export const phishingUrlPattern = defineRule({
  id: "phishing-url-pattern",
  title: "Link looks like a credential-phishing URL",
  description: "A link's address has the lexical marks of phishing pages: several account-action words (sign-in, verify, secure, payment...) in the host name (paths are not counted: real sign-in pages have them too), a deep subdomain chain around such a word, a digit-for-letter look-alike of a much-phished brand (app1e, paypa1), or a page hidden in a CMS's internal folders (kits dropped on compromised sites).",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.002", "T1204.001"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ actions }) {
    const hits = actions
      .filter((a) => (a.type === "URI" || a.type === "SubmitForm") && a.target)
      .map((a) => ({ a, flags: phishingUrlFlags(a.target!) }))
      .filter((h) => h.flags.length);
    if (!hits.length) return null;
    const unique = [...new Map(hits.map((h) => [h.a.target, h])).values()];
    return {
      evidence: unique.slice(0, 10).map(({ a, flags }) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: `${flags.join("; ")}: ${excerpt(a.target!)}` })),
      detail: `${unique.length} distinct URL(s).`,
    };
  },
});
