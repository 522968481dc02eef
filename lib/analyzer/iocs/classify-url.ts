// What a link target is, read from its parsed parts (WHATWG URL for the host and path, tldts for the
// registrable domain), never from a regex over the whole string: the host alone decides IP-literal,
// punycode look-alike and brand look-alike; the final path segment alone decides what a click downloads.
// Every rule that judges a link reads this one classification (facts.urls, or classifyUrl for targets
// found later such as QR codes).
import { domainToUnicode } from "node:url";
import { parse as parseDomain } from "tldts";
import { normalizeUrl, percentDecoded, splitScheme } from "./normalize-url";
import { redirectDestination } from "./redirect-destination";

export { percentDecoded };
import { ASSET_HOST_LABELS, hostingKindOf, isShortenerHost, redirectorOf, type HostingKind } from "./url-hosts";
import { fileKindOfExtension, RUNNABLE_KINDS, type FileKind } from "../file-kinds";
import { hiddenAddressIn } from "./victim-data";

/** Most-impersonated brands in credential phishing (public phishing-trend reports). */
export const PHISHED_BRANDS: readonly string[] = Object.freeze([
  "apple",
  "icloud",
  "paypal",
  "microsoft",
  "office365",
  "outlook",
  "onedrive",
  "sharepoint",
  "google",
  "gmail",
  "amazon",
  "netflix",
  "facebook",
  "instagram",
  "linkedin",
  "dropbox",
  "docusign",
  "adobe",
  "wellsfargo",
  "chase",
  "bankofamerica",
  "dhl",
  "fedex",
  "usps",
  "whatsapp",
  "yahoo",
  "coinbase",
  "binance",
  "metamask",
]);
/** digit-for-letter swaps used in look-alike names (app1e, paypa1, micr0soft) */
const LEET: Record<string, string> = { "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b" };
/**
 * Cyrillic and Greek letters drawn like Latin ones (Unicode TR #39 confusables, the IDN homograph
 * attack): `аррӏе.com` in Cyrillic reads as apple.com.
 */
const CONFUSABLE_TO_LATIN: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  һ: "h",
  і: "i",
  ї: "i",
  ј: "j",
  к: "k",
  ӏ: "l",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ɡ: "g",
  α: "a",
  β: "b",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
};
/** TLDs of Cyrillic-script registries, where an all-Cyrillic name is ordinary (рф, бг, мкд, укр, срб, қаз, мон, бел). */
const CYRILLIC_TLDS = new Set([
  "xn--p1ai",
  "xn--90ae",
  "xn--d1alf",
  "xn--j1amh",
  "xn--90a3ac",
  "xn--80ao21a",
  "xn--l1acc",
  "xn--90ais",
]);

export interface UrlFacts {
  /** the target as written, trimmed */
  raw: string;
  /** lowercase scheme; `http` for a scheme-less `www.x.com/a` */
  scheme: string;
  /** lowercase ASCII host (IDN in punycode); IPv6 without brackets */
  host: string;
  hostKind: "domain" | "ipv4" | "ipv6";
  /** registrable domain (public suffix + 1 label; private suffixes like github.io count as suffixes) */
  site: string | null;
  /** the host's labels, Unicode (IDN decoded) */
  hostUnicode: string;
  /** some label of the host is an IDN (`xn--`) */
  idn: boolean;
  /** the IDN host mixes Latin with look-alike scripts, or is drawn to look like a Latin name */
  idnLookAlike: boolean;
  /** brands the host imitates (digit swaps, confusable letters), never ones it plainly contains */
  lookAlikeBrands: string[];
  /**
   * brands spelled with digit swaps at the start of a path word (`/app1esubm1t/`): phishing kits name
   * their folders so; a word must start with the swap, so random ids do not spell brands by chance
   */
  pathLookAlikeBrands: string[];
  /**
   * a user name that reads as a host name before the real host (`https://paypal.com@evil.example/`):
   * the reader sees the first name, the browser goes to the second. A word that is no host name
   * (`http://jane.doe@mail.example`, an e-mail address typed as a link) is no disguise.
   */
  credentials: boolean;
  shortener: boolean;
  /** the free service the host (and, for shared hosts, the path) belongs to; "redirector" for an open redirect */
  hosting: HostingKind | null;
  /** the destination an open redirector's link carries (`google.com/url?q=...`), when it carries one */
  redirectTo: string | null;
  /** the path as the URL parser serialises it (percent-encoded) */
  path: string;
  /** the query as the URL parser serialises it, with its "?" ("" when none; no fragment) */
  query: string;
  /** percent-decoded final path segment ("" for a directory) */
  fileName: string;
  /** lowercase extension of fileName without the dot ("" if none) */
  extension: string;
  /** what the final path segment's extension downloads, if anything of note */
  fileKind: FileKind | null;
  /** a query parameter names a file of note (`?file=Invoice.zip`): file-sharing download links do */
  queryFileKind: FileKind | null;
  /** the final path segment is a program, script, disk image or shortcut, and not code shown on a code-hosting page */
  executableDownload: boolean;
  /** an e-mail address carried in the fragment or base64-encoded (victim-data.ts hiddenAddressIn), or null */
  hiddenAddress: "fragment" | "base64" | null;
}

/** a memo size, not a budget: classifications remembered (a URL past it is classified again) */
const MAX_MEMO = 2048;
const memo = new Map<string, UrlFacts | null>();

/** The classification of a network URL (http, https, ftp); null for anything else or unparseable. */
export function classifyUrl(target: string): UrlFacts | null {
  const raw = target.trim();
  const hit = memo.get(raw);
  if (hit !== undefined) return hit;
  if (memo.size >= MAX_MEMO) memo.clear();
  const facts = classify(raw);
  memo.set(raw, facts);
  return facts;
}

function classify(raw: string): UrlFacts | null {
  const normalized = normalizeUrl(raw);
  const split = splitScheme(raw);
  if (!normalized || !split) return null;
  let url: URL;
  try {
    url = new URL(normalized.url);
  } catch {
    return null;
  }
  const { host, hostKind } = normalized;
  const domain = hostKind === "domain" ? parseDomain(host, { allowPrivateDomains: true }) : null;
  const hostUnicode = hostKind === "domain" ? domainToUnicode(host) || host : host;
  const idn = hostKind === "domain" && host.split(".").some((l) => l.startsWith("xn--"));
  const redirector = hostKind === "domain" ? redirectorOf(host, domain?.domain ?? null, url.pathname) : null;
  const hosting = redirector ? "redirector" : hostKind === "domain" ? hostingKindOf(host, url.pathname) : null;
  const fileName = lastSegment(url.pathname);
  const extension = extensionOf(fileName);
  const fileKind = fileKindOfExtension(extension, { inUrl: true });
  const scriptAsSource =
    fileKind === "script" && (hosting === "code-hosting" || ASSET_HOST_LABELS.includes(host.split(".")[0]));
  return {
    raw,
    scheme: split.scheme,
    host,
    hostKind,
    site: domain?.domain ?? null,
    hostUnicode,
    idn,
    idnLookAlike: idn && isIdnLookAlike(hostUnicode),
    lookAlikeBrands: hostKind === "domain" ? lookAlikeBrands(hostUnicode) : [],
    pathLookAlikeBrands: pathLookAlikeBrands(url.pathname),
    credentials: disguisesHost(percentDecoded(url.username)),
    shortener: hostKind === "domain" && isShortenerHost(host),
    hosting,
    redirectTo: redirector ? redirectDestination(redirector.carrier, url) : null,
    path: url.pathname,
    query: url.search,
    fileName,
    extension,
    fileKind,
    queryFileKind: queryFileKind(url.searchParams),
    executableDownload: fileKind !== null && RUNNABLE_KINDS.has(fileKind) && !scriptAsSource,
    hiddenAddress: hiddenAddressIn(url),
  };
}

/**
 * A user name that starts with a host name a reader would trust: a name under a public suffix
 * (`paypal.com`, `login.microsoftonline.com.secure`) or an IP address. Up to the first character no host
 * name has, so `paypal.com:443`, `paypal.com%2Flogin` and `paypal.com+signin` count too.
 */
function disguisesHost(user: string): boolean {
  const head = user.toLowerCase().match(/^[a-z0-9.-]{1,253}/)?.[0];
  if (!head?.includes(".")) return false;
  if (parseDomain(head).isIp) return true;
  // `paypal.com.account-check@...`: any leading run of labels that is a registrable name
  const labels = head.split(".");
  for (let k = 2; k <= labels.length; k++) {
    const parsed = parseDomain(labels.slice(0, k).join("."));
    if (parsed.isIcann && parsed.domainWithoutSuffix) return true;
  }
  return false;
}

function lastSegment(pathname: string): string {
  return percentDecoded(pathname.slice(pathname.lastIndexOf("/") + 1).replace(/;.*$/, ""));
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  if (dot <= 0) return "";
  const ext = fileName.slice(dot + 1).toLowerCase();
  return /^[a-z0-9-]{1,20}$/.test(ext) ? ext : "";
}

function queryFileKind(params: URLSearchParams): FileKind | null {
  for (const value of params.values()) {
    const kind = fileKindOfExtension(extensionOf(lastSegment(value)), { inUrl: true });
    if (kind) return kind;
  }
  return null;
}

/** The script class of a letter that can pass for Latin; other scripts are "other", non-letters null. */
function scriptOf(ch: string): "latin" | "cyrillic" | "greek" | "other" | null {
  if (!/\p{L}/u.test(ch)) return null;
  if (/\p{Script=Latin}/u.test(ch)) return "latin";
  if (/\p{Script=Cyrillic}/u.test(ch)) return "cyrillic";
  if (/\p{Script=Greek}/u.test(ch)) return "greek";
  return "other";
}

/**
 * A homograph (IDN spoofing, the attack Unicode TR #39 mixed-script detection targets): a label mixing
 * Latin with Cyrillic or Greek, or an all-Cyrillic/Greek label made only of Latin look-alikes outside a
 * Cyrillic-script TLD. A name wholly in one script (bücher.de, пример.рф, 例え.jp) is an ordinary IDN.
 */
function isIdnLookAlike(hostUnicode: string): boolean {
  const labels = hostUnicode.split(".");
  const tld = domainToAsciiLabel(labels[labels.length - 1]);
  for (const label of labels.slice(0, -1)) {
    const scripts = new Set([...label].map(scriptOf).filter((s) => s !== null));
    if (scripts.has("latin") && (scripts.has("cyrillic") || scripts.has("greek"))) return true;
    const letters = [...label].filter((c) => scriptOf(c) !== null);
    const allConfusable = letters.length > 0 && letters.every((c) => c in CONFUSABLE_TO_LATIN);
    if (allConfusable && !scripts.has("latin") && !CYRILLIC_TLDS.has(tld)) return true;
  }
  return false;
}

function domainToAsciiLabel(label: string): string {
  try {
    return new URL(`http://${label}.x/`).hostname.split(".")[0];
  } catch {
    return label;
  }
}

/**
 * Brands the host imitates: digit-for-letter swaps (app1e, paypa1), confusable letters (раypal) and
 * accents (pаypäl) undone. A brand the host contains as written is not a look-alike (its own sites, or
 * a plain mention that other checks judge).
 */
export function lookAlikeBrands(hostUnicode: string): string[] {
  const lower = hostUnicode.toLowerCase();
  const skeleton = [...lower.normalize("NFD").replace(/\p{M}/gu, "")].map((c) => CONFUSABLE_TO_LATIN[c] ?? c).join("");
  const unleet = skeleton.replace(/[0134578]/g, (d) => LEET[d]);
  const oneAsI = skeleton.replace(/1/g, "i");
  return PHISHED_BRANDS.filter(
    (b) => !lower.includes(b) && (skeleton.includes(b) || unleet.includes(b) || oneAsI.includes(b)),
  );
}

/** Each distinct network URL among `targets`, classified. */
export function classifyTargets(targets: Iterable<string | undefined>): Map<string, UrlFacts> {
  const out = new Map<string, UrlFacts>();
  for (const t of targets) {
    if (t === undefined || out.has(t)) continue;
    const facts = classifyUrl(t);
    if (facts) out.set(t, facts);
  }
  return out;
}

function pathLookAlikeBrands(pathname: string): string[] {
  const words = percentDecoded(pathname)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => /\d/.test(w) && /[a-z]/.test(w));
  const found = new Set<string>();
  for (const word of words) {
    const unleet = word.replace(/[0134578]/g, (d) => LEET[d]);
    for (const brand of PHISHED_BRANDS) if (unleet.startsWith(brand) && !word.startsWith(brand)) found.add(brand);
  }
  return [...found];
}
