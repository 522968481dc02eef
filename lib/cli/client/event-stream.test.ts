import { describe, expect, it } from "vitest";
import { serverSentEvents } from "./event-stream";

/** a body delivered in the given chunks, as a network splits it */
function body(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(c) {
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
      c.close();
    },
  });
}

async function all(stream: ReadableStream<Uint8Array>) {
  const out = [];
  for await (const e of serverSentEvents(stream)) out.push(e);
  return out;
}

describe("serverSentEvents", () => {
  it("reads events split anywhere across chunks, skipping retry and comments", async () => {
    const events = await all(
      body(
        "retry: 2000\n\n: keep-alive\n\nid: 17\nev",
        'ent: scan\ndata: {"status":"queued_fast_scan"}\n',
        "\nevent: end\ndata: {}\n\n",
      ),
    );
    expect(events).toEqual([
      { event: "scan", data: '{"status":"queued_fast_scan"}', id: "17" },
      { event: "end", data: "{}" },
    ]);
  });

  it("joins data lines, reads CRLF line ends, and names an unnamed event 'message'", async () => {
    expect(await all(body("data: a\r\ndata: b\r\n\r\n"))).toEqual([{ event: "message", data: "a\nb" }]);
    // a CRLF split between chunks is one line end
    expect(await all(body("data: a\r", "\ndata: b\r", "\n\r\n"))).toEqual([{ event: "message", data: "a\nb" }]);
    expect(await all(body("data:no space\n\n"))).toEqual([{ event: "message", data: "no space" }]);
  });

  it("drops an unfinished last block (the connection broke mid-event)", async () => {
    expect(await all(body('event: scan\ndata: {"half":'))).toEqual([]);
  });
});
