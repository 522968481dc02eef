import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { STATUS_BY_CODE, type ErrorCode } from "../errors";
import { openApiDocument } from "./openapi-document";
import { OPERATIONS, UNLISTED_PROBLEMS, problemsOf, v1PathOf } from "./operations";

const APP = path.resolve(__dirname, "../../../app");

/** Every route file of app/, as the URL path it serves (OpenAPI template syntax) and its file text. */
function routeFiles(dir = APP): { urlPath: string; file: string; text: string }[] {
  const out: { urlPath: string; file: string; text: string }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...routeFiles(full));
    else if (entry.name === "route.ts") {
      const rel = path.relative(APP, path.dirname(full)).split(path.sep);
      const urlPath = `/${rel.map((seg) => seg.replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`;
      out.push({ urlPath, file: full, text: readFileSync(full, "utf8") });
    }
  }
  return out;
}

/** The methods a route file serves: the arguments of its otherMethods(...) call, following a re-export. */
function servedMethods(file: string, text: string): string[] {
  const reexport = /export \{[^}]*\bGET\b[^}]*\} from "([^"]+)"/.exec(text);
  if (reexport) {
    const target = path.resolve(path.dirname(file), `${reexport[1]}.ts`);
    return servedMethods(target, readFileSync(target, "utf8"));
  }
  const call = /otherMethods\(([^)]*)\)/.exec(text);
  if (!call) throw new Error(`${file}: no otherMethods(...) call`);
  return [...call[1].matchAll(/"([A-Z]+)"/g)].map((m) => m[1].toLowerCase());
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(openApiDocument()) as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("describes every route file and every method it serves, and nothing else", () => {
    const doc = openApiDocument();
    const documented = new Set(
      Object.entries(doc.paths ?? {}).flatMap(([p, item]) => Object.keys(item as object).map((m) => `${m} ${p}`)),
    );
    const served = new Set<string>();
    for (const { urlPath, file, text } of routeFiles()) {
      // catch-alls only answer 404 (or 405) for paths the API does not have
      if (/\[\[?\.\.\./.test(urlPath)) continue;
      for (const m of servedMethods(file, text)) served.add(`${m} ${urlPath}`);
    }
    expect(served.size).toBeGreaterThan(30);
    expect(
      [...served].filter((s) => !documented.has(s)),
      "served but not documented",
    ).toEqual([]);
    expect(
      [...documented].filter((s) => !served.has(s)),
      "documented but not served",
    ).toEqual([]);
  });

  it("names every problem code: each is answered by some operation, or listed as unlisted with why", () => {
    const listed = new Set(OPERATIONS.flatMap(problemsOf));
    const unlisted = new Set(Object.keys(UNLISTED_PROBLEMS));
    const codes = Object.keys(STATUS_BY_CODE) as ErrorCode[];
    expect(
      codes.filter((c) => !listed.has(c) && !unlisted.has(c)),
      "in no operation",
    ).toEqual([]);
    expect(
      codes.filter((c) => listed.has(c) && unlisted.has(c)),
      "both listed and unlisted",
    ).toEqual([]);
    // the unlisted ones are explained in the document itself
    for (const code of unlisted) expect(openApiDocument().info.description).toContain(`\`${code}\``);
  });

  it("gives each operation a problem response per status, whose schema admits exactly its codes", () => {
    const doc = openApiDocument();
    for (const op of OPERATIONS) {
      for (const p of [op.path, v1PathOf(op)].filter((x): x is string => x !== null)) {
        const responses = (
          doc.paths?.[p] as Record<
            string,
            {
              responses: Record<
                string,
                { content?: Record<string, { schema: { properties?: { code?: { enum?: string[] } } } }> }
              >;
            }
          >
        )[op.method].responses;
        for (const code of problemsOf(op)) {
          const schema = responses[String(STATUS_BY_CODE[code])]?.content?.["application/problem+json"]?.schema;
          expect(schema?.properties?.code?.enum, `${op.operationId} ${code}`).toContain(code);
        }
      }
    }
  });

  it("has unique operation ids and a security requirement on every keyed operation", () => {
    const doc = openApiDocument();
    const ops = Object.values(doc.paths ?? {}).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string; security: unknown[] }>),
    );
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of OPERATIONS) {
      const rendered = (doc.paths?.[op.path] as Record<string, { security: unknown[] }>)[op.method];
      expect(rendered.security.length > 0, op.operationId).toBe(op.access === "key");
    }
  });
});
