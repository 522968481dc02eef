// The body table (body-limits.ts) must agree with the routes: every route file that reads an upload or
// a JSON body is listed with that kind, and every other path takes none, so the front door never
// refuses a body a route reads nor lets through one it does not (the file-type "supported set
// declared once" test).
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HTTP_LIMITS } from "../../limits";
import { bodyKindOf, bodyLimitOf, declaredLength, type BodyKind } from "./body-limits";

const APP = path.resolve(__dirname, "../../../app");

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === "route.ts" ? [full] : [];
  });
}

/** What the route's code reads, following a re-export (`export { POST } from "../../x/route"`). */
function bodyReadBy(file: string): BodyKind {
  const source = readFileSync(file, "utf8");
  const reexport = /export \{[^}]*\bPOST\b[^}]*\} from "([^"]+)"/.exec(source);
  if (reexport) return bodyReadBy(path.resolve(path.dirname(file), `${reexport[1]}.ts`));
  // the upload readers (http/upload.ts readUpload, through analyze-request.ts and scans/create-scan-request.ts)
  if (["readUpload(", "analyzeRequest(", "createScanRequest("].some((reader) => source.includes(reader)))
    return "upload";
  if (source.includes("readJsonBody(")) return "json";
  return "none";
}

/** A request path the route serves: dynamic segments filled in, route groups dropped. */
function samplePath(file: string): string {
  const segments = path
    .relative(APP, path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.map((s) => (s.startsWith("[") ? "x" : s)).join("/")}`;
}

describe("request body table", () => {
  const routes = routeFiles(APP).map((file) => ({
    file: path.relative(APP, file),
    path: samplePath(file),
    reads: bodyReadBy(file),
  }));

  it("finds the routes that read bodies", () => {
    expect(
      routes
        .filter((r) => r.reads !== "none")
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        "/analyze/deep",
        "/analyze/fast",
        "/api/scans",
        "/api/scans/x/shares",
        "/api/session",
        "/api/v1/analyze/deep",
        "/api/v1/analyze/fast",
        "/api/v1/scans",
        "/api/v1/scans/x/shares",
        "/api/v1/session",
      ].sort(),
    );
  });

  it.each(routes.map((r) => [r.file, r.path, r.reads] as const))(
    "%s (POST %s) reads %s, as the table says",
    (_file, routePath, reads) => {
      expect(bodyKindOf("POST", routePath)).toBe(reads);
      for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS"])
        expect(bodyKindOf(method, routePath)).toBe("none");
    },
  );

  it("gives no body to pages, unknown paths, or near misses of body routes", () => {
    for (const p of [
      "/",
      "/scans",
      "/signin",
      "/share/x",
      "/nope",
      "/api/scans/",
      "/api/scans/x",
      "/analyze/fast/x",
      "/api/analyze/fast",
      "/api/v2/scans",
      "/api/scans/x/shares/y",
    ]) {
      expect(bodyKindOf("POST", p), p).toBe("none");
    }
  });

  it("limits each kind, and answers over the limit with its 413", () => {
    expect(bodyLimitOf("upload", 1000)).toMatchObject({ maxBytes: 1000 + HTTP_LIMITS.MULTIPART_OVERHEAD_BYTES });
    expect(bodyLimitOf("upload", 1000).tooLarge()).toMatchObject({ code: "file_too_large", status: 413 });
    expect(bodyLimitOf("json", 1000)).toMatchObject({ maxBytes: HTTP_LIMITS.MAX_JSON_BODY_BYTES });
    expect(bodyLimitOf("json", 1000).tooLarge()).toMatchObject({ code: "body_too_large", status: 413 });
    expect(bodyLimitOf("none", 1000)).toMatchObject({ maxBytes: 0 });
  });

  it.each([
    ["12", 12],
    [" 7 ", 7],
    ["", null],
    ["-1", null],
    ["1e3", null],
    ["0x10", null],
    [null, null],
  ] as const)("reads Content-Length %j as %j", (value, want) => {
    expect(declaredLength(value)).toBe(want);
  });
});
