// URLhaus's host lookup (abuse.ch API v1: POST /v1/host/ with the form field `host`, the key in the
// Auth-Key header): the URLs URLhaus saw serving malware from a host (domain or IP). Only the host is
// sent. Outcomes are in `query_status`, not in the HTTP status: ok, no_results, invalid_host, and an
// unknown key. A listed host counts as a feed host entry does (suspicious, not proof: shared hosting).
import { z } from "zod";
import { PROVIDER_LIMITS } from "../../../limits";
import { ProviderError, requestJson } from "./provider-http";
import type { OnlineProvider, ProviderAnswer, ProviderContext } from "./provider-answer";

export interface UrlhausSettings {
  baseUrl: string;
  authKey: string;
  perMinute: number;
}

const HostAnswer = z.object({
  query_status: z.string(),
  urlhaus_reference: z.string().optional(),
  firstseen: z.string().nullable().optional(),
  url_count: z.union([z.string(), z.number()]).optional(),
  urls: z
    .array(z.object({ url_status: z.string().nullable().optional(), date_added: z.string().nullable().optional() }))
    .optional(),
});

/** "2019-01-05 14:39:08 UTC", URLhaus's form, as milliseconds; null when absent or unreadable. */
export function urlhausTime(value: string | null | undefined): number | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?: UTC)?$/.exec(value) : null;
  const ms = m ? Date.parse(`${m[1]}T${m[2]}Z`) : NaN;
  return Number.isFinite(ms) ? ms : null;
}

export function urlhausHost(settings: UrlhausSettings): OnlineProvider {
  return {
    name: "urlhaus",
    perMinute: settings.perMinute,
    asks: "hosts",
    async lookup(host: string, ctx: ProviderContext): Promise<ProviderAnswer> {
      const { status, body } = await requestJson({
        url: `${settings.baseUrl.replace(/\/+$/, "")}/v1/host/`,
        method: "POST",
        headers: { "auth-key": settings.authKey },
        form: { host },
        ...ctx,
      });
      const answer = HostAnswer.safeParse(body);
      if (status === 401 || status === 403 || answer.data?.query_status === "unknown_auth_key")
        throw new ProviderError("the Auth-Key was refused", true);
      if (status === 429) throw new ProviderError("HTTP 429: rate limited", true);
      if (status !== 200 || !answer.success)
        throw new ProviderError(
          `HTTP ${status}${answer.success ? ` ${answer.data.query_status}` : ": not the documented answer"}`,
        );
      const a = answer.data;
      if (a.query_status === "no_results" || a.query_status === "invalid_host") return { listed: false };
      if (a.query_status !== "ok") throw new ProviderError(`query_status ${a.query_status}`);
      const urls = (a.urls ?? []).slice(0, PROVIDER_LIMITS.MAX_URLS_READ);
      const online = urls.filter((u) => u.url_status === "online").length;
      const added = urls.map((u) => urlhausTime(u.date_added)).filter((t): t is number => t !== null);
      const count = Number(a.url_count ?? urls.length);
      return {
        listed: true,
        category: `malware distribution host: ${Number.isFinite(count) ? count : urls.length} URLs, ${online} online`,
        // a host still serving malware is a stronger sign than one whose URLs were all taken down
        confidence: online > 0 ? 90 : 60,
        firstSeen: urlhausTime(a.firstseen),
        lastSeen: added.length ? Math.max(...added) : null,
        reference: a.urlhaus_reference ?? null,
        counts: true,
      };
    },
  };
}
