// The one reader of request bodies (JSON and multipart alike): a Content-Length over the limit is
// refused before a byte is read, and every chunk is counted as it arrives, so the chunk that crosses
// the limit fails the read at once, whatever the client declared (issue 19: a 256 MiB body to the
// JSON reader was buffered whole before its 4 KiB check). The front door applies the same limits on
// the raw socket stream; this reader keeps a route safe wherever it runs (e.g. `next dev`).
import { HTTP_LIMITS } from "../../limits";
import { declaredLength, type BodyLimit } from "./body-limits";

/**
 * The body as a stream that errors with `limit.tooLarge()` on the chunk that crosses the limit
 * (throws it at once when Content-Length says so); null when the request has no body.
 */
export function boundedBody(request: Request, limit: BodyLimit): ReadableStream<Uint8Array> | null {
  const body = request.body;
  if (!body) return null;
  const reader = body.getReader();
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== null && declared > limit.maxBytes) {
    discardRest(reader, 0);
    throw limit.tooLarge();
  }
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen <= limit.maxBytes) return controller.enqueue(value);
      controller.error(limit.tooLarge());
      discardRest(reader, seen);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** The whole body, at most `limit.maxBytes` of it (an empty array when there is none). */
export async function readBody(request: Request, limit: BodyLimit): Promise<Uint8Array> {
  const stream = boundedBody(request, limit);
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    chunks.push(value);
  }
}

/**
 * Reads and drops the unread rest of a refused body (nginx's "lingering close"): closing a socket
 * the client is still writing to resets it, and clients that send the whole body before reading
 * (fetch/undici, python-requests) then report a connection error instead of our 413. Bounded by
 * MAX_DISCARD_BYTES; past that the body is cancelled, which drops the connection.
 */
function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): void {
  void (async () => {
    let total = alreadyRead;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > HTTP_LIMITS.MAX_DISCARD_BYTES) return reader.cancel();
    }
  })().catch(() => {});
}
