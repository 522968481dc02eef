// PNG page images of a scan (thumbnails and enlarged previews from the advanced stage's pdf.js render),
// kept under the scan's retention rules. All images of one scan are one bundle in a BlobStore of their
// own (files under PDFSCAN_DATA_DIR/page-images, or the `page_images` table with PDFSCAN_STORAGE=
// postgres), keyed by the scan id: one write, one delete, and the uploads store's orphan sweep never
// mistakes them for uploads.
import type { Kysely } from "kysely";
import path from "node:path";
import type { PageImage } from "../../analyzer";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { BlobStore } from "./blob-store";
import { LocalFileStore } from "./local-file-store";
import { PostgresBlobStore } from "./postgres-blob-store";

export const PAGE_IMAGES_DIR_NAME = "page-images";
export type PageImageSize = "thumbnail" | "large";

/** What the scan row records about the stored images (scans.page_images, JSON). */
export interface StoredPage {
  /** 1-based page number */
  page: number;
  /** an enlarged preview is stored too */
  large: boolean;
}

interface BundleEntry {
  page: number;
  size: PageImageSize;
  offset: number;
  length: number;
}

export class PageImageStore {
  constructor(readonly blobs: BlobStore) {}

  /** Stores the images of a scan (replacing earlier ones); returns what was stored. */
  async put(scanId: string, images: PageImage[]): Promise<StoredPage[]> {
    await this.blobs.put(scanId, encodeBundle(images));
    return images.map((i) => ({ page: i.index + 1, large: !!i.large }));
  }

  /** The PNG of one page (1-based) of the scan, or null when it is not stored. */
  async get(scanId: string, page: number, size: PageImageSize): Promise<Uint8Array | null> {
    const bundle = await this.blobs.get(scanId);
    return bundle ? decodeEntry(new Uint8Array(bundle), page, size) : null;
  }

  /** Removes the scan's images; deleting missing ones is not an error. */
  delete(scanId: string): Promise<void> {
    return this.blobs.delete(scanId);
  }
}

export function createPageImageStore(
  config: Pick<Config, "storage" | "dataDir">,
  db: Kysely<Database>,
): PageImageStore {
  const blobs =
    config.storage === "postgres"
      ? new PostgresBlobStore(db, "page_images")
      : new LocalFileStore(path.join(config.dataDir, PAGE_IMAGES_DIR_NAME), ".png.bundle");
  return new PageImageStore(blobs);
}

/** Bundle: a 4-byte big-endian length, a JSON index of the PNGs (offsets after the index), the PNGs. */
export function encodeBundle(images: PageImage[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const entries: BundleEntry[] = [];
  let offset = 0;
  const add = (page: number, size: PageImageSize, png: Uint8Array) => {
    entries.push({ page, size, offset, length: png.byteLength });
    parts.push(png);
    offset += png.byteLength;
  };
  for (const image of images) {
    add(image.index + 1, "thumbnail", image.thumbnail);
    if (image.large) add(image.index + 1, "large", image.large);
  }
  const index = new TextEncoder().encode(JSON.stringify(entries));
  const out = new Uint8Array(4 + index.byteLength + offset);
  new DataView(out.buffer).setUint32(0, index.byteLength);
  out.set(index, 4);
  let at = 4 + index.byteLength;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

function decodeEntry(bundle: Uint8Array, page: number, size: PageImageSize): Uint8Array | null {
  if (bundle.byteLength < 4) return null;
  const indexLength = new DataView(bundle.buffer, bundle.byteOffset, bundle.byteLength).getUint32(0);
  const start = 4 + indexLength;
  if (start > bundle.byteLength) return null;
  const entries = JSON.parse(new TextDecoder().decode(bundle.subarray(4, start))) as BundleEntry[];
  const entry = entries.find((e) => e.page === page && e.size === size);
  if (!entry || start + entry.offset + entry.length > bundle.byteLength) return null;
  return bundle.slice(start + entry.offset, start + entry.offset + entry.length);
}
