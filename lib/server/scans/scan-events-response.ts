// The answer of both event-stream routes (the owner's GET /api/scans/:scanId/events and a share
// link's /share/:token/events): the scan's stream, fed by this process's scan changes, with the
// route's own view of a row (its access check on each re-read, its URLs in the resource).
import { getConfig } from "../config";
import { eventStreamResponse, scanEventStream } from "./scan-event-stream";
import type { ScanRow } from "./scan-repository";
import type { ScanResource } from "./scan-resource";
import { getScanChanges } from "../runtime";

export interface ScanView {
  /** the row as the caller may see it now, or null (deleted, or access gone) */
  reload(): Promise<ScanRow | null>;
  /** the resource the caller is shown */
  show(row: ScanRow): ScanResource;
}

export async function scanEventsResponse(request: Request, scanId: string, view: ScanView): Promise<Response> {
  const changes = await getScanChanges();
  const stream = scanEventStream(scanId, {
    load: async () => {
      const row = await view.reload();
      return row && view.show(row);
    },
    subscribe: (changed) => changes.subscribe(scanId, (row) => changed(row && view.show(row))),
    listening: () => changes.listening(),
    pollMs: getConfig().eventsPollMs,
    lastEventId: request.headers.get("last-event-id"),
    signal: request.signal,
  });
  return eventStreamResponse(stream);
}
