// The one place that reads a multipart upload (form field `file`). Size is enforced twice: early from
// Content-Length when the client sends it, and always on the bytes actually received, so a chunked
// or lying client cannot make the server buffer more than the cap. Then the content is sniffed.
import { ApiError } from "./errors";
import { isPdfOrXdp } from "../pdf-sniff";

export const UPLOAD_FIELD = "file";
/** Room for multipart boundaries and part headers on top of the file itself. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface Upload {
  fileName: string;
  /** owned by the caller: safe to transfer to a worker thread */
  bytes: ArrayBuffer;
}

export async function readPdfUpload(request: Request, { maxBytes }: { maxBytes: number }): Promise<Upload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType)) {
    throw new ApiError(
      "unsupported_media_type",
      `Expected a multipart/form-data request with the PDF in form field "${UPLOAD_FIELD}".`,
    );
  }
  const tooLarge = () =>
    new ApiError("file_too_large", `The upload exceeds the limit of ${maxBytes} bytes (${formatMiB(maxBytes)}).`);
  const maxBodyBytes = maxBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > maxBodyBytes) throw tooLarge();
  if (!request.body) throw new ApiError("missing_file", `The request has no body; send the PDF in form field "${UPLOAD_FIELD}".`);

  let form: FormData;
  const cap = { overLimit: false };
  try {
    form = await new Response(capStream(request.body, maxBodyBytes, cap), {
      headers: { "content-type": contentType },
    }).formData();
  } catch (error) {
    if (cap.overLimit) throw tooLarge();
    throw new ApiError("invalid_request", "The multipart body could not be parsed.", { cause: error });
  }

  const entries = form.getAll(UPLOAD_FIELD);
  if (entries.length === 0 || typeof entries[0] === "string") {
    throw new ApiError("missing_file", `No file in form field "${UPLOAD_FIELD}".`, {
      errors: [{ field: UPLOAD_FIELD, message: "a file part is required" }],
    });
  }
  if (entries.length > 1) {
    throw new ApiError("invalid_request", `Send exactly one file in form field "${UPLOAD_FIELD}".`, {
      errors: [{ field: UPLOAD_FIELD, message: `got ${entries.length} parts` }],
    });
  }
  const file = entries[0] as File;
  if (file.size === 0) {
    throw new ApiError("missing_file", `The file in form field "${UPLOAD_FIELD}" is empty.`, {
      errors: [{ field: UPLOAD_FIELD, message: "the file is empty" }],
    });
  }
  if (file.size > maxBytes) throw tooLarge();
  const bytes = await file.arrayBuffer();
  if (!isPdfOrXdp(new Uint8Array(bytes))) {
    throw new ApiError(
      "unsupported_media_type",
      "The file is not a PDF: no %PDF- header in the first 1024 bytes and not an XDP package wrapping a PDF.",
    );
  }
  return { fileName: file.name || "upload.pdf", bytes };
}

/** Passes a body through, failing the stream as soon as more than maxBytes have arrived. */
function capStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
  cap: { overLimit: boolean },
): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen <= maxBytes) return controller.enqueue(chunk);
        cap.overLimit = true;
        controller.error(new Error(`request body over ${maxBytes} bytes`));
      },
    }),
  );
}

const formatMiB = (n: number): string => `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 2)} MiB`;
