"use client";
// Live scan status from the server's event stream (GET .../events, Server-Sent Events): each `scan`
// event replaces the scan the page shows, as it happens. The browser's EventSource reconnects by
// itself with Last-Event-ID. While the stream is open, the page's polling slows to a safety net;
// where it cannot open (an old proxy that buffers, an error), polling carries on as before.
import { useEffect, useState } from "react";
import type { ScanResource } from "./scans";

export function useScanEvents(eventsUrl: string | null, onScan: (scan: ScanResource) => void): { live: boolean } {
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!eventsUrl || typeof EventSource === "undefined") return;
    const source = new EventSource(eventsUrl);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener("scan", (e) => onScan(JSON.parse((e as MessageEvent<string>).data) as ScanResource));
    // the server ends the stream at a terminal state or a deletion: do not reconnect
    const done = () => {
      source.close();
      setLive(false);
    };
    source.addEventListener("end", done);
    source.addEventListener("deleted", done);
    return () => source.close();
    // a new onScan each render must not reopen the stream: the first one is kept (it only hands the scan on)
  }, [eventsUrl]);
  return { live };
}
