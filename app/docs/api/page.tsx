// GET /docs/api - the API reference, rendered from the OpenAPI document that GET /api/openapi.json
// serves (lib/server/openapi): every operation with its parameters, body fields, answers and problem
// codes. No sign-in: it describes the API, not anyone's data.
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { openApiDocument } from "../../../lib/server/openapi/openapi-document";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API reference · pdfscan" };

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  description?: string;
  $ref?: string;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface MediaType {
  schema?: Schema;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>;
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900",
  post: "bg-emerald-100 text-emerald-900",
  delete: "bg-red-100 text-red-900",
};

/** A schema in a few words: its type, its values, or the component it names. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return "";
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return alternatives.map(typeOf).join(" or ");
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any");
  if (type === "array") return `array of ${typeOf(schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** Inline `code` spans of the document's Markdown-ish descriptions. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split("\n\n").map((paragraph, i) => (
        <p key={i} className="mt-2 text-sm leading-6 text-slate-700">
          {paragraph.split(/(`[^`]+`)/).map((part, j) =>
            part.startsWith("`") ? (
              <code key={j} className="rounded bg-slate-100 px-1 font-mono text-[0.8rem] break-all">
                {part.slice(1, -1)}
              </code>
            ) : (
              part
            ),
          )}
        </p>
      ))}
    </>
  );
}

function Fields({
  title,
  rows,
}: {
  title: string;
  rows: { name: string; type: string; required: boolean; description?: string }[];
}) {
  if (!rows.length) return null;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold text-slate-800">{title}</h4>
      <dl className="mt-1 divide-y divide-slate-100 rounded-md border border-slate-200">
        {rows.map((r) => (
          <div key={r.name} className="px-3 py-2 text-sm">
            <dt className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-semibold break-all">{r.name}</code>
              <span className="font-mono text-xs text-slate-600 break-all">{r.type}</span>
              {r.required && <span className="text-xs font-medium text-red-800">required</span>}
            </dt>
            {r.description && <dd className="mt-0.5 text-slate-700">{r.description}</dd>}
          </div>
        ))}
      </dl>
    </div>
  );
}

function bodyRows(schema: Schema | undefined) {
  return Object.entries(schema?.properties ?? {}).map(([name, s]) => ({
    name,
    type: typeOf(s),
    required: schema?.required?.includes(name) ?? false,
    description: s.description,
  }));
}

function OperationCard({
  method,
  path,
  op,
  webhook = false,
}: {
  method: string;
  path: string;
  op: Operation;
  webhook?: boolean;
}) {
  const body = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  return (
    <article
      id={op.operationId}
      className="scroll-mt-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby={`${op.operationId}-title`}
    >
      <h3 id={`${op.operationId}-title`} className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded px-2 py-0.5 font-mono text-xs font-bold uppercase ${METHOD_STYLE[method] ?? "bg-slate-100"}`}
        >
          {method}
        </span>
        <code className="font-mono text-sm font-semibold break-all">
          {webhook ? `callbackUrl (event ${path})` : path}
        </code>
      </h3>
      <p className="mt-1 font-medium">{op.summary}</p>
      {op.description && <Prose text={op.description} />}
      <p className="mt-2 text-xs text-slate-600">
        {webhook
          ? "Sent by pdfscan to your receiver, signed with your key's webhook secret."
          : op.security?.length
            ? "Needs an API key (Bearer) or a signed-in session."
            : "No API key needed."}
      </p>
      <Fields
        title="Parameters"
        rows={(op.parameters ?? []).map((p) => ({
          name: `${p.name} (${p.in})`,
          type: typeOf(p.schema),
          required: !!p.required,
          description: p.description ?? p.schema?.description,
        }))}
      />
      {body && (
        <Fields
          title={`Body: ${body[0]}${op.requestBody?.required ? "" : " (optional)"}`}
          rows={bodyRows(body[1].schema)}
        />
      )}
      <div className="mt-3">
        <h4 className="text-sm font-semibold text-slate-800">Answers</h4>
        <ul className="mt-1 space-y-1 text-sm">
          {Object.entries(op.responses).map(([status, r]) => (
            <li key={status} className="flex flex-wrap gap-x-2">
              <span
                className={`font-mono font-semibold ${status.startsWith("2") ? "text-emerald-800" : "text-red-800"}`}
              >
                {status}
              </span>
              <span className="text-slate-700 break-words">{r.description}</span>
              {r.content && (
                <span className="font-mono text-xs text-slate-600 break-all">
                  {Object.entries(r.content)
                    .map(
                      ([type, m]) => `${type}${m.schema && !type.includes("problem") ? `: ${typeOf(m.schema)}` : ""}`,
                    )
                    .join(", ")}
                </span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

export default function ApiReferencePage() {
  const doc = openApiDocument();
  // the /api/v1 copies are the same operations: listed once, at their seed path
  const operations = Object.entries(doc.paths ?? {})
    .filter(([path]) => !path.startsWith("/api/v1/"))
    .flatMap(([path, item]) =>
      Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ method, path, op, webhook: false })),
    )
    // what the service sends to a scan's callbackUrl (the document's `webhooks`)
    .concat(
      Object.entries(doc.webhooks ?? {}).flatMap(([event, item]) =>
        Object.entries(item as Record<string, Operation>).map(([method, op]) => ({
          method,
          path: event,
          op,
          webhook: true,
        })),
      ),
    );
  const tags = [...new Set(operations.map((o) => o.op.tags?.[0] ?? "Other"))];
  const byTag = (tag: string): ReactNode =>
    operations
      .filter((o) => (o.op.tags?.[0] ?? "Other") === tag)
      .map((o) => <OperationCard key={o.op.operationId} {...o} />);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">API reference</h1>
        <p className="mt-1 text-sm text-slate-600">
          {doc.info.title} {doc.info.version}, from the OpenAPI 3.1 document at{" "}
          <a className="font-mono text-sky-800 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
          .
        </p>
        {doc.info.description && <Prose text={doc.info.description} />}
      </header>
      <nav aria-label="Operations" className="rounded-lg border border-slate-200 bg-white p-4 text-sm">
        <ul className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
          {operations.map(({ method, path, op, webhook }) => (
            <li key={op.operationId} className="break-all">
              <a className="text-sky-800 underline" href={`#${op.operationId}`}>
                <span className="font-mono text-xs font-bold uppercase">{method}</span>{" "}
                <span className="font-mono">{webhook ? `callbackUrl (${path})` : path}</span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} aria-label={tag} className="space-y-3">
          <h2 className="text-lg font-semibold">{tag}</h2>
          {byTag(tag)}
        </section>
      ))}
    </div>
  );
}
