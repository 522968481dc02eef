// Static lists about URL hosts, kept in one place for every rule that reads a link: well-known link
// shorteners (they hide the real destination), free file-sharing / cloud-storage and free site-hosting
// services (where phishing and malware-delivery links put their payloads and pages because an account
// costs nothing and the host's reputation is good), open redirectors of well-known services (a link
// that starts at google.com or outlook.com and ends at the attacker's page), and code hosting / script
// CDNs (where a `.js` path is source code shown as a page, not a download). Public, small, and matched on
// the host or a parent domain of it (and, for services that share a host with their owner's own site,
// on a path prefix). A link to any of them is ordinary in a report: the lure rules read them only
// together with a lure's layout or wording.

/** Link shorteners (commonly abused to hide phishing destinations). */
export const SHORTENER_HOSTS: readonly string[] = Object.freeze([
  "bit.ly",
  "bitly.com",
  "tinyurl.com",
  "t.co",
  "goo.gl",
  "ow.ly",
  "is.gd",
  "buff.ly",
  "rebrand.ly",
  "cutt.ly",
  "shorturl.at",
  "rb.gy",
  "t.ly",
  "tiny.cc",
  "bl.ink",
  "lnkd.in",
  "s.id",
  "v.gd",
  "qrco.de",
  "urlz.fr",
  "shorte.st",
  "adf.ly",
  "bc.vc",
  "soo.gd",
  "clck.ru",
  "u.to",
  "x.co",
  "tr.im",
  "qr.io",
  "surl.li",
  "bit.do",
  "shorturl.com",
  // TinyURL's alias domains, and the short links of QR-code generators (quishing lures print them)
  "tiny.one",
  "rotf.lol",
  "shorturl.asia",
  "short.gy",
  "snip.ly",
  "t2m.io",
  "urlr.me",
  "kutt.it",
  "l.ead.me",
  "qrs.ly",
]);

/**
 * File-sharing and cloud-storage services: a link there opens a download (MITRE T1567.002 lists them as
 * exfiltration targets; delivery lures link them for payloads: "Invoice.zip on Google Drive").
 */
export const FILE_SHARING_HOSTS: readonly string[] = Object.freeze([
  "drive.google.com",
  "docs.google.com",
  "drive.usercontent.google.com",
  "storage.googleapis.com",
  "firebasestorage.googleapis.com",
  "firebasestorage.app",
  "dropbox.com",
  "dropboxusercontent.com",
  "dl.dropbox.com",
  "onedrive.live.com",
  "1drv.ms",
  "sharepoint.com",
  "mediafire.com",
  "wetransfer.com",
  "we.tl",
  "transfer.sh",
  "mega.nz",
  "mega.io",
  "box.com",
  "app.box.com",
  "sendspace.com",
  "4shared.com",
  "zippyshare.com",
  "gofile.io",
  "anonfiles.com",
  "file.io",
  "filebin.net",
  "pixeldrain.com",
  "catbox.moe",
  "files.catbox.moe",
  "uploadfiles.io",
  "icedrive.net",
  "pcloud.com",
  "pcloud.link",
  "yadi.sk",
  "disk.yandex.ru",
  "disk.yandex.com",
  "cdn.discordapp.com",
  "media.discordapp.net",
  "cdn.discord.com",
  "tmpfiles.org",
  "bashupload.com",
  "filetransfer.io",
  "swisstransfer.com",
  "smash.gg",
  "limewire.com",
  "s3.amazonaws.com",
  "blob.core.windows.net",
  "r2.dev",
  "digitaloceanspaces.com",
  "backblazeb2.com",
  "storage.cloud.google.com",
  "ipfs.io",
  "dweb.link",
  "cloudflare-ipfs.com",
  "gateway.pinata.cloud",
  "w3s.link",
  "nftstorage.link",
  "4everland.io",
]);

/**
 * Free web hosting and site builders: anyone gets a subdomain in minutes, so lures host their pages and
 * payloads there (phishing-trend reports name these zones again and again).
 */
export const FREE_HOSTING_HOSTS: readonly string[] = Object.freeze([
  "web.app",
  "firebaseapp.com",
  "pages.dev",
  "workers.dev",
  "github.io",
  "gitlab.io",
  "netlify.app",
  "vercel.app",
  "herokuapp.com",
  "glitch.me",
  "repl.co",
  "replit.app",
  "weebly.com",
  "weeblysite.com",
  "wixsite.com",
  "wix.com",
  "000webhostapp.com",
  "000webhost.com",
  "blogspot.com",
  "wordpress.com",
  "sites.google.com",
  "godaddysites.com",
  "webflow.io",
  "square.site",
  "jimdosite.com",
  "carrd.co",
  "notion.site",
  "framer.app",
  "surge.sh",
  "ngrok.io",
  "ngrok-free.app",
  "trycloudflare.com",
  "azurewebsites.net",
  "web.core.windows.net",
  "onrender.com",
  "fly.dev",
  "duckdns.org",
  "no-ip.com",
  "ddns.net",
  "hopto.org",
  "zapto.org",
  "sytes.net",
  "epizy.com",
  "rf.gd",
  "infinityfreeapp.com",
  "altervista.org",
  "16mb.com",
  "esy.es",
  "hol.es",
  "pe.hu",
  "atwebpages.com",
  // form builders and design tools that publish a page: credential-harvesting forms and lure pages live there
  "forms.office.com",
  "forms.microsoft.com",
  "forms.gle",
  "typeform.com",
  "jotform.com",
  "jotform.me",
  "canva.site",
  "codesandbox.io",
  "csb.app",
  "stackblitz.io",
  "linktr.ee",
  "mailchi.mp",
]);

/**
 * Dynamic-DNS and tunnel zones: a name under them points at whatever machine its owner chooses, for
 * free and within minutes, so throw-away infrastructure lives there (the enrichment's "dynamic-dns"
 * flag). Most are free hosting as well (FREE_HOSTING_HOSTS lists those the lure rules read).
 */
export const DYNAMIC_DNS_HOSTS: readonly string[] = Object.freeze([
  "duckdns.org",
  "no-ip.com",
  "no-ip.org",
  "ddns.net",
  "hopto.org",
  "zapto.org",
  "sytes.net",
  "dynu.net",
  "ngrok.io",
  "ngrok-free.app",
  "trycloudflare.com",
]);

/**
 * Services that share a host with their owner's own pages: only a path prefix makes a link a hosted
 * page or file (a Google Form or Apps Script web app on docs/script.google.com, a published Canva design).
 */
export const HOSTED_PATHS: readonly (readonly [host: string, pathPrefix: string, kind: HostingKind])[] = Object.freeze([
  ["docs.google.com", "/forms/", "free-hosting"],
  ["script.google.com", "/macros/", "free-hosting"],
  ["canva.com", "/design/", "free-hosting"],
] as const);

/** How an open redirector carries its destination (read out by redirect-destination.ts). */
export type RedirectCarrier =
  /** a query parameter holds the URL: google.com/url?q=https://... */
  | { kind: "param"; names: readonly string[] }
  /** the rest of the path after a prefix: google.com/amp/s/example.com/x, awstrack.me/L0/https:%2F%2F... */
  | { kind: "path"; after: string }
  /** the whole query is the URL: ad.doubleclick.net/ddm/clk/...;?https://example.com/ */
  | { kind: "query" }
  /** Bing's click tracking: u=a1 + base64url of the URL */
  | { kind: "bing" }
  /** Proofpoint URL Defense v2: u=https-3A__example.com_x ("-" for "%", "_" for "/") */
  | { kind: "proofpoint-v2" }
  /** Proofpoint URL Defense v3: /v3/__https://example.com/x__;... */
  | { kind: "proofpoint-v3" }
  /** a token: only the service knows where it leads (mail click tracking, LinkedIn's slink) */
  | { kind: "opaque" };

export interface Redirector {
  /** the host or a parent domain of it; "google.*" is any Google search domain (google.com, google.co.uk...) */
  host: string;
  /** path prefix of the redirect endpoint ("" for every path) */
  path: string;
  carrier: RedirectCarrier;
}

const param = (...names: string[]): RedirectCarrier => ({ kind: "param", names });
const OPAQUE: RedirectCarrier = { kind: "opaque" };

/**
 * Open redirectors and click trackers of well-known services: a link through them shows a trusted host
 * (google.com, outlook.com, linkedin.com) to a reader and a mail filter, and lands on the attacker's
 * page. Phishing-trend reports name them again and again ("open redirect abuse", T1566.002).
 */
export const REDIRECTORS: readonly Redirector[] = Object.freeze([
  { host: "google.*", path: "/url", carrier: param("q", "url") },
  { host: "google.*", path: "/amp/s/", carrier: { kind: "path", after: "/amp/s/" } },
  { host: "bing.com", path: "/ck/a", carrier: { kind: "bing" } },
  { host: "googleadservices.com", path: "/pagead/aclk", carrier: param("adurl") },
  { host: "adclick.g.doubleclick.net", path: "/pcs/click", carrier: param("adurl") },
  { host: "ad.doubleclick.net", path: "/ddm/clk", carrier: { kind: "query" } },
  { host: "duckduckgo.com", path: "/l/", carrier: param("uddg") },
  { host: "linkedin.com", path: "/redir/redirect", carrier: param("url") },
  { host: "linkedin.com", path: "/slink", carrier: OPAQUE },
  { host: "l.facebook.com", path: "/l.php", carrier: param("u") },
  { host: "lm.facebook.com", path: "/l.php", carrier: param("u") },
  { host: "l.messenger.com", path: "/l.php", carrier: param("u") },
  { host: "l.instagram.com", path: "/", carrier: param("u") },
  { host: "youtube.com", path: "/redirect", carrier: param("q") },
  { host: "vk.com", path: "/away.php", carrier: param("to") },
  { host: "slack-redir.net", path: "/link", carrier: param("url") },
  { host: "t.umblr.com", path: "/redirect", carrier: param("z") },
  { host: "href.li", path: "/", carrier: { kind: "query" } },
  // mail security gateways rewrite every link of a mail; a lure copied from one keeps the wrapper
  { host: "safelinks.protection.outlook.com", path: "/", carrier: param("url") },
  { host: "urldefense.com", path: "/v3/__", carrier: { kind: "proofpoint-v3" } },
  { host: "urldefense.proofpoint.com", path: "/v2/url", carrier: { kind: "proofpoint-v2" } },
  { host: "urldefense.proofpoint.com", path: "/v1/url", carrier: param("u") },
  // click tracking of bulk-mail services: the campaign's account decides the destination
  { host: "awstrack.me", path: "/L0/", carrier: { kind: "path", after: "/L0/" } },
  { host: "sendgrid.net", path: "/ls/click", carrier: OPAQUE },
  { host: "list-manage.com", path: "/track/click", carrier: OPAQUE },
  { host: "mandrillapp.com", path: "/track/click", carrier: OPAQUE },
  { host: "hubspotlinks.com", path: "", carrier: OPAQUE },
  { host: "rs6.net", path: "/tn.jsp", carrier: OPAQUE },
  { host: "mjt.lu", path: "/lnk/", carrier: OPAQUE },
  { host: "cmail19.com", path: "/t/", carrier: OPAQUE },
  { host: "cmail20.com", path: "/t/", carrier: OPAQUE },
  // Google Translate's proxy serves any site under <site-with-dashes>.translate.goog
  { host: "translate.goog", path: "", carrier: OPAQUE },
] satisfies Redirector[]);

/** The redirector entry a URL's host (and its registrable domain `site`) and path belong to, if any. */
export function redirectorOf(host: string, site: string | null, path: string): Redirector | null {
  const names = new Set(hostAndParents(host.replace(/^www\./, "")));
  const google = site !== null && site.split(".")[0] === "google";
  for (const r of REDIRECTORS) {
    const hostMatches = r.host === "google.*" ? google : names.has(r.host);
    if (hostMatches && path.startsWith(r.path)) return r;
  }
  return null;
}

/**
 * Code hosting and script CDNs: a path ending in `.js`, `.ps1`, `.sh`... there is a source file shown as a
 * page or served to web pages as a library, not a script dropped on the reader's disk.
 */
export const CODE_HOSTING_HOSTS: readonly string[] = Object.freeze([
  "github.com",
  "gist.github.com",
  "raw.githubusercontent.com",
  "gist.githubusercontent.com",
  "gitlab.com",
  "bitbucket.org",
  "codeberg.org",
  "sourceforge.net",
  "cdn.jsdelivr.net",
  "unpkg.com",
  "cdnjs.cloudflare.com",
  "ajax.googleapis.com",
  "code.jquery.com",
  "npmjs.com",
  "www.npmjs.com",
  "registry.npmjs.org",
  "esm.sh",
  "cdn.skypack.dev",
  "stackpath.bootstrapcdn.com",
  "maxcdn.bootstrapcdn.com",
  "ajax.aspnetcdn.com",
]);

/**
 * First host labels of static-asset servers (`cdn.example.com/app.js`): a script there is a page's
 * library. Only script extensions are excused by it, never binaries.
 */
export const ASSET_HOST_LABELS: readonly string[] = Object.freeze(["cdn", "static", "assets", "js", "scripts"]);

/**
 * "redirector": an open redirect of a well-known service (redirectorOf); the others are hosts whose
 * pages and files anyone can publish (file sharing and cloud storage, free sites and forms) or source code.
 */
export type HostingKind = "file-sharing" | "free-hosting" | "code-hosting" | "redirector";

const SHORTENER_SET: ReadonlySet<string> = new Set(SHORTENER_HOSTS);
const DYNAMIC_DNS_SET: ReadonlySet<string> = new Set(DYNAMIC_DNS_HOSTS);
const HOSTING: ReadonlyMap<string, HostingKind> = new Map<string, HostingKind>([
  ...CODE_HOSTING_HOSTS.map((h) => [h, "code-hosting"] as const),
  ...FREE_HOSTING_HOSTS.map((h) => [h, "free-hosting"] as const),
  ...FILE_SHARING_HOSTS.map((h) => [h, "file-sharing"] as const),
]);

/** The host and each parent domain of it, longest first: `a.web.app` -> a.web.app, web.app, app. */
function hostAndParents(host: string): string[] {
  const labels = host.split(".");
  return labels.map((_, i) => labels.slice(i).join("."));
}

/** `host` lowercase ASCII. `www.` counts as the bare name. */
export function isShortenerHost(host: string): boolean {
  return SHORTENER_SET.has(host.replace(/^www\./, ""));
}

/** `host` lowercase ASCII: it or a parent domain of it is a DYNAMIC_DNS_HOSTS zone. */
export function isDynamicDnsHost(host: string): boolean {
  return hostAndParents(host).some((name) => DYNAMIC_DNS_SET.has(name));
}

/**
 * The kind of free service the host (or a parent domain of it) belongs to, if any; `path` (as the URL
 * parser serialises it) decides for the hosts of HOSTED_PATHS, the IPFS gateways' /ipfs/ paths and the
 * S3 website endpoints.
 */
export function hostingKindOf(host: string, path = "/"): HostingKind | null {
  const bare = host.replace(/^www\./, "");
  for (const [h, prefix, kind] of HOSTED_PATHS) if (bare === h && path.startsWith(prefix)) return kind;
  const labels = bare.split(".");
  // Amazon S3: bucket.s3.amazonaws.com, bucket.s3.eu-west-1.amazonaws.com, bucket.s3-eu-west-1...; a
  // bucket's static website (s3-website-*) is a hosted site
  if (bare.endsWith(".amazonaws.com")) {
    if (labels.some((l) => l.startsWith("s3-website"))) return "free-hosting";
    if (labels.some((l) => l === "s3" || l.startsWith("s3-"))) return "file-sharing";
  }
  // any IPFS gateway: /ipfs/<cid> paths, or <cid>.ipfs.<gateway> subdomains
  if (
    path.startsWith("/ipfs/") ||
    path.startsWith("/ipns/") ||
    labels.slice(1, -1).some((l) => l === "ipfs" || l === "ipns")
  )
    return "file-sharing";
  for (const name of hostAndParents(bare)) {
    const kind = HOSTING.get(name);
    if (kind) return kind;
  }
  return null;
}

/**
 * Names only governments register under (public suffixes of government registries, and the domains of
 * federal and EU institutions): a phishing page cannot be put there, so a form's link to its agency
 * is no lure's way out.
 */
export const GOVERNMENT_SUFFIXES: readonly string[] = Object.freeze([
  "gov",
  "mil",
  "fed.us",
  "gov.uk",
  "gc.ca",
  "canada.ca",
  "gouv.fr",
  "gouv.qc.ca",
  "gov.au",
  "govt.nz",
  "gv.at",
  "admin.ch",
  "bund.de",
  "gob.es",
  "gob.mx",
  "gov.br",
  "gov.in",
  "nic.in",
  "go.jp",
  "go.kr",
  "gov.cn",
  "gov.it",
  "gov.ie",
  "gov.za",
  "gov.sg",
  "gov.pl",
  "gov.pt",
  "gov.gr",
  "gov.tr",
  "gov.il",
  "gov.ph",
  "gov.ng",
  "gov.ar",
  "gob.ar",
  "gob.cl",
  "gob.pe",
  "overheid.nl",
  "rijksoverheid.nl",
  "belgium.be",
  "fgov.be",
  "europa.eu",
]);

/** `host` is a government's: under GOVERNMENT_SUFFIXES, or a US state's `*.state.<xx>.us`. */
export function isGovernmentHost(host: string): boolean {
  const names = hostAndParents(host);
  if (GOVERNMENT_SUFFIXES.some((s) => names.includes(s))) return true;
  const labels = host.split(".");
  return labels.length >= 4 && labels[labels.length - 1] === "us" && labels[labels.length - 3] === "state";
}

/**
 * Adobe's own Reader download pages and /go/ links: the stand-in page of a dynamic XFA form (what a
 * viewer without XFA shows: "Please wait... your PDF viewer may not be able to display this type of
 * document") links there. Adobe's document-sharing links (acrobat.adobe.com/id/...) are not among them.
 */
export function isViewerDownloadPage(host: string, path: string): boolean {
  const bare = host.replace(/^www\./, "");
  if (bare === "get.adobe.com") return true;
  return (
    bare === "adobe.com" &&
    (path.startsWith("/go/") || path.startsWith("/reader") || path.startsWith("/products/acrobat/readstep"))
  );
}
