// Static lists about URL hosts, kept in one place for every rule that reads a link: well-known link
// shorteners (they hide the real destination), free file-sharing and free web-hosting services (where
// phishing and malware-delivery links put their payloads and pages because an account costs nothing and
// the host's reputation is good), and code hosting / script CDNs (where a `.js` path is source code shown
// as a page, not a download). Public, small, and matched on the host or a parent domain of it.

/** Link shorteners (commonly abused to hide phishing destinations). */
export const SHORTENER_HOSTS: readonly string[] = Object.freeze([
  "bit.ly", "bitly.com", "tinyurl.com", "t.co", "goo.gl", "ow.ly", "is.gd", "buff.ly", "rebrand.ly", "cutt.ly",
  "shorturl.at", "rb.gy", "t.ly", "tiny.cc", "bl.ink", "lnkd.in", "s.id", "v.gd", "qrco.de", "urlz.fr", "shorte.st",
  "adf.ly", "bc.vc", "soo.gd", "clck.ru", "u.to", "x.co", "tr.im", "qr.io", "surl.li", "bit.do", "shorturl.com",
]);

/**
 * File-sharing and cloud-storage services: a link there opens a download (MITRE T1567.002 lists them as
 * exfiltration targets; delivery lures link them for payloads: "Invoice.zip on Google Drive").
 */
export const FILE_SHARING_HOSTS: readonly string[] = Object.freeze([
  "drive.google.com", "docs.google.com", "drive.usercontent.google.com", "storage.googleapis.com",
  "firebasestorage.googleapis.com", "firebasestorage.app", "dropbox.com", "dropboxusercontent.com", "dl.dropbox.com",
  "onedrive.live.com", "1drv.ms", "sharepoint.com", "mediafire.com", "wetransfer.com", "we.tl", "transfer.sh",
  "mega.nz", "mega.io", "box.com", "app.box.com", "sendspace.com", "4shared.com", "zippyshare.com", "gofile.io",
  "anonfiles.com", "file.io", "filebin.net", "pixeldrain.com", "catbox.moe", "files.catbox.moe", "uploadfiles.io",
  "icedrive.net", "pcloud.com", "pcloud.link", "yadi.sk", "disk.yandex.ru", "disk.yandex.com", "cdn.discordapp.com",
  "media.discordapp.net", "cdn.discord.com", "tmpfiles.org", "bashupload.com", "filetransfer.io", "swisstransfer.com",
  "smash.gg", "limewire.com", "s3.amazonaws.com", "blob.core.windows.net",
]);

/**
 * Free web hosting and site builders: anyone gets a subdomain in minutes, so lures host their pages and
 * payloads there (phishing-trend reports name these zones again and again).
 */
export const FREE_HOSTING_HOSTS: readonly string[] = Object.freeze([
  "web.app", "firebaseapp.com", "pages.dev", "workers.dev", "github.io", "gitlab.io", "netlify.app", "vercel.app",
  "herokuapp.com", "glitch.me", "repl.co", "replit.app", "weebly.com", "weeblysite.com", "wixsite.com", "wix.com",
  "000webhostapp.com", "000webhost.com", "blogspot.com", "wordpress.com", "sites.google.com", "godaddysites.com",
  "webflow.io", "square.site", "jimdosite.com", "carrd.co", "notion.site", "framer.app", "surge.sh", "ngrok.io",
  "ngrok-free.app", "trycloudflare.com", "azurewebsites.net", "web.core.windows.net", "onrender.com", "fly.dev",
  "duckdns.org", "no-ip.com", "ddns.net", "hopto.org", "zapto.org", "sytes.net", "epizy.com", "rf.gd",
  "infinityfreeapp.com", "altervista.org", "16mb.com", "esy.es", "hol.es", "pe.hu", "atwebpages.com",
]);

/**
 * Code hosting and script CDNs: a path ending in `.js`, `.ps1`, `.sh`... there is a source file shown as a
 * page or served to web pages as a library, not a script dropped on the reader's disk.
 */
export const CODE_HOSTING_HOSTS: readonly string[] = Object.freeze([
  "github.com", "gist.github.com", "raw.githubusercontent.com", "gist.githubusercontent.com", "gitlab.com",
  "bitbucket.org", "codeberg.org", "sourceforge.net", "cdn.jsdelivr.net", "unpkg.com", "cdnjs.cloudflare.com",
  "ajax.googleapis.com", "code.jquery.com", "npmjs.com", "www.npmjs.com", "registry.npmjs.org", "esm.sh",
  "cdn.skypack.dev", "stackpath.bootstrapcdn.com", "maxcdn.bootstrapcdn.com", "ajax.aspnetcdn.com",
]);

/**
 * First host labels of static-asset servers (`cdn.example.com/app.js`): a script there is a page's
 * library. Only script extensions are excused by it, never binaries.
 */
export const ASSET_HOST_LABELS: readonly string[] = Object.freeze(["cdn", "static", "assets", "js", "scripts"]);

export type HostingKind = "file-sharing" | "free-hosting" | "code-hosting";

const SHORTENER_SET: ReadonlySet<string> = new Set(SHORTENER_HOSTS);
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

/** The kind of free service the host (or a parent domain of it) belongs to, if any. */
export function hostingKindOf(host: string): HostingKind | null {
  for (const name of hostAndParents(host.replace(/^www\./, ""))) {
    const kind = HOSTING.get(name);
    if (kind) return kind;
  }
  return null;
}
