// The enrichment step with the imported feeds: the offline reputation of each indicator
// (enrichment/offline-reputation.ts) plus the feed entries that name the indicators or the file's and
// embedded files' hashes. Only the scan database is read; nothing leaves the service.
import type { EnrichmentProvider } from "../enrichment/enrichment-provider";
import type { FeedStore } from "./feed-store";
import { matchFeeds } from "./feed-matching";

export function withFeeds(base: EnrichmentProvider, store: FeedStore): EnrichmentProvider {
  return {
    name: base.name,
    async enrich(iocs, options) {
      const result = await base.enrich(iocs, options);
      return { ...result, feeds: await matchFeeds(store, iocs, options.hashes ?? [], options.now.getTime()) };
    },
  };
}
