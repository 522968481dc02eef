import { describe, expect, it } from "vitest";
import { AnalysisFailure, API_CODE_BY_FAILURE, type AnalysisFailureKind } from "../analysis-failure";
import { ApiError, STATUS_BY_CODE } from "../errors";
import { errorResponse, problemResponse } from "./problem-response";

describe("error model", () => {
  it("maps the contract's codes to their statuses", () => {
    expect(STATUS_BY_CODE).toMatchObject({
      missing_file: 400,
      invalid_request: 400,
      file_too_large: 413,
      unsupported_media_type: 415,
      unavailable: 503,
      internal: 500,
    });
  });

  it.each(Object.keys(STATUS_BY_CODE) as (keyof typeof STATUS_BY_CODE)[])(
    "renders %s as RFC 9457 problem+json",
    async (code) => {
      const res = problemResponse(
        new ApiError(code, "something specific", { errors: [{ field: "file", message: "m" }] }),
      );
      expect(res.status).toBe(STATUS_BY_CODE[code]);
      expect(res.headers.get("content-type")).toBe("application/problem+json");
      expect(await res.json()).toEqual({
        type: `/problems/${code}`,
        title: expect.any(String),
        status: STATUS_BY_CODE[code],
        detail: "something specific",
        code,
        errors: [{ field: "file", message: "m" }],
      });
    },
  );

  it("answers a bug as a generic 500 without leaking the message", async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const res = errorResponse(
        new Error("secret path /etc/shadow"),
        new Request("http://x/analyze/fast", { method: "POST" }),
      );
      expect(res.status).toBe(500);
      const body = await res.json();
      expect(body.code).toBe("internal");
      expect(JSON.stringify(body)).not.toContain("shadow");
    } finally {
      console.error = original;
    }
  });

  // the pool's own failures (analysis-failure.ts) leave a route as the problem their kind maps to
  it.each(Object.keys(API_CODE_BY_FAILURE) as AnalysisFailureKind[])(
    "answers the analysis pool's %s failure with its problem code",
    async (kind) => {
      const res = errorResponse(
        new AnalysisFailure(kind, "what the pool said", { retryAfterS: 5 }),
        new Request("http://x/analyze/fast", { method: "POST" }),
      );
      const code = API_CODE_BY_FAILURE[kind];
      expect(res.status).toBe(STATUS_BY_CODE[code]);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(await res.json()).toMatchObject({ code, detail: "what the pool said" });
    },
  );

  it("answers each pool failure with the status the API documents (503 busy, 429 over the key's count, 504 late)", () => {
    const status = (kind: AnalysisFailureKind) =>
      errorResponse(new AnalysisFailure(kind, "m"), new Request("http://x/")).status;
    const statuses = Object.fromEntries(
      (Object.keys(API_CODE_BY_FAILURE) as AnalysisFailureKind[]).map((k) => [k, status(k)]),
    );
    expect(statuses).toEqual({
      engine_missing: 503,
      pool_full: 503,
      caller_limit: 429,
      analysis_timeout: 504,
      cancelled: 499,
      out_of_memory: 500,
    });
    expect(
      errorResponse(new AnalysisFailure("analysis_timeout", "late"), new Request("http://x/")).headers.get(
        "retry-after",
      ),
    ).toBeNull();
  });
});
