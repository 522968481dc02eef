// pdfscan inspect FILE - the document's objects as pdf-parser shows them (issue 22): the object list,
// one object (-o N) with its stream raw, decoded or as hex (to a file with --output), a search (-s),
// the objects referring to one (-r), the revisions' xref sections and trailers. The work is in
// inspect-run.ts (lib/pdf/inspect.ts underneath), imported when the command runs.
import { InvalidArgumentError, type Command } from "commander";
import type { CliContext } from "../context";

export interface InspectOptions {
  object?: number;
  raw?: boolean;
  decode?: boolean;
  hex?: boolean;
  output?: string;
  search?: string;
  refs?: number;
  revisions?: boolean;
  password?: string;
  json?: boolean;
}

const EXAMPLES = `
Examples:
  $ pdfscan inspect invoice.pdf                       every object: number, type, stream size and filters
  $ pdfscan inspect -s /JavaScript invoice.pdf        the objects whose dictionary names /JavaScript
  $ pdfscan inspect -o 12 --decode invoice.pdf        object 12 and its stream decoded (printable)
  $ pdfscan inspect -o 12 --decode --output s.bin x.pdf  the decoded stream, byte for byte, to a file
  $ pdfscan inspect -o 12 --hex x.pdf                 the raw stream as a hex dump
  $ pdfscan inspect -r 12 invoice.pdf                 the objects that refer to object 12
  $ pdfscan inspect --revisions invoice.pdf           each xref section and its trailer

Decoding follows the analysis budgets (lib/limits.ts): a bomb is cut, never expanded without bound.
Nothing in the file is run; text is shown with control characters escaped.`;

const objectNumber = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError("must be an object number");
  return n;
};

export function registerInspectCommand(program: Command, ctx: CliContext): void {
  program
    .command("inspect")
    .description("show a PDF's objects, streams (raw, decoded, hex), references and revisions, like pdf-parser")
    .argument("<file>", "the PDF, or - for stdin")
    .option(
      "-o, --object <n>",
      "show object n (its dictionary, and its stream with --raw, --decode or --hex)",
      objectNumber,
    )
    .option("--raw", "the stream's bytes as stored")
    .option("-d, --decode", "the stream decoded by its filters")
    .option("--hex", "the stream as a hex dump (raw, or decoded with --decode)")
    .option("--output <file>", "write the stream's bytes (raw, or decoded with --decode) to a file instead")
    .option(
      "-s, --search <text>",
      "the objects whose written form contains the text (a name, a key, a string), case-insensitive",
    )
    .option("-r, --refs <n>", "the objects that refer to object n", objectNumber)
    .option("--revisions", "each xref section (last revision first) with its trailer")
    .option("--password <password>", "the document's password, for an encrypted PDF")
    .option("--json", "print the same as JSON")
    .addHelpText("after", EXAMPLES)
    .action(async (file: string, opts: InspectOptions) => {
      const { runInspect } = await import("./inspect-run");
      await runInspect(file, opts, ctx);
    });
}
