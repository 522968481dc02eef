// The one place that reads a multipart upload (form field `file`). The body is read with the one
// bounded reader (read-body.ts: refused early from Content-Length, and counted chunk by chunk, so a
// chunked or lying client cannot make the server buffer more than the cap), parsed as it streams with
// bounded parts, fields and headers (multipart.ts), then the content is sniffed.
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { getConfig } from "../config";
import { isPdfOrXdp, NOT_A_PDF } from "../../pdf/sniff";
import { bodyLimitOf, fileTooLarge } from "./body-limits";
import { ApiError } from "./errors";
import { parseMultipart } from "./multipart";
import { boundedBody } from "./read-body";

export const UPLOAD_FIELD = "file";

export interface Upload {
  fileName: string;
  /** owned by the caller: safe to transfer to a worker thread */
  bytes: ArrayBuffer;
  /** the other form fields by name (options such as retentionMode); a file part there reads "(file)" */
  fields: Map<string, string[]>;
}

export async function readPdfUpload(request: Request, { maxBytes }: { maxBytes: number }): Promise<Upload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      `Expected a multipart/form-data request with the PDF in form field "${UPLOAD_FIELD}".`,
    );
  }
  const body = boundedBody(request, bodyLimitOf("upload", maxBytes));
  if (!body) throw new ApiError("missing_file", `The request has no body; send the PDF in form field "${UPLOAD_FIELD}".`);
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
  const file = parsed.files[0];
  if (file.bytes.byteLength === 0) {
    throw new ApiError("missing_file", `The file in form field "${UPLOAD_FIELD}" is empty.`, {
      errors: [{ field: UPLOAD_FIELD, message: "the file is empty" }],
    });
  }
  if (file.tooLarge) throw fileTooLarge(maxBytes);
  if (!isPdfOrXdp(file.bytes)) {
    throw new ApiError("unsupported_media_type", NOT_A_PDF);
  }
  const bytes = file.bytes.buffer.slice(file.bytes.byteOffset, file.bytes.byteOffset + file.bytes.byteLength) as ArrayBuffer;
  return { fileName: file.name || "upload.pdf", bytes, fields: parsed.fields };
}
