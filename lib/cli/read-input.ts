// Reads one document into memory for the commands that take a path or - (stdin): within the
// analyzer's input limit, checked before a large file is read.
import { readFile, stat } from "node:fs/promises";

export async function readLocalFile(path: string, limit: number): Promise<Uint8Array> {
  const { size } = await stat(path);
  // the analyzer would refuse it anyway; checking first avoids reading a huge file into memory
  if (size > limit) throw new Error(`file too large (${size} bytes, limit ${limit})`);
  return new Uint8Array(await readFile(path));
}

export async function readStdin(stdin: AsyncIterable<Buffer>, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    total += chunk.length;
    if (total > limit) throw new Error(`input larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}
