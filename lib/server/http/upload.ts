// The one place that reads an upload: a multipart form (field `file`, options beside it) or a raw body
// (Content-Type application/pdf or application/zip, options in the query string, the name in
// `fileName` or Content-Disposition). The body is read with the one bounded reader (read-body.ts:
// refused early from Content-Length, and counted chunk by chunk, so a chunked or lying client cannot
// make the server buffer more than the cap), a form parsed as it streams with bounded parts, fields and
// headers (multipart.ts); then the content is sniffed: a PDF (or XDP), or a ZIP of them
// (upload-archive.ts), else 415.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { getConfig } from "../config";
import { isPdfOrXdp, NOT_A_PDF } from "../../pdf/sniff";
import { bodyLimitOf, fileTooLarge } from "./body-limits";
import { ApiError } from "../errors";
import { parseMultipart } from "./multipart";
import { boundedBody, readBody } from "./read-body";
import { isZip } from "./upload-archive";

export const UPLOAD_FIELD = "file";

/** Media types of a raw upload body (besides multipart/form-data). */
export const RAW_UPLOAD_TYPES = ["application/pdf", "application/zip", "application/x-zip-compressed"] as const;
/** The query parameter naming a raw upload (else Content-Disposition's filename). */
export const FILE_NAME_PARAM = "fileName";

export interface Upload {
  fileName: string;
  /** owned by the caller: safe to transfer to a worker thread */
  bytes: ArrayBuffer;
  /** a PDF (or XDP package), or a ZIP archive of them */
  kind: "pdf" | "zip";
  /** the other form fields (or query parameters of a raw body) by name; a file part there reads "(file)" */
  fields: Map<string, string[]>;
}

export async function readUpload(request: Request, { maxBytes }: { maxBytes: number }): Promise<Upload> {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  const { fileName, bytes, fields } = (RAW_UPLOAD_TYPES as readonly string[]).includes(mediaType)
    ? await readRawBody(request, maxBytes)
    : /^multipart\/form-data\s*;/i.test(contentType)
      ? await readForm(request, contentType, maxBytes)
      : unsupported();
  if (bytes.byteLength === 0) {
    throw new ApiError("missing_file", `The file in form field "${UPLOAD_FIELD}" is empty.`, {
      errors: [{ field: UPLOAD_FIELD, message: "the file is empty" }],
    });
  }
  const kind = isZip(bytes) ? "zip" : isPdfOrXdp(bytes) ? "pdf" : null;
  if (!kind) throw new ApiError("unsupported_media_type", NOT_A_PDF);
  const owned = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return { fileName: fileName || (kind === "zip" ? "upload.zip" : "upload.pdf"), bytes: owned, kind, fields };
}

function unsupported(): never {
  throw new ApiError(
    "unsupported_media_type",
    `Expected a multipart/form-data request with the PDF (or a ZIP of PDFs) in form field "${UPLOAD_FIELD}", or a raw ${RAW_UPLOAD_TYPES.join(" or ")} body.`,
  );
}

/** A raw body: the file itself; its options are the query parameters. */
async function readRawBody(
  request: Request,
  maxBytes: number,
): Promise<{ fileName: string; bytes: Uint8Array; fields: Map<string, string[]> }> {
  const bytes = await readBody(request, bodyLimitOf("upload", maxBytes));
  if (bytes.byteLength > maxBytes) throw fileTooLarge(maxBytes);
  const fields = new Map<string, string[]>();
  for (const [name, value] of new URL(request.url).searchParams) fields.set(name, [...(fields.get(name) ?? []), value]);
  const named = fields.get(FILE_NAME_PARAM)?.[0];
  fields.delete(FILE_NAME_PARAM);
  return {
    fileName: (named ?? dispositionFileName(request.headers.get("content-disposition")) ?? "").slice(0, 255),
    bytes,
    fields,
  };
}

/** filename="..." (or RFC 6266 filename*=UTF-8''...) of a Content-Disposition header. */
function dispositionFileName(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // fall back to the plain parameter
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
}

async function readForm(
  request: Request,
  contentType: string,
  maxBytes: number,
): Promise<{ fileName: string; bytes: Uint8Array; fields: Map<string, string[]> }> {
  const body = boundedBody(request, bodyLimitOf("upload", maxBytes));
  if (!body)
    throw new ApiError("missing_file", `The request has no body; send the PDF in form field "${UPLOAD_FIELD}".`);
  const parsed = await parseMultipart(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), {
    contentType,
    fileField: UPLOAD_FIELD,
    maxFileBytes: maxBytes,
    ...getConfig().multipart,
  });
  if (parsed.files.length === 0) {
    throw new ApiError("missing_file", `No file in form field "${UPLOAD_FIELD}".`, {
      errors: [{ field: UPLOAD_FIELD, message: "a file part is required" }],
    });
  }
  if (parsed.files.length > 1) {
    throw new ApiError("invalid_request", `Send exactly one file in form field "${UPLOAD_FIELD}".`, {
      errors: [{ field: UPLOAD_FIELD, message: `got ${parsed.files.length} parts` }],
    });
  }
  const file = parsed.files[0]!;
  if (file.tooLarge) throw fileTooLarge(maxBytes);
  return { fileName: file.name, bytes: file.bytes, fields: parsed.fields };
}
