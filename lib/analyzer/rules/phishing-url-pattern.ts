import type { UrlFacts } from "../iocs/classify-url";
import { classifyUrl } from "../iocs/classify-url";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/**
 * Words of credential-phishing URLs ("sensitive words" in the lexical phishing-URL literature):
 * they name the account action the lure asks for.
 */
export const LURE_WORDS = [
  "login",
  "log-in",
  "signin",
  "sign-in",
  "logon",
  "verify",
  "verification",
  "validate",
  "confirm",
  "account",
  "update",
  "secure",
  "security",
  "billing",
  "payment",
  "invoice",
  "unlock",
  "restore",
  "recover",
  "suspend",
  "locked",
  "webscr",
  "authenticate",
  "password",
  "credential",
  "wallet",
  "banking",
  "refund",
  "token",
  "helpdesk",
];
/** CMS internals: phishing kits are dropped into compromised WordPress/Joomla sites' folders. */
export const CMS_INTERNALS =
  /\/(wp-includes|wp-content|wp-admin|administrator\/components|cgi-bin)\/[^?#]{0,2048}?\.(php|html?|aspx?)/i;
const MAX_BENIGN_LABELS = 4;

/** Lexical marks of a credential-phishing address, read from its parsed host and path. */
export function phishingUrlFlags(target: string, url: UrlFacts | null = classifyUrl(target)): string[] {
  if (!url || (url.scheme !== "http" && url.scheme !== "https") || url.hostKind !== "domain") return [];
  const { host } = url;
  const flags: string[] = [];
  const inHost = LURE_WORDS.filter((w) => host.includes(w));
  const labels = host.split(".").length;
  if (inHost.length >= 2) flags.push(`lure words in host (${inHost.join(", ")})`);
  else if (inHost.length === 1 && labels > MAX_BENIGN_LABELS)
    flags.push(`lure word '${inHost[0]}' in a ${labels}-level host`);
  if (CMS_INTERNALS.test(url.path)) flags.push("page inside a CMS's internal folders");
  if (url.lookAlikeBrands.length) flags.push(`look-alike spelling of ${url.lookAlikeBrands.join(", ")}`);
  if (url.hiddenAddress) flags.push(`an e-mail address hidden in the link (${url.hiddenAddress})`);
  if (url.pathLookAlikeBrands.length)
    flags.push(`look-alike spelling of ${url.pathLookAlikeBrands.join(", ")} in the path`);
  return flags;
}

export const phishingUrlPattern = defineRule({
  id: "phishing-url-pattern",
  title: "Link looks like a credential-phishing URL",
  description:
    "A link's address has the lexical marks of phishing pages: several account-action words (sign-in, verify, secure, payment...) in the host name (paths are not counted: real sign-in pages have them too), a deep subdomain chain around such a word, a host spelled to look like a much-phished brand (digit-for-letter swaps like app1e or paypa1, or look-alike letters of another script), a path word starting with such a swapped brand (kit folders like /app1esubm1t/), a page hidden in a CMS's internal folders (kits dropped on compromised sites), or an e-mail address carried in the fragment or base64-encoded (a kit's link personalised for its recipient, to pre-fill the fake sign-in form; a plain ?email= value, as unsubscribe links carry, is not counted).",
  category: "phishing",
  severity: "high",
  weight: 45,
  attack: ["T1566.002", "T1204.001"],
  mitigations: ["report_phishing", "block_indicators"],
  check({ actions, urls }) {
    const hits = actions
      .filter((a) => (a.type === "URI" || a.type === "SubmitForm") && a.target)
      .map((a) => ({ a, flags: phishingUrlFlags(a.target!, urls.get(a.target!) ?? null) }))
      .filter((h) => h.flags.length);
    if (!hits.length) return null;
    const unique = [...new Map(hits.map((h) => [h.a.target, h])).values()];
    return {
      evidence: unique.map(({ a, flags }) =>
        evidence({ objectRef: a.objectRef, path: a.path, excerpt: `${flags.join("; ")}: ${excerpt(a.target!)}` }),
      ),
      detail: `${unique.length} distinct URL(s).`,
    };
  },
});
