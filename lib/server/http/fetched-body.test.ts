import { describe, expect, it } from "vitest";
import { FetchedBodyTooLarge, readFetchedBody } from "./fetched-body";

/** A response whose body arrives in `chunks` chunks of `size` bytes, counting the chunks pulled. */
function chunked(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(65));
    },
  });
  return { res: new Response(body), pulled: () => pulled };
}

describe("readFetchedBody", () => {
  it("reads a body up to the cap whole", async () => {
    const { res } = chunked(4, 256);
    expect((await readFetchedBody(res, 1024)).byteLength).toBe(1024);
  });

  it("stops reading once past the cap instead of buffering the rest", async () => {
    const { res, pulled } = chunked(1_000, 1024);
    await expect(readFetchedBody(res, 4096)).rejects.toBeInstanceOf(FetchedBodyTooLarge);
    expect(pulled()).toBeLessThan(10);
  });
});
