// The page-image routes (GET .../pages/:n/thumbnail.png[?size=large]) of the owner's API and of share
// links: one reading of the request and one response shape (PNG, private cache; the route wrapper,
// api-route.ts, adds the security headers, nosniff among them).
import type { PageImageSize } from "../storage/page-image-store";
import { ApiError } from "../errors";

/** A browser may reuse an image this long; short, since retention or a delete removes it. */
export const PAGE_IMAGE_MAX_AGE_S = 300;

/** The 1-based page of the path and the size of the query; an impossible page is a 404 like a missing one. */
export function parsePageImageRequest(n: string, url: URL): { page: number; size: PageImageSize } {
  const size = url.searchParams.get("size") ?? "thumbnail";
  if (size !== "thumbnail" && size !== "large") {
    throw new ApiError("invalid_request", "The image size is invalid.", {
      errors: [{ field: "size", message: 'must be "thumbnail" or "large"' }],
    });
  }
  if (!/^[1-9][0-9]{0,5}$/.test(n)) throw new ApiError("page_not_found", `No page ${JSON.stringify(n.slice(0, 16))}.`);
  return { page: Number(n), size };
}

export function pageImageResponse(png: Uint8Array): Response {
  return new Response(png as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": "image/png",
      "content-length": String(png.byteLength),
      "cache-control": `private, max-age=${PAGE_IMAGE_MAX_AGE_S}`,
    },
  });
}
