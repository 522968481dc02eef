// Bounded multipart/form-data parsing (busboy, streaming): the body is parsed chunk by chunk as it
// arrives, and every count and size has a cap, so a hostile body (200k tiny parts, huge part
// headers, a giant text field) costs one chunk of work before it is refused, instead of blocking the
// event loop while a whole FormData is built (issue 8). File names are cleaned (control and bidi
// characters removed) and cut to 255 bytes of UTF-8, the usual file-system limit. Field names are the
// client's: they key a Map, never a plain object, so `constructor`, `toString` or `__proto__` are names
// like any other (issue 19: they made a lookup on Object.prototype throw where nothing caught it, and
// the request never ended).
import type { Readable } from "node:stream";
import busboy from "busboy";
import { ApiError } from "../errors";

export const MAX_FILE_NAME_BYTES = 255;
/** Header lines per part (Content-Disposition and Content-Type are all a client needs). */
export const MAX_PART_HEADER_PAIRS = 8;
export const MAX_FIELD_NAME_BYTES = 100;

export interface MultipartLimits {
  contentType: string;
  /** the form field that carries the file */
  fileField: string;
  maxFileBytes: number;
  maxParts: number;
  maxFieldBytes: number;
}

export interface ParsedMultipart {
  /** the parts of the file field, in order */
  files: { name: string; bytes: Uint8Array; tooLarge: boolean }[];
  /** other fields by name, in arrival order; a file part under another name reads "(file)" */
  fields: Map<string, string[]>;
}

// C0, DEL, C1 controls and the bidirectional overrides/isolates (used to disguise extensions).
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function cleanFileName(raw: string): string {
  const name = raw.replace(UNSAFE_NAME_CHARS, "").trim();
  if (Buffer.byteLength(name, "utf8") <= MAX_FILE_NAME_BYTES) return name;
  // one pass over code points, so a 2 MB name costs linear time
  let out = "";
  let bytes = 0;
  for (const ch of name) {
    bytes += Buffer.byteLength(ch, "utf8");
    if (bytes > MAX_FILE_NAME_BYTES) break;
    out += ch;
  }
  return out;
}

export function parseMultipart(source: Readable, limits: MultipartLimits): Promise<ParsedMultipart> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const result: ParsedMultipart = { files: [], fields: new Map() };
    const addField = (name: string, value: string) => {
      const values = result.fields.get(name);
      if (values) values.push(value);
      else result.fields.set(name, [value]);
    };
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: { "content-type": limits.contentType },
        defParamCharset: "utf8",
        limits: {
          parts: limits.maxParts,
          fields: limits.maxParts,
          files: limits.maxParts,
          fieldSize: limits.maxFieldBytes,
          fieldNameSize: MAX_FIELD_NAME_BYTES,
          fileSize: limits.maxFileBytes,
          headerPairs: MAX_PART_HEADER_PAIRS,
        },
      });
    } catch (error) {
      reject(new ApiError("invalid_request", "The multipart Content-Type has no usable boundary.", { cause: error }));
      return;
    }
    const fail = (error: ApiError) => {
      if (settled) return;
      settled = true;
      // stop parsing; the rest of the body is read and dropped so the client can read our answer
      source.unpipe(bb);
      bb.removeAllListeners();
      bb.on("error", () => {});
      source.on("error", () => {});
      source.resume();
      reject(error);
    };
    const tooMany = () =>
      fail(
        new ApiError("invalid_request", `The multipart body has more than ${limits.maxParts} parts.`, {
          errors: [{ field: "(body)", message: "too many parts" }],
        }),
      );

    bb.on("file", (field, stream, info) => {
      if (field !== limits.fileField) {
        addField(field, "(file)");
        stream.on("error", () => {}); // the form's own error says what went wrong
        stream.resume();
        return;
      }
      const entry = { name: cleanFileName(info.filename ?? ""), bytes: new Uint8Array(0), tooLarge: false };
      result.files.push(entry);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        entry.tooLarge = true;
      });
      // a body that ends inside the part (truncated upload) errors the part stream too; unhandled, that
      // error was an uncaught exception. The form's 'error' event answers the request.
      stream.on("error", () => {});
      stream.on("end", () => {
        entry.bytes = Buffer.concat(chunks);
      });
    });
    bb.on("field", (field, value, info) => {
      if (info.valueTruncated || info.nameTruncated) {
        fail(
          new ApiError(
            "invalid_request",
            `The form field ${JSON.stringify(field.slice(0, MAX_FIELD_NAME_BYTES))} is too long.`,
            {
              errors: [
                { field: field.slice(0, MAX_FIELD_NAME_BYTES), message: `at most ${limits.maxFieldBytes} bytes` },
              ],
            },
          ),
        );
        return;
      }
      addField(field, value);
    });
    bb.on("partsLimit", tooMany);
    bb.on("filesLimit", tooMany);
    bb.on("fieldsLimit", tooMany);
    bb.on("error", (error) =>
      fail(new ApiError("invalid_request", "The multipart body could not be parsed.", { cause: error })),
    );
    bb.on("close", () => {
      if (settled) return;
      settled = true;
      resolve(result);
    });
    // the bounded reader fails the body with its own 413 (read-body.ts): passed on as it is
    source.on("error", (error) =>
      fail(
        error instanceof ApiError
          ? error
          : new ApiError("invalid_request", "The request body could not be read.", { cause: error }),
      ),
    );
    source.pipe(bb);
  });
}
