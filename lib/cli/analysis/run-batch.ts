// Reads targets and analyses them `concurrency` at a time, yielding outcomes in input order (a
// reorder window), so output is the same whatever --jobs is. A few documents are read ahead
// (READ_AHEAD) so that reading and decrypting overlap the analyses instead of idling between them;
// at most concurrency + READ_AHEAD documents are in memory at once.
import { basename } from "node:path";
import { DEFAULT_LIMITS } from "../../limits";
import { isPdfOrXdp, NOT_A_PDF } from "../../pdf/sniff";
import { describeFsError, STDIN_OPERAND, type Target } from "../collect-files";
import { readLocalFile, readStdin } from "../read-input";
import type { AnalysisResult, Analyzer } from "./analyzers";

/** documents read while others are being analysed */
export const READ_AHEAD = 4;

export type Outcome =
  { path: string; result: AnalysisResult; error?: undefined } | { path: string; error: string; result?: undefined };

export interface BatchOptions {
  analyzer: Analyzer;
  concurrency: number;
  zipPassword?: string;
  stdin?: AsyncIterable<Buffer>;
}

export async function* runBatch(targets: Target[], opts: BatchOptions): AsyncGenerator<Outcome> {
  const pending: Promise<Outcome>[] = [];
  let next = 0;
  const window = Math.max(1, opts.concurrency) + READ_AHEAD;
  while (next < targets.length || pending.length > 0) {
    while (next < targets.length && pending.length < window) {
      const p = analyzeTarget(targets[next++], opts);
      p.catch(() => undefined);
      pending.push(p);
    }
    yield await pending.shift()!;
  }
}

async function analyzeTarget(target: Target, opts: BatchOptions): Promise<Outcome> {
  if (target.error !== undefined) return { path: target.path, error: target.error };
  let bytes: Uint8Array;
  try {
    bytes = await readTarget(target, opts);
  } catch (e) {
    return { path: target.path, error: `cannot read: ${describeFsError(e)}` };
  }
  // the server answers such a file 415: the same file gets the same answer here
  if (!isPdfOrXdp(bytes)) return { path: target.path, error: NOT_A_PDF };
  try {
    return { path: target.path, result: await opts.analyzer.analyze(bytes, fileNameOf(target)) };
  } catch (e) {
    // an analyzer crash is a bug, but one bad file must not stop the others
    return { path: target.path, error: `analysis failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The name the report carries: "stdin", a member's own name, or the file's base name. */
function fileNameOf(target: Target): string {
  if (target.path === STDIN_OPERAND) return "stdin";
  if ("member" in target && target.member) return basename(target.member.name);
  return basename(target.path);
}

async function readTarget(target: Target, opts: BatchOptions): Promise<Uint8Array> {
  const limit = DEFAULT_LIMITS.MAX_INPUT_BYTES;
  if ("member" in target && target.member) {
    const { readZipMember } = await import("../../zip/password-zip");
    // decrypted into memory only: a sample from an archive never touches the disk
    return readZipMember(target.member, opts.zipPassword, limit);
  }
  if (target.path === STDIN_OPERAND) return readStdin(opts.stdin ?? (process.stdin as AsyncIterable<Buffer>), limit);
  return readLocalFile(target.path, limit);
}
