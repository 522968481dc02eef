// What `pdfscan analyze` takes: its options, --fail-on levels and the default number of worker threads,
// shared by the command's declaration (analyze.ts) and its run (analyze-run.ts, loaded only when the
// command runs) without either importing the other.
import { availableParallelism } from "node:os";
import type { OutputFormat } from "../output/reporter";

/** --fail-on levels; `unknown` (a file the analysis could not judge: encrypted, unreadable) fails with both bad verdicts, as a mail gateway holding unreadable attachments wants (issue 22). */
export const FAIL_ON = ["unknown", "suspicious", "malicious"] as const;
export type FailOn = (typeof FAIL_ON)[number];
/** The conventional password of malware sample archives (lib/zip/password-zip.ts). */
export const DEFAULT_ZIP_PASSWORD = "infected";

export interface AnalyzeOptions {
  json?: boolean;
  format: OutputFormat;
  deep?: boolean;
  /** unset: defaultJobs() */
  jobs?: number;
  zipPassword: string;
  /** the documents' own password (an encrypted PDF whose password came with it), never printed */
  password?: string;
  failOn: FailOn;
  details?: boolean;
  explain?: boolean;
  progress: boolean;
}

/**
 * Worker threads when --jobs is not given. The fast stage leaves one core to the CLI's own thread,
 * which reads, decrypts and prints, and to V8's compiler and GC threads: on 2 cores one thread beat
 * two both over the corpus folder (480 against 560 ms) and over corpus-large (2.96 against 3.09 s).
 * --deep spends its time in the engines' own processes, where a thread per core helps (12.0 against
 * 12.8 s over the corpus).
 */
export function defaultJobs(deep: boolean, cpus = availableParallelism()): number {
  return deep ? cpus : Math.max(1, cpus - 1);
}
