// The optional enrichment step of the advanced stage (contract: only when enableEnrichment is true,
// and only extracted indicators leave the analysis, never the file). A provider is pluggable; the one
// built in works offline (offline-reputation.ts). Third-party services are called only when the
// operator configures them (online/online-lookups.ts), and are then sent indicators and hashes only.
import { z } from "zod";
import { IOC_TYPES, type Iocs } from "../../analyzer/report";
import { FeedMatch } from "../feeds/feed-matching";
import { OnlineReport } from "./online/online-lookups";

export const IndicatorClassification = z.enum(["public", "private", "reserved", "documentation", "local", "unknown"]);

export const EnrichedIndicator = z.object({
  type: z.enum(IOC_TYPES),
  value: z.string(),
  defanged: z.string(),
  /** where the indicator points: private/reserved/documentation targets cannot be contacted on the internet */
  classification: IndicatorClassification,
  /** stable kebab-case flags, e.g. "url-shortener", "punycode-domain", "ip-literal-host" */
  flags: z.array(z.string()),
  notes: z.array(z.string()),
});
export type EnrichedIndicator = z.infer<typeof EnrichedIndicator>;

export const EnrichmentResult = z.object({
  provider: z.string(),
  providerVersion: z.string(),
  /** false for the built-in provider: nothing was sent anywhere */
  external: z.boolean(),
  generatedAt: z.string(),
  indicators: z.array(EnrichedIndicator),
  summary: z.object({
    total: z.number().int(),
    flagged: z.number().int(),
    byClassification: z.record(z.string(), z.number().int()),
  }),
  /** the imported feeds' entries that name the indicators or the file's hashes (lib/server/feeds), and the online services' hits */
  feeds: FeedMatch.optional(),
  /** what each configured online service was asked and answered (online/online-lookups.ts); absent when none is configured */
  online: z.array(OnlineReport).optional(),
});
export type EnrichmentResult = z.infer<typeof EnrichmentResult>;

export interface EnrichmentProvider {
  readonly name: string;
  /** Enriches the indicators of one document; `signal` aborts when the step's budget is spent. */
  enrich(
    iocs: Iocs,
    options: { signal: AbortSignal; now: Date; hashes?: readonly string[] },
  ): Promise<EnrichmentResult>;
}
