// The webhook messages a scan sends to its callbackUrl (contract.md "Versioning and events"): one per
// step a pipeline waits for. The body follows the Standard Webhooks payload shape
// ({type, timestamp, data}); data is the scan resource as GET /api/scans/:scanId shows it then.
import { z } from "zod";
import { iso } from "../scans/report";
import type { ScanRow } from "../scans/scan-repository";
import { ScanResource, toScanResource } from "../scans/scan-resource";
import type { ScanStatus } from "../domain/state-machine";

/** The status a scan reaches -> the event sent, in the order a scan can send them. */
const EVENT_BY_STATUS = {
  completed_fast_scan: "scan.fast_completed",
  completed: "scan.completed",
  failed: "scan.failed",
} as const satisfies Partial<Record<ScanStatus, string>>;

export const WEBHOOK_EVENT_TYPES = Object.values(EVENT_BY_STATUS);
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means (the OpenAPI document's webhooks section). */
export const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEventType, string> = {
  "scan.fast_completed":
    "The fast stage is done: the scan has its first verdict and score, and the report can be read.",
  "scan.completed":
    "The scan is finished (advanced stage and enrichment included; see advancedStatus for a partial success).",
  "scan.failed": "The scan ended without a usable result (failureReason says why).",
};

export const WebhookPayload = z.object({
  type: z.enum(WEBHOOK_EVENT_TYPES),
  timestamp: z.iso.datetime().meta({ description: "when the event happened (the same on every attempt)" }),
  data: ScanResource,
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

/** The event a transition from `before` to `after` sends, if any. */
export function webhookEventOf(before: ScanStatus, after: ScanStatus): WebhookEventType | null {
  if (before === after) return null;
  return (EVENT_BY_STATUS as Partial<Record<ScanStatus, WebhookEventType>>)[after] ?? null;
}

/** The message body for the scan as just written. */
export function webhookPayloadOf(type: WebhookEventType, row: ScanRow, now: number): WebhookPayload {
  return { type, timestamp: iso(now), data: toScanResource(row) };
}
