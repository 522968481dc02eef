// Whether a web link goes to or through a free service (url-hosts.ts): cloud storage and file sharing,
// free sites and form builders, an open redirector of a well-known service, or a URL shortener. Lures
// whose one link points there defeat reputation checks: the host is Google's, Microsoft's or Dropbox's,
// and the attacker's account or destination sits behind it. Ordinary documents link these services all
// the time (a report linking its data on Google Drive), so this is a fact for the lure rules, which read
// it only together with a lure's layout, and for the verdict model; never a finding by itself.
import { classifyUrl, type UrlFacts } from "./classify-url";

export type HostedKind = "file-sharing" | "free-hosting" | "redirector" | "shortener";

export interface HostedLink {
  kind: HostedKind;
  host: string;
  /** the destination a redirector's link carries, classified (one hop: its own redirects are not followed) */
  destination: UrlFacts | null;
}

/** The free service a web link goes through or to, if any (code hosting is none: it hosts source code). */
export function hostedLinkOf(url: UrlFacts | null | undefined): HostedLink | null {
  if (!url || (url.scheme !== "http" && url.scheme !== "https")) return null;
  if (url.shortener) return { kind: "shortener", host: url.host, destination: null };
  if (url.hosting === "redirector")
    return { kind: "redirector", host: url.host, destination: url.redirectTo ? classifyUrl(url.redirectTo) : null };
  if (url.hosting === "file-sharing" || url.hosting === "free-hosting")
    return { kind: url.hosting, host: url.host, destination: null };
  return null;
}

/** Where a click on the link lands as far as the link itself shows: a redirector's destination, else the URL. */
export function landingUrl(url: UrlFacts | null | undefined): UrlFacts | undefined {
  if (!url) return undefined;
  return (url.hosting === "redirector" && url.redirectTo ? classifyUrl(url.redirectTo) : null) ?? url;
}

const KIND_NAMES: Record<HostedKind, string> = {
  "file-sharing": "file-sharing / cloud-storage host",
  "free-hosting": "free site-hosting / form host",
  redirector: "open redirector of",
  shortener: "URL shortener",
};

/** "open redirector of www.google.com to free site-hosting / form host x.web.app" (hosts only: no live link). */
export function describeHostedLink(h: HostedLink): string {
  const own = `${KIND_NAMES[h.kind]} ${h.host}`;
  if (!h.destination) return own;
  const inner = hostedLinkOf(h.destination);
  return `${own} to ${inner ? `${KIND_NAMES[inner.kind]} ${inner.host}` : `host ${h.destination.host}`}`;
}

/** " through the open redirector www.google.com" when `landing` is a redirector's destination, else "". */
export function viaRedirector(link: UrlFacts | undefined, landing: UrlFacts | undefined): string {
  return link && landing && landing !== link ? ` through the open redirector ${link.host}` : "";
}
