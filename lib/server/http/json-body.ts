// A small JSON request body (sign-in, share options): read with the one bounded reader (read-body.ts,
// HTTP_LIMITS.MAX_JSON_BODY_BYTES, 413 past it), an object, parsed with a zod schema.
import type { z } from "zod";
import { bodyLimitOf } from "./body-limits";
import { ApiError } from "../errors";
import { readBody } from "./read-body";

export async function readJsonBody<T>(request: Request, schema: z.ZodType<T>): Promise<T> {
  // the JSON limit does not depend on the upload cap
  const text = new TextDecoder().decode(await readBody(request, bodyLimitOf("json", 0)));
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
