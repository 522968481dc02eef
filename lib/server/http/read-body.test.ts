// The one body reader: a declared length over the limit refuses before reading, a streamed body is
// refused on the chunk that crosses the limit (a body that never ends included), the rest is dropped
// up to MAX_DISCARD_BYTES and then cancelled, and a body within the limit arrives whole.
import { describe, expect, it } from "vitest";
import { HTTP_LIMITS } from "../../limits";
import type { BodyLimit } from "./body-limits";
import { ApiError } from "../errors";
import { readBody } from "./read-body";

const LIMIT: BodyLimit = { kind: "json", maxBytes: 100, tooLarge: () => new ApiError("body_too_large", "too large") };
const MIB = 1024 * 1024;

/** A streamed request (no Content-Length) of `chunks` (sizes), or an endless one of 1 MiB chunks. */
function streamed(chunks: number[] | "endless", headers: Record<string, string> = {}) {
  let pulled = 0;
  let cancelled!: () => void;
  const cancel = new Promise<void>((resolve) => (cancelled = resolve));
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (chunks !== "endless" && pulled === chunks.length) return controller.close();
      controller.enqueue(new Uint8Array(chunks === "endless" ? MIB : chunks[pulled]).fill(0x41));
      pulled++;
    },
    cancel: () => cancelled(),
  });
  const request = new Request("http://x/", { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, pulled: () => pulled, cancel };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("readBody", () => {
  it("returns a body within the limit whole", async () => {
    expect((await readBody(streamed([40, 60]).request, LIMIT)).byteLength).toBe(100);
  });

  it("refuses on the chunk that crosses the limit", async () => {
    expect(await refusal(readBody(streamed([60, 60, 60]).request, LIMIT))).toMatchObject({
      code: "body_too_large",
      status: 413,
    });
  });

  it("refuses a body that never ends, drops MAX_DISCARD_BYTES of the rest and then cancels it", async () => {
    const { request, pulled, cancel } = streamed("endless");
    expect(await refusal(readBody(request, LIMIT))).toMatchObject({ code: "body_too_large" });
    await cancel;
    expect(pulled() * MIB).toBeGreaterThan(HTTP_LIMITS.MAX_DISCARD_BYTES);
    expect(pulled() * MIB).toBeLessThanOrEqual(HTTP_LIMITS.MAX_DISCARD_BYTES + 2 * MIB);
  });

  it("refuses a declared Content-Length over the limit, whatever the body holds", async () => {
    const { request } = streamed([10], { "content-length": "101" });
    expect(await refusal(readBody(request, LIMIT))).toMatchObject({ code: "body_too_large" });
  });

  it("reads an absent body as empty", async () => {
    expect((await readBody(new Request("http://x/", { method: "POST" }), LIMIT)).byteLength).toBe(0);
  });
});
