import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { listQueryString, parseListQuery, parseScanOptions } from "./scan-requests";

const form = (fields: Record<string, string[]>) => new Map(Object.entries(fields));
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error("expected an ApiError");
};

describe("scan options (multipart fields)", () => {
  it("defaults to delete_immediately without enrichment (seed rule 1, contract)", () => {
    expect(parseScanOptions(new Map())).toEqual({
      retentionMode: "delete_immediately",
      enableEnrichment: false,
      keepThumbnails: false,
    });
  });

  it.each([
    [
      { retentionMode: ["retain_24h"], enableEnrichment: ["true"] },
      { retentionMode: "retain_24h", enableEnrichment: true, keepThumbnails: false },
    ],
    [
      { retentionMode: ["retain_30d"], enableEnrichment: ["false"] },
      { retentionMode: "retain_30d", enableEnrichment: false, keepThumbnails: false },
    ],
    [{ retentionMode: ["retain_7d"] }, { retentionMode: "retain_7d", enableEnrichment: false, keepThumbnails: false }],
    [
      { keepThumbnails: ["true"] },
      { retentionMode: "delete_immediately", enableEnrichment: false, keepThumbnails: true },
    ],
  ])("reads %j", (fields, want) => {
    expect(parseScanOptions(form(fields))).toEqual(want);
  });

  it.each([
    [{ retentionMode: ["forever"] }, "retentionMode"],
    [{ keepThumbnails: ["yes"] }, "keepThumbnails"],
    [{ retentionMode: ["Retain_24h"] }, "retentionMode"],
    [{ enableEnrichment: ["yes"] }, "enableEnrichment"],
    [{ enableEnrichment: ["1"] }, "enableEnrichment"],
    [{ retention: ["retain_24h"] }, "retention"],
    [{ retentionMode: ["retain_24h", "retain_7d"] }, "retentionMode"],
  ])("refuses %j with a 400 naming the field", (fields, field) => {
    const error = problem(() => parseScanOptions(form(fields)));
    expect(error.code).toBe("invalid_request");
    expect(error.extra.errors?.map((e) => e.field)).toContain(field);
  });

  it.each(PROTOTYPE_NAMES)("refuses a field named %s as unknown, and its name as an option value", (name) => {
    const asField = problem(() => parseScanOptions(new Map([[name, ["x"]]])));
    expect(asField.extra.errors).toEqual([{ field: name, message: "unknown field" }]);
    for (const option of ["retentionMode", "enableEnrichment", "keepThumbnails"]) {
      const asValue = problem(() => parseScanOptions(new Map([[option, [name]]])));
      expect(asValue.extra.errors?.map((e) => e.field)).toEqual([option]);
    }
  });
});

describe("list query", () => {
  it("defaults to 20 per page", () => {
    expect(parseListQuery(new URLSearchParams())).toEqual({ limit: 20 });
  });
  it.each(["0", "101", "-1", "abc", "2.5"])("refuses limit=%s", (limit) => {
    expect(problem(() => parseListQuery(new URLSearchParams({ limit }))).extra.errors?.[0].field).toBe("limit");
  });
  it("reads limit and cursor", () => {
    expect(parseListQuery(new URLSearchParams({ limit: "5", cursor: "abc", other: "ignored" }))).toEqual({
      limit: 5,
      cursor: "abc",
    });
  });
  it("reads the filters, trims the search text and drops a blank one", () => {
    expect(
      parseListQuery(new URLSearchParams({ verdict: "malicious", status: "completed", q: "  Invoice.pdf " })),
    ).toEqual({
      limit: 20,
      verdict: "malicious",
      status: "completed",
      q: "Invoice.pdf",
    });
    expect(parseListQuery(new URLSearchParams({ q: "   ", verdict: "" }))).toEqual({ limit: 20 });
  });
  it.each([
    [{ verdict: "evil" }, "verdict"],
    [{ verdict: "Benign" }, "verdict"],
    [{ status: "done" }, "status"],
    [{ q: "x".repeat(201) }, "q"],
  ])("refuses %j with a 400 naming the field", (query, field) => {
    const error = problem(() => parseListQuery(new URLSearchParams(query)));
    expect(error.code).toBe("invalid_request");
    expect(error.status).toBe(400);
    expect(error.extra.errors?.map((e) => e.field)).toEqual([field]);
  });
  it("builds the next page's query with the same filters", () => {
    const query = parseListQuery(new URLSearchParams({ limit: "2", verdict: "benign", q: "a b&c" }));
    expect(listQueryString(query, "CUR")).toBe("limit=2&verdict=benign&q=a+b%26c&cursor=CUR");
    expect(listQueryString({ limit: 2 }, "CUR")).toBe("limit=2&cursor=CUR");
  });
});
