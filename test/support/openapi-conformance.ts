// Checks an answer of the running server against the OpenAPI document (lib/server/openapi): the
// operation's documented status, media type and schema (JSON Schema 2020-12, as OpenAPI 3.1 uses).
// authorizedFetch (next-server.ts) runs every answer of the integration tests through it, so each
// recorded response of the suite is a conformance check.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "../../lib/server/openapi/openapi-document";

type Doc = ReturnType<typeof openApiDocument>;

interface Matched {
  template: string;
  item: Record<string, unknown>;
}

let state:
  | { doc: Doc; ajv: Ajv2020; templates: { template: string; re: RegExp }[]; compiled: Map<string, ValidateFunction> }
  | undefined;

function load() {
  if (state) return state;
  const doc = structuredClone(openApiDocument()) as Doc;
  // OpenAPI keywords (example, discriminator...) are not JSON Schema's: not strict
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addFormat("binary", true);
  ajv.addSchema(doc as object, "openapi");
  const templates = Object.keys(doc.paths ?? {}).map((template) => ({
    template,
    re: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}|\{[^}]+\}/g, "[^/]+")}$`),
  }));
  state = { doc, ajv, templates, compiled: new Map() };
  return state;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

function match(pathname: string): Matched | null {
  const { doc, templates } = load();
  const hit = templates.find((t) => t.re.test(pathname));
  return hit
    ? { template: hit.template, item: (doc.paths as Record<string, Record<string, unknown>>)[hit.template] }
    : null;
}

/** the paths the document is about: anything else (web pages, static files) is not checked */
const API_PATH = /^\/(api|analyze|health|share\/[^/]+\/(scan|report|events|pages))(\/|$)/;

/**
 * Why `res` does not conform to the document, or null. Reads a clone of the body; the caller's
 * response is untouched. HEAD and OPTIONS answers carry no documented body and are not checked.
 */
export async function nonConformance(method: string, url: string, res: Response): Promise<string | null> {
  const m = method.toLowerCase();
  const { pathname } = new URL(url);
  if (m === "head" || m === "options" || !API_PATH.test(pathname)) return null;
  const where = `${method} ${pathname} -> ${res.status}`;
  const type = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const hit = match(pathname);
  const op = hit?.item[m] as { responses: Record<string, { content?: Record<string, unknown> }> } | undefined;
  if (!hit || !op) {
    // a path or method the API does not have: a problem, and only one of those codes
    if (res.status >= 400 && type === "application/problem+json") {
      const body = (await res.clone().json()) as { code?: string };
      const expected = !hit
        ? ["not_found", "authentication_required", "misdirected_request"]
        : ["method_not_allowed", "authentication_required", "misdirected_request"];
      return expected.includes(body.code ?? "")
        ? null
        : `${where}: undocumented ${hit ? "method" : "path"} answered code ${body.code}`;
    }
    return `${where}: ${hit ? "method" : "path"} not in the OpenAPI document`;
  }
  const response = op.responses[String(res.status)];
  if (!response)
    return `${where}: status not documented for ${method} ${hit.template} (documented: ${Object.keys(op.responses).join(", ")})`;
  if (!response.content)
    return res.status === 204 || (await res.clone().arrayBuffer()).byteLength === 0
      ? null
      : `${where}: a body where the document has none`;
  const mediaType = Object.keys(response.content).find((t) => t === type);
  if (!mediaType)
    return `${where}: content-type ${type} not documented (documented: ${Object.keys(response.content).join(", ")})`;
  if (!mediaType.endsWith("json")) return null;
  const ref = `openapi#/${pointer("paths", hit.template, m, "responses", String(res.status), "content", mediaType, "schema")}`;
  const { ajv, compiled } = load();
  let validate = compiled.get(ref);
  if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
  const body: unknown = await res.clone().json();
  if (validate(body)) return null;
  return `${where}: body does not match the document: ${ajv.errorsText(validate.errors, { separator: "; " }).slice(0, 1500)}`;
}
