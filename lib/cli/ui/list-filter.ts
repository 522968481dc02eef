// The list's filter as typed after `/`: words `verdict:<v>` and `status:<s>` select those server
// filters, every other word is the search text (a SHA-256 or hex prefix, or part of a file name), as in
// `pdfscan scans --verdict --status --query`. A value the server does not know comes back as its 400.
import type { ScanListFilters } from "../client/scan-client";

/** the server's largest page (GET /api/scans?limit) */
export const LIST_PAGE_SIZE = 100;

export function parseListFilter(text: string): ScanListFilters {
  const filters: ScanListFilters = { limit: LIST_PAGE_SIZE };
  const words: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const field = /^(verdict|status):(.+)$/i.exec(word);
    if (field) filters[field[1].toLowerCase() as "verdict" | "status"] = field[2].toLowerCase();
    else words.push(word);
  }
  if (words.length > 0) filters.query = words.join(" ");
  return filters;
}
