// What an online service said about one indicator, in the terms of a feed entry (feeds/feed-matching.ts),
// so that its hits join the imported feeds' in the report and in the verdict (feeds/feed-verdict.ts).
import { z } from "zod";

export const ProviderAnswer = z.discriminatedUnion("listed", [
  z.object({ listed: z.literal(false) }),
  z.object({
    listed: z.literal(true),
    /** what the service says it is, e.g. "malware: 41/70 engines, trojan.pdfka" */
    category: z.string(),
    confidence: z.number().int().min(0).max(100),
    firstSeen: z.number().nullable(),
    lastSeen: z.number().nullable(),
    /** the service's page for the indicator */
    reference: z.string().nullable(),
    /** false when the service's own answer is too weak to count (e.g. fewer engines than the threshold) */
    counts: z.boolean(),
  }),
]);
export type ProviderAnswer = z.infer<typeof ProviderAnswer>;

export interface ProviderContext {
  timeoutMs: number;
  signal: AbortSignal;
}

/** One online service: which indicators it is asked about, and how. */
export interface OnlineProvider {
  /** the source name in the report, e.g. "virustotal" */
  readonly name: string;
  /** lookups the service makes per minute, all processes together */
  readonly perMinute: number;
  /** what it is asked about: file hashes, or the hosts (domains, IPs) of the links */
  readonly asks: "hashes" | "hosts";
  lookup(value: string, ctx: ProviderContext): Promise<ProviderAnswer>;
}
