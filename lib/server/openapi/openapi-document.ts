// The OpenAPI 3.1 document of the API (GET /api/openapi.json, /api/v1/openapi.json), rendered by
// zod-openapi from the operations table (operations.ts) and the zod schemas it names. Built once per
// process: the table is static.
import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponsesObject,
} from "zod-openapi";
import { DeepResult, FastResult } from "../../analyzer/report";
import { ShareResource } from "../auth/share-links";
import { CSRF_HEADER, SESSION_COOKIE } from "../auth/sessions";
import { STATUS_BY_CODE, type ErrorCode } from "../errors";
import { ScanReport } from "../scans/report";
import { ScanResource } from "../scans/scan-resource";
import { SERVICE_VERSION } from "../version";
import { WEBHOOK_EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, WebhookPayload } from "../webhooks/webhook-events";
import { DEFAULT_WEBHOOK_RETRY_DELAYS_MS } from "../webhooks/webhook-dispatcher";
import { OPERATIONS, UNLISTED_PROBLEMS, problemsOf, v1PathOf, type Operation } from "./operations";

const ERROR_CODES = Object.keys(STATUS_BY_CODE) as ErrorCode[];

const FieldError = z.object({ field: z.string(), message: z.string() });
/** RFC 9457 problem details, as lib/server/http/problem-response.ts renders them */
const Problem = z
  .object({
    type: z.string().meta({ description: "/problems/<code>" }),
    title: z.string(),
    status: z.number().int().min(400).max(599),
    detail: z.string(),
    code: z.enum(ERROR_CODES),
    errors: z.array(FieldError).optional().meta({ description: "field-level problems of an invalid_request" }),
  })
  .catchall(z.unknown())
  .meta({ description: "RFC 9457 application/problem+json; extension members (e.g. signedInAs, checks) may follow" });

const DESCRIPTION = `PDF malware analysis: a verdict, a score and a confidence for an uploaded PDF, every finding explained, indicators and mitigations.

Every path under /api is also served under /api/v1; /analyze/fast, /analyze/deep and /health also as /api/v1/analyze/fast, /api/v1/analyze/deep and /api/v1/health.

Errors are RFC 9457 application/problem+json with a stable \`code\`. Each operation lists the codes it can answer. Not listed on operations: ${Object.entries(
  UNLISTED_PROBLEMS,
)
  .map(([code, why]) => `\`${code}\` (${why})`)
  .join("; ")}.

Authentication: \`Authorization: Bearer pdfscan_...\` (RFC 6750), or the web UI's session cookie, which needs the \`${CSRF_HEADER}\` header on writes. Share links carry their own token in the path.`;

function responsesOf(op: Operation): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const a of op.answers) {
    out[`${a.status}` as `2${string}`] = {
      description: a.description,
      ...(a.content
        ? { content: Object.fromEntries(Object.entries(a.content).map(([type, schema]) => [type, { schema }])) }
        : {}),
      ...(a.headers
        ? {
            headers: Object.fromEntries(
              Object.entries(a.headers).map(([name, description]) => [
                name,
                { description, schema: { type: "string" } },
              ]),
            ),
          }
        : {}),
    };
  }
  // one response per status, naming its codes; the schema admits only those codes
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of problemsOf(op))
    byStatus.set(STATUS_BY_CODE[code], [...(byStatus.get(STATUS_BY_CODE[code]) ?? []), code]);
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    out[`${status}` as `4${string}`] = {
      description: `problem: ${codes.join(", ")}`,
      content: {
        "application/problem+json": { schema: Problem.extend({ code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }) },
      },
    };
  }
  return out;
}

function operationObject(op: Operation): ZodOpenApiOperationObject {
  return {
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [op.tag],
    security: op.access === "key" ? [{ bearer: [] }, { session: [] }] : [],
    ...(op.path_params || op.query || op.headers
      ? {
          requestParams: {
            ...(op.path_params ? { path: op.path_params } : {}),
            ...(op.query ? { query: op.query } : {}),
            ...(op.headers ? { header: op.headers } : {}),
          },
        }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: op.body.required,
            content: Object.fromEntries(Object.entries(op.body.content).map(([type, schema]) => [type, { schema }])),
          },
        }
      : {}),
    responses: responsesOf(op),
  };
}

/** The Standard Webhooks headers every webhook carries (lib/server/webhooks/webhook-dispatcher.ts). */
const WebhookHeaders = z.object({
  "webhook-id": z
    .string()
    .meta({ description: "msg_<random>: the same on every attempt of one message; deduplicate on it" }),
  "webhook-timestamp": z
    .string()
    .meta({ description: "Unix seconds of this attempt; refuse messages more than a few minutes old (replays)" }),
  "webhook-signature": z.string().meta({
    description: "v1,<base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}` under your key's secret>",
  }),
});

/** 5000 -> "5 s", 1800000 -> "30 min", 7200000 -> "2 h" */
const duration = (ms: number): string =>
  ms >= 3_600_000 && ms % 3_600_000 === 0
    ? `${ms / 3_600_000} h`
    : ms >= 60_000 && ms % 60_000 === 0
      ? `${ms / 60_000} min`
      : `${ms / 1000} s`;

/** What the service POSTs to a scan's callbackUrl: one entry per event type. */
function webhooksSection(): ZodOpenApiPathsObject {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `webhook_${type.replace(".", "_")}`,
          summary: `${type} (to the scan's callbackUrl)`,
          description: `${WEBHOOK_EVENT_DESCRIPTIONS[type]} Signed the Standard Webhooks way with your key's whsec_ secret (verify with a Standard Webhooks library, or \`pdfscan webhooks verify\`). Retried with backoff (by default after ${DEFAULT_WEBHOOK_RETRY_DELAYS_MS.map(duration).join(", ")}) until a 2xx; 410 Gone stops the retries; redirects are not followed. GET /api/scans/{scanId}/webhooks shows the attempts.`,
          tags: ["Webhooks"],
          requestParams: { header: WebhookHeaders },
          requestBody: {
            required: true,
            content: { "application/json": { schema: WebhookPayload.extend({ type: z.literal(type) }) } },
          },
          responses: {
            "200": { description: "any 2xx: received (the body is not read)" },
            "410": { description: "gone: no more webhooks of this message are sent" },
          },
        },
      },
    ]),
  ) as ZodOpenApiPathsObject;
}

function buildDocument(): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) {
    for (const path of [op.path, v1PathOf(op)]) {
      if (path === null) continue;
      const item = (paths[path] ??= {});
      // the /api/v1 copy is the same operation: its id gets a suffix (ids are unique in a document)
      item[op.method] = {
        ...operationObject(op),
        operationId: path === op.path ? op.operationId : `${op.operationId}V1`,
      };
    }
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "pdfscan API",
      version: SERVICE_VERSION,
      description: DESCRIPTION,
      license: { name: "Proprietary" },
    },
    tags: [...new Set(OPERATIONS.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: { FastResult, DeepResult, ScanReport, Scan: ScanResource, ShareLink: ShareResource, Problem },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "an API key, pdfscan_<random>" },
        session: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `the web UI's session (POST /api/session); writes also send the ${CSRF_HEADER} header`,
        },
      },
    },
  });
}

let built: ReturnType<typeof createDocument> | undefined;

/** The document (built on first use). */
export function openApiDocument(): ReturnType<typeof createDocument> {
  return (built ??= buildDocument());
}
