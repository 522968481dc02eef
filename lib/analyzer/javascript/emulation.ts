// The contract between the analyzer and a JavaScript sandbox. The analyzer stays pure: it builds the
// prelude (acrobat-stubs.ts) and reads the result; running code is the job of an injected EmulateFn
// (lib/engines/sandbox runs it in a WebAssembly interpreter inside a watched child process).

export const EMULATION_STATUSES = ["completed", "error", "timeout", "memory-limit"] as const;
export type EmulationStatus = (typeof EMULATION_STATUSES)[number];

export interface EmulationBudget {
  /**
   * CPU time of the script, its eval layers and timers (milliseconds): CPU, not wall-clock, time, so
   * that the same script gets as far on a busy machine as on an idle one (issue 19 item 7)
   */
  cpuMs: number;
  /** resident memory of the sandbox; above it the run is stopped */
  memoryBytes: number;
  /** eval/Function/setTimeOut layers recorded */
  maxLayers: number;
  /** characters of layers, strings and API arguments reported, all together */
  maxOutputChars: number;
}

/** The detail of a run stopped because the whole analysis was cancelled (not the script's doing). */
export const CANCELLED = "the analysis was cancelled";

export interface ApiCall {
  /** normalised name, e.g. "app.alert", "Collab.collectEmailInfo", "this.getAnnots" */
  api: string;
  /** arguments as strings, each truncated */
  args: string[];
}

export interface EmulationResult {
  status: EmulationStatus;
  /** the error message, or which limit stopped the run */
  detail?: string;
  /** code passed to eval, Function, app.setTimeOut/setInterval, addScript, setAction, in order, deduplicated */
  layers: string[];
  /** every stub of the Acrobat API the script called (deduplicated on name + arguments) */
  apiCalls: ApiCall[];
  /** strings produced at run time that look like shellcode or hold a URL */
  strings: string[];
  /** wall-clock time of the run (informational: nothing is decided on it) */
  durationMs: number;
  /** CPU time the run used: what the document's JS_TOTAL_CPU_MS is counted in */
  cpuMs: number;
}

/**
 * Runs `source` after `prelude` in an isolated interpreter within `budget`. Never rejects: a sandbox
 * that fails to start or crashes yields status "error" with a detail.
 */
/** `signal`: the analysis was cancelled (client gone, deadline): the sandbox stops, its child is killed. */
export type EmulateFn = (
  source: string,
  prelude: string,
  budget: EmulationBudget,
  signal?: AbortSignal,
) => Promise<EmulationResult>;
