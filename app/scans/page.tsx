// GET /scans - the signed-in caller's scans history: filters in the address (?verdict=&status=&q=),
// the first page rendered here from the same service call as GET /api/scans, the rest by ScanHistory.
import type { Metadata } from "next";
import type { HistoryFilter } from "../_components/scan-history-filters";
import { HISTORY_PAGE_SIZE, ScanHistory, type ScanListPage } from "../_components/scan-history";
import { requireSignIn } from "../_lib/page-auth";
import { getScanService } from "../../lib/server/runtime";
import { parseListQuery } from "../../lib/server/scans/scan-requests";
import { toScanResource } from "../../lib/server/scans/scan-resource";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Scan history · pdfscan" };

type SearchParams = Record<string, string | string[] | undefined>;

/** The filters of the address; one the API would refuse is dropped (the page still opens). */
function filterOf(searchParams: SearchParams): HistoryFilter {
  const filter: HistoryFilter = {};
  for (const key of ["verdict", "status", "q"] as const) {
    const value = searchParams[key];
    if (typeof value !== "string") continue;
    try {
      const parsed = parseListQuery(new URLSearchParams({ [key]: value }))[key];
      if (parsed) filter[key] = parsed;
    } catch {
      // an unknown value: show the unfiltered list rather than an error page
    }
  }
  return filter;
}

export default async function ScansPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const principal = await requireSignIn("/scans");
  const filter = filterOf(await searchParams);
  let initialPage: ScanListPage | undefined;
  try {
    const query = parseListQuery(new URLSearchParams({ ...filter, limit: String(HISTORY_PAGE_SIZE) }));
    const page = await (await getScanService()).listScans(principal, query);
    initialPage = {
      items: page.items.map((row) => toScanResource(row)),
      nextCursor: page.nextCursor,
      limit: HISTORY_PAGE_SIZE,
    };
  } catch {
    // the store is briefly down: the client asks the API again and shows its problem
  }
  return <ScanHistory initialFilter={filter} initialPage={initialPage} />;
}
