// The one line a server's error answer becomes (every client command and `pdfscan ui` print it).
import { describe, expect, it } from "vitest";
import { problemLine } from "./scan-client";

const answer = (status: number, body: unknown) =>
  new Response(typeof body === "string" ? body : JSON.stringify(body), { status, statusText: "Status Text" });

describe("problemLine", () => {
  it("takes the problem's title and detail, and a 400's field errors", async () => {
    const problem = {
      title: "Invalid request",
      detail: "The query is invalid.",
      errors: [{ field: "verdict", message: 'must be one of "malicious", "benign"' }, { message: "and\nthis" }],
    };
    expect(await problemLine(answer(400, problem), { url: "http://x" })).toBe(
      'server answered 400 Invalid request: The query is invalid. (verdict: must be one of "malicious", "benign"; and this)',
    );
    expect(await problemLine(answer(404, { title: "Scan not found", detail: "No scan x." }), { url: "http://x" })).toBe(
      "server answered 404 Scan not found: No scan x.",
    );
  });

  it("falls back to the status text and the body's start, and hints at a missing key on 401", async () => {
    expect(await problemLine(answer(502, "<html>bad gateway</html>"), { url: "http://x" })).toBe(
      "server answered 502 Status Text: <html>bad gateway</html>",
    );
    expect(await problemLine(answer(401, { title: "Authentication required" }), { url: "http://x" })).toBe(
      "server answered 401 Authentication required (no API key: pass --api-key or set PDFSCAN_API_KEY)",
    );
  });
});
