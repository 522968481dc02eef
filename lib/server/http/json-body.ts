// A small JSON request body (sign-in, share options): bounded, an object, parsed with a zod schema.
import type { z } from "zod";
import { ApiError } from "./errors";

export const MAX_JSON_BODY_BYTES = 4 * 1024;

export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_JSON_BODY_BYTES) throw new ApiError("invalid_request", `The JSON body is over ${MAX_JSON_BODY_BYTES} bytes.`);
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_JSON_BODY_BYTES) throw new ApiError("invalid_request", `The JSON body is over ${MAX_JSON_BODY_BYTES} bytes.`);
  let value: unknown = {};
  if (text.trim() !== "") {
    if (!/^application\/json\b/i.test(request.headers.get("content-type") ?? "")) {
      throw new ApiError("unsupported_media_type", "Send the body as application/json.");
    }
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError("invalid_request", "The body is not valid JSON.");
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new ApiError("invalid_request", "The request body is invalid.", {
      errors: parsed.error.issues.map((i) => ({ field: i.path.join(".") || "(body)", message: i.message })),
    });
  }
  return parsed.data;
}
