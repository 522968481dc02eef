// Where an open redirector of a well-known service sends a click: the destination its link carries
// (url-hosts.ts REDIRECTORS says how), read out without any network access. `google.com/url?q=X`,
// `outlook.com safelinks ?url=X`, Proofpoint's rewritten links and Bing's base64 click tracking all end
// at X; a lure's link checks must judge X, not the trusted host in front of it.
import { percentDecoded } from "./normalize-url";
import type { RedirectCarrier } from "./url-hosts";

/** The carried destination as an absolute web URL, or null (opaque token, absent, not a web URL). */
export function redirectDestination(carrier: RedirectCarrier, url: URL): string | null {
  const found = carried(carrier, url);
  if (found === null) return null;
  const t = found.trim();
  if (/^https?:\/\//i.test(t)) return t;
  // a scheme-less host/path (Google AMP's /amp/s/example.com/x is https)
  return isHostAndPath(t) ? `https://${t}` : null;
}

function carried(carrier: RedirectCarrier, url: URL): string | null {
  switch (carrier.kind) {
    case "param":
      for (const name of carrier.names) {
        const v = url.searchParams.get(name);
        if (v) return v;
      }
      return null;
    case "path": {
      const at = url.pathname.indexOf(carrier.after);
      return at < 0 ? null : percentDecoded(url.pathname.slice(at + carrier.after.length) + url.search);
    }
    case "query":
      return url.search.length > 1 ? percentDecoded(url.search.slice(1)) : null;
    case "bing": {
      // u=a1<base64url>: "a1" is the encoding's version prefix
      const u = url.searchParams.get("u");
      if (!u?.startsWith("a1")) return null;
      return Buffer.from(u.slice(2), "base64url").toString("latin1");
    }
    case "proofpoint-v2": {
      const u = url.searchParams.get("u");
      return u ? percentDecoded(u.replace(/-/g, "%").replace(/_/g, "/")) : null;
    }
    case "proofpoint-v3": {
      // /v3/__<url>__;<token>!!<signature>: the URL sits between the first "__" and "__;"
      const whole = url.pathname + url.search;
      const start = whole.indexOf("/v3/__");
      if (start < 0) return null;
      const rest = whole.slice(start + 6);
      const end = rest.indexOf("__;");
      return percentDecoded(end < 0 ? rest : rest.slice(0, end));
    }
    case "opaque":
      return null;
  }
}

/** `example.com` or `example.com/x`: dot-separated labels of letters, digits and hyphens, at least two. */
function isHostAndPath(t: string): boolean {
  const slash = t.indexOf("/");
  const host = slash < 0 ? t : t.slice(0, slash);
  // labels checked one by one: a repeated group per label grew V8's backtrack stack with their count
  return /^[a-z0-9.-]+$/i.test(host) && host.includes(".") && host.split(".").every((label) => label.length > 0);
}
