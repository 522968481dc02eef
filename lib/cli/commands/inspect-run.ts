// The body of `pdfscan inspect` (options in inspect.ts): read the document with the analysis limits
// (lib/pdf/inspect.ts), then print what was asked as text or JSON, or write a stream's bytes to a file.
import { writeFile } from "node:fs/promises";
import { hexDump } from "../../hex-dump";
import { DEFAULT_LIMITS } from "../../limits";
import type { ObjectLine } from "../../pdf/inspect";
import { CliError } from "../cli-error";
import { describeFsError } from "../collect-files";
import type { CliContext } from "../context";
import { printable } from "../format-result";
import { readDocumentOperand } from "../read-input";
import type { InspectOptions } from "./inspect";

export async function runInspect(file: string, opts: InspectOptions, ctx: CliContext): Promise<void> {
  const bytes = await readDocumentOperand(file);
  const [inspect, { readPdf }] = await Promise.all([import("../../pdf/inspect"), import("../../pdf/document")]);
  const password = opts.password ?? ctx.env.PDFSCAN_PDF_PASSWORD;
  const doc = readPdf(bytes, DEFAULT_LIMITS, password === undefined ? {} : { password });
  const out = (text: string) => ctx.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  const json = (value: unknown) => out(JSON.stringify(value, null, 2));

  if (opts.object !== undefined) {
    const inst = doc.table.get(opts.object);
    if (!inst) throw new CliError(`object ${opts.object} is not in the document (it has ${doc.table.size} objects)`);
    const line = inspect.objectLine(inst);
    const wantsStream = opts.raw || opts.decode || opts.hex || opts.output !== undefined;
    const stream = wantsStream ? inspect.streamBytes(doc, inst, !!opts.decode) : null;
    if (wantsStream && !stream) throw new CliError(`object ${opts.object} has no stream`);
    if (opts.output !== undefined && stream) {
      await writeFile(opts.output, stream.data).catch((e: unknown) => {
        throw new CliError(`${printable(opts.output!)}: cannot write: ${describeFsError(e)}`);
      });
    }
    if (opts.json) {
      return void json({
        ...line,
        text: inspect.objectText(inst),
        ...(stream && {
          streamNote: stream.note,
          ...(opts.output === undefined && { streamBase64: Buffer.from(stream.data).toString("base64") }),
        }),
      });
    }
    out(`${describeLine(line)}\n${printable(inspect.objectText(inst))}`);
    if (!stream) {
      if (line.stream) out(`stream: ${line.stream.rawBytes} bytes stored; --decode, --raw or --hex shows it`);
      return;
    }
    if (opts.output !== undefined) return void out(`stream (${stream.note}) written to ${printable(opts.output)}`);
    out(`stream (${stream.note}):`);
    out(opts.hex ? hexDump(stream.data) : printableBytes(stream.data));
    return;
  }
  if (opts.search !== undefined || opts.refs !== undefined) {
    const lines =
      opts.search !== undefined ? inspect.searchObjects(doc, opts.search) : inspect.referencesTo(doc, opts.refs!);
    if (opts.json) return void json(lines);
    const what =
      opts.search !== undefined ? `containing ${JSON.stringify(opts.search)}` : `referring to object ${opts.refs}`;
    out(
      lines.length === 0
        ? `no object ${what}`
        : [`${lines.length} object${lines.length === 1 ? "" : "s"} ${what}:`, ...lines.map(describeLine)].join("\n"),
    );
    return;
  }
  if (opts.revisions) {
    const revs = inspect.revisions(doc);
    if (opts.json) return void json(revs);
    out(
      revs.length === 0
        ? "no xref section was read (the object table was rebuilt by scanning the file)"
        : revs
            .map(
              (r) =>
                `xref ${r.kind} at ${r.offset}: ${r.entries} entries\n  trailer ${printable(r.trailer ?? "(none)")}`,
            )
            .join("\n"),
    );
    return;
  }
  const lines = inspect.listObjects(doc);
  if (opts.json)
    return void json({
      size: bytes.length,
      encrypted: doc.encrypted,
      revisions: doc.xrefSections.length,
      objects: lines,
    });
  out(
    [
      `${printable(file)}: ${bytes.length} bytes, ${lines.length} objects, ${doc.xrefSections.length} xref sections${doc.encrypted ? ", encrypted" : ""}`,
      ...lines.map(describeLine),
    ].join("\n"),
  );
}

/** "  12 0 obj  stream /XObject /Image  (1,234 bytes, FlateDecode; in 5 0 obj stream)" */
function describeLine(l: ObjectLine): string {
  const extra = [
    l.stream ? `${l.stream.rawBytes} bytes${l.stream.filters.length ? `, ${l.stream.filters.join(" ")}` : ""}` : "",
    l.container ? `in object stream ${l.container}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  return `${String(l.num).padStart(6)} ${l.gen} obj  ${l.kind}${extra ? `  (${extra})` : ""}`;
}

/** Bytes as text: latin1, control characters escaped (a terminal never receives escape sequences). */
function printableBytes(data: Uint8Array): string {
  return printable(Buffer.from(data).toString("latin1")).replace(/\\x0a/g, "\n");
}
