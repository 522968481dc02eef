// A text/event-stream body (Server-Sent Events, WHATWG HTML 9.2) as events: the fields `event`,
// `data` (lines joined by "\n") and `id` of each block; comments and `retry:` are skipped. What the
// CLI's `submit --wait` reads from GET /api/scans/:scanId/events (the browser has EventSource).

export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

export async function* serverSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    // CRLF and CR end lines too; a CR at the end of a chunk waits for the next (it may be half a CRLF)
    buffer = (buffer + decoder.decode(chunk, { stream: true })).replace(/\r\n|\r(?!$)/g, "\n");
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = parseBlock(block);
      if (event) yield event;
    }
  }
}

function parseBlock(block: string): ServerSentEvent | null {
  let event = "message";
  const data: string[] = [];
  let id: string | undefined;
  let fields = 0;
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (name === "event") event = value;
    else if (name === "data") data.push(value);
    else if (name === "id") id = value;
    else continue;
    fields++;
  }
  // a block of comments or `retry:` only is no event
  if (!fields || !data.length) return null;
  return { event, data: data.join("\n"), ...(id !== undefined ? { id } : {}) };
}
