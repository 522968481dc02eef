// The body of a response this service fetched (a feed download, an online reputation answer), read
// chunk by chunk and given up once past `maxBytes`: a hostile or broken server cannot make us buffer
// more than that.

export class FetchedBodyTooLarge extends Error {
  override name = "FetchedBodyTooLarge";
  constructor(readonly maxBytes: number) {
    super(`larger than ${maxBytes} bytes`);
  }
}

export async function readFetchedBody(res: Response, maxBytes: number): Promise<Uint8Array> {
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FetchedBodyTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
