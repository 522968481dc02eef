// Reads one document into memory for the commands that take a path or - (stdin): within the
// analyzer's input limit, checked before a large file is read.
import { readFile, stat } from "node:fs/promises";
import { DEFAULT_LIMITS } from "../limits";
import { CliError } from "./cli-error";
import { describeFsError, STDIN_OPERAND } from "./collect-files";
import { printable } from "./format-result";

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

/** A path or - (stdin) read whole within the analyzer's input limit; a CliError naming the input otherwise. */
export async function readDocumentOperand(input: string): Promise<Uint8Array> {
  const limit = DEFAULT_LIMITS.MAX_INPUT_BYTES;
  try {
    return input === STDIN_OPERAND
      ? await readStdin(process.stdin as AsyncIterable<Buffer>, limit)
      : await readLocalFile(input, limit);
  } catch (e) {
    throw new CliError(`${printable(input)}: ${describeFsError(e)}`);
  }
}
