// One naming rule for what the API returns (contract.md: "new report fields use camelCase like the scan
// object"): every field name of the report, the scan resource, a ZIP upload's batch and the webhook
// payload is camelCase. The one exception is the report's `details`, the advanced stage's result
// passed through with the analyzer's seed-style names (file_name, keyword_hits: the seed's fast
// result), which the schema types as an open record.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { WebhookPayload } from "../webhooks/webhook-events";
import { ScanReport } from "./report";
import { ScanBatch, ScanResource } from "./scan-resource";

const CAMEL = /^[a-z][a-zA-Z0-9]*$/;

/** Every property name in a JSON Schema, with its path. */
function propertyNames(schema: unknown, path = ""): string[] {
  if (!schema || typeof schema !== "object") return [];
  const node = schema as Record<string, unknown>;
  const names: string[] = [];
  for (const [name, child] of Object.entries((node.properties as Record<string, unknown>) ?? {}))
    names.push(`${path}.${name}`, ...propertyNames(child, `${path}.${name}`));
  for (const key of ["items", "anyOf", "oneOf", "allOf", "additionalProperties", "$defs"]) {
    const child = node[key];
    for (const c of Array.isArray(child) ? child : key === "$defs" && child ? Object.values(child) : [child])
      names.push(...propertyNames(c, path));
  }
  return names;
}

describe("report field names", () => {
  it.each([
    ["ScanReport", ScanReport],
    ["ScanResource", ScanResource],
    ["ScanBatch", ScanBatch],
    ["WebhookPayload", WebhookPayload],
  ] as const)("%s: every field is camelCase", (_name, schema) => {
    const names = propertyNames(z.toJSONSchema(schema, { unrepresentable: "any" }));
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((p) => !CAMEL.test(p.slice(p.lastIndexOf(".") + 1)))).toEqual([]);
  });

  it("finds a snake_case name when there is one (the check can fail)", () => {
    const names = propertyNames(
      z.toJSONSchema(z.object({ fine: z.string(), nested: z.array(z.object({ not_fine: z.number() })) })),
    );
    expect(names.filter((p) => !CAMEL.test(p.slice(p.lastIndexOf(".") + 1)))).toEqual([".nested.not_fine"]);
  });
});
