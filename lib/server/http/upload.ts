// The one place that reads a multipart upload (form field `file`). Size is enforced twice: early from
// Content-Length when the client sends it, and always on the bytes actually received, so a chunked
// or lying client cannot make the server buffer more than the cap. The body is parsed as it streams
// with bounded parts, fields and headers (multipart.ts), then the content is sniffed.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { getConfig } from "../config";
import { isPdfOrXdp } from "../pdf-sniff";
import { ApiError } from "./errors";
import { parseMultipart } from "./multipart";

export const UPLOAD_FIELD = "file";
/** Room for multipart boundaries and part headers on top of the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Most bytes of a rejected body read and dropped so the client sees the 413 (see discardRest). */
export const MAX_DISCARD_BYTES = 256 * 1024 * 1024;

export interface Upload {
  fileName: string;
  /** owned by the caller: safe to transfer to a worker thread */
  bytes: ArrayBuffer;
  /** the other form fields by name (options such as retentionMode); a file part there reads "(file)" */
  fields: Record<string, string[]>;
}

export async function readPdfUpload(request: Request, { maxBytes }: { maxBytes: number }): Promise<Upload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      `Expected a multipart/form-data request with the PDF in form field "${UPLOAD_FIELD}".`,
    );
  }
  const tooLarge = (headers?: Record<string, string>) =>
    new ApiError("file_too_large", `The upload exceeds the limit of ${formatSize(maxBytes)} (${maxBytes} bytes).`, {
      headers,
    });
  const maxBodyBytes = maxBytes + MULTIPART_OVERHEAD_BYTES;
  if (!request.body) throw new ApiError("missing_file", `The request has no body; send the PDF in form field "${UPLOAD_FIELD}".`);
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    if (declared <= MAX_DISCARD_BYTES) {
      discardRest(request.body.getReader(), 0);
      throw tooLarge();
    }
    void request.body.cancel().catch(() => {});
    throw tooLarge({ connection: "close" });
  }

  const limits = getConfig().multipart;
  const cap = { overLimit: false };
  const parsed = await parseMultipart(Readable.fromWeb(capStream(request.body, maxBodyBytes, cap) as NodeReadableStream<Uint8Array>), {
    contentType,
    fileField: UPLOAD_FIELD,
    maxFileBytes: maxBytes,
    ...limits,
  }).catch((error: unknown) => {
    if (cap.overLimit) throw tooLarge();
    throw error;
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
  const file = parsed.files[0];
  if (file.bytes.byteLength === 0) {
    throw new ApiError("missing_file", `The file in form field "${UPLOAD_FIELD}" is empty.`, {
      errors: [{ field: UPLOAD_FIELD, message: "the file is empty" }],
    });
  }
  if (file.tooLarge) throw tooLarge();
  if (!isPdfOrXdp(file.bytes)) {
    throw new ApiError(
      "unsupported_media_type",
      "The file is not a PDF: no %PDF- header in the first 1024 bytes, no PDF object syntax (N G obj ... endobj), and not an XDP package wrapping a PDF.",
    );
  }
  const bytes = file.bytes.buffer.slice(file.bytes.byteOffset, file.bytes.byteOffset + file.bytes.byteLength) as ArrayBuffer;
  return { fileName: file.name || "upload.pdf", bytes, fields: parsed.fields };
}

/**
 * Passes a body through; past maxBytes it fails the parse at once and leaves the rest of the body to
 * discardRest(), so the 413 goes out immediately and the client, still writing, can read it.
 */
function capStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  cap: { overLimit: boolean },
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen <= maxBytes) return controller.enqueue(value);
      cap.overLimit = true;
      controller.error(new Error(`request body over ${maxBytes} bytes`));
      discardRest(reader, seen);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * Reads and drops the unread rest of a rejected body (nginx's "lingering close"): closing a socket
 * the client is still writing to resets it, and clients that send the whole body before reading
 * (fetch/undici, python-requests) then report a connection error instead of our 413. Bounded by
 * MAX_DISCARD_BYTES; past that the connection is dropped.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): void {
  void (async () => {
    let total = alreadyRead;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > MAX_DISCARD_BYTES) return reader.cancel();
    }
  })().catch(() => {});
}

function formatSize(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
