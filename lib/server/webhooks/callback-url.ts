// Where a webhook may go. The URL is checked when the scan is created (a clear 400 instead of a
// silent failure later) and the address again before every attempt, after DNS resolution: a name
// that resolved to a public address at creation can point at 127.0.0.1 by the time the webhook is
// sent (DNS rebinding), so the sender connects to exactly the address checked here (send-webhook.ts).
// Only public unicast addresses are allowed (offline-reputation.ts classifies them from RFC 6890)
// unless the operator sets PDFSCAN_WEBHOOK_ALLOW_PRIVATE=true (a receiver on the same network).
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { classifyIp } from "../enrichment/offline-reputation";

/** URLs longer than this are refused (browsers and proxies cut at about 2 KB). */
export const MAX_CALLBACK_URL_CHARS = 2_048;
/** A name that does not resolve within this long is treated as not resolving. */
export const CALLBACK_LOOKUP_TIMEOUT_MS = 5_000;

export interface ResolvedTarget {
  url: URL;
  /** the address to connect to (checked) */
  address: string;
  family: 4 | 6;
}

export class CallbackRefused extends Error {
  override name = "CallbackRefused";
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The URL's problem, or null when its form is acceptable (http or https, no credentials, no fragment). */
export function callbackUrlProblem(text: string): string | null {
  if (text.length > MAX_CALLBACK_URL_CHARS) return `must be at most ${MAX_CALLBACK_URL_CHARS} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must be an http or https URL";
  if (url.username || url.password) return "must not carry a user name or password";
  if (url.hash) return "must not carry a fragment";
  return null;
}

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

export const isPublicAddress = (address: string): boolean => classifyIp(unmapped(address)) === "public";

/**
 * The address a webhook to `text` connects to; CallbackRefused when the URL is malformed, the name
 * does not resolve, or (without allowPrivate) any address it resolves to is not public: one private
 * answer among public ones is refused too, since the connection could use it.
 */
export async function resolveCallbackTarget(
  text: string,
  { allowPrivate, lookup = systemLookup }: { allowPrivate: boolean; lookup?: Lookup },
): Promise<ResolvedTarget> {
  const problem = callbackUrlProblem(text);
  if (problem) throw new CallbackRefused(`the callback URL ${problem}`);
  const url = new URL(text);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        lookup(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("timed out")), CALLBACK_LOOKUP_TIMEOUT_MS);
        }),
      ]);
    } catch (error) {
      throw new CallbackRefused(`the callback host ${host} does not resolve (${(error as Error).message})`);
    } finally {
      clearTimeout(timer);
    }
    if (addresses.length === 0) throw new CallbackRefused(`the callback host ${host} does not resolve`);
  }
  if (!allowPrivate) {
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) {
      throw new CallbackRefused(
        `the callback host ${host} resolves to ${refused.address}, a private, loopback, link-local or reserved address (refused to protect internal services)`,
      );
    }
  }
  const [first] = addresses;
  return { url, address: unmapped(first!.address), family: isIP(unmapped(first!.address)) === 6 ? 6 : 4 };
}
