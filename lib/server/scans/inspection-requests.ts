// The object inspector's inputs and answers as zod schemas: the routes validate with them, and the
// OpenAPI document (lib/server/openapi/operations.ts) describes the routes by them.
import { z } from "zod";
import { INSPECTOR_LIMITS } from "../../limits";
import { ApiError } from "../errors";
import { toFieldErrors } from "./scan-requests";

/** An object number as the path or ?refs= spells it (0 included: damaged files number from 0). */
const objectNumber = z
  .string()
  .regex(/^\d{1,9}$/, "must be an object number")
  .transform(Number);

export const ObjectsQuery = z.object({
  search: z
    .string()
    .min(1)
    .max(INSPECTOR_LIMITS.MAX_SEARCH_CHARS, `must be at most ${INSPECTOR_LIMITS.MAX_SEARCH_CHARS} characters`)
    .optional()
    .meta({ description: "the objects whose written form contains this text (case-insensitive), like pdf-parser -s" }),
  refs: objectNumber
    .optional()
    .meta({ description: "the objects that refer to this object number, like pdf-parser -r" }),
});

export const ObjectQuery = z.object({
  stream: z
    .enum(["decoded", "raw"], { error: 'must be "decoded" or "raw"' })
    .optional()
    .meta({ description: "the stream's bytes too: decoded by its filters (under the analysis budgets) or as stored" }),
});

export const ObjectParam = z.object({
  n: z
    .string()
    .regex(/^\d{1,9}$/)
    .meta({ description: "object number" }),
});
export const EmbeddedParam = z.object({
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .meta({ description: "the embedded file's SHA-256, as the report's embedded_files lists it" }),
});

export const ObjectLine = z.object({
  num: z.number().int(),
  gen: z.number().int(),
  offset: z.number().int(),
  kind: z.string().meta({ description: "stream or dict with its /Type /Subtype /S, array, string, ..." }),
  stream: z.object({ rawBytes: z.number().int(), filters: z.array(z.string()) }).optional(),
  container: z.string().optional().meta({ description: '"N G" of the object stream holding it' }),
});

export const ObjectList = z.object({
  encrypted: z.boolean(),
  total: z.number().int().meta({ description: "objects in the document's table" }),
  objects: z.array(ObjectLine),
  truncated: z.boolean().meta({ description: `more matched than the ${INSPECTOR_LIMITS.MAX_LISTED_OBJECTS} listed` }),
  revisions: z.array(
    z.object({
      index: z.number().int(),
      kind: z.enum(["table", "stream"]),
      offset: z.number().int(),
      entries: z.number().int(),
      trailer: z.string().nullable(),
    }),
  ),
});

export const ObjectView = z.object({
  object: ObjectLine,
  text: z.string().meta({ description: "the value in PDF syntax (a stream: its dictionary)" }),
  referrers: z.array(ObjectLine),
  stream: z
    .object({
      view: z.enum(["decoded", "raw"]),
      note: z.string().meta({ description: "filters applied, size, and what stopped a decode" }),
      totalBytes: z.number().int(),
      truncated: z
        .boolean()
        .meta({ description: `only the first ${INSPECTOR_LIMITS.MAX_STREAM_SHOWN_BYTES} bytes are in base64` }),
      base64: z.string(),
    })
    .optional(),
});

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ApiError("invalid_request", `The ${what} is invalid.`, { errors: toFieldErrors(parsed.error) });
  return parsed.data;
}

const present = (params: URLSearchParams, keys: readonly string[]) =>
  Object.fromEntries(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : [])));

/** ?search= or ?refs= (one of them). */
export function parseObjectsQuery(params: URLSearchParams): { search?: string; refs?: number } {
  const q = parse(ObjectsQuery, present(params, ["search", "refs"]), "query");
  if (q.search !== undefined && q.refs !== undefined)
    throw new ApiError("invalid_request", "Ask for ?search= or ?refs=, not both.");
  return q;
}

export const parseObjectQuery = (params: URLSearchParams) => parse(ObjectQuery, present(params, ["stream"]), "query");
export const parseObjectNumber = (n: string): number => parse(objectNumber, n, "object number");
export const parseEmbeddedHash = (sha256: string): string =>
  parse(EmbeddedParam.shape.sha256, sha256.toLowerCase(), "SHA-256");

export type ObjectList = z.infer<typeof ObjectList>;
export type ObjectView = z.infer<typeof ObjectView>;
