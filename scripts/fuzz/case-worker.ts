// Worker thread of the fuzz runner: analyses each case it is sent and answers with the violations.
// A hang or a heap blow-up stays in this thread, where the runner's watchdog can stop it.
import { parentPort } from "node:worker_threads";
import type { DeepEngines } from "../../lib/analyzer/deep/analyze-deep";
import { createDeepEngines } from "../../lib/engines/create-deep-engines";
import { checkCase, checkDeepCase, type Violation } from "./invariants";

export interface CaseRequest {
  id: number;
  bytes: Uint8Array;
  /** through the advanced stage (real engines: pdf.js, the JavaScript sandbox, YARA) instead of the fast one */
  deep?: boolean;
}
export interface CaseReply {
  id: number;
  violations: Violation[];
  ms: number;
}

/** created with the first advanced case: their processes start once per worker */
let engines: DeepEngines | undefined;

// a case that throws is a crash of this worker, which the fuzzer reports as such
parentPort?.on("message", (request: CaseRequest) => void answer(request));

async function answer({ id, bytes, deep }: CaseRequest): Promise<void> {
  const started = performance.now();
  const violations = deep
    ? await checkDeepCase(bytes, (engines ??= createDeepEngines({ yaraRuleDirs: [] }).engines))
    : checkCase(bytes);
  parentPort!.postMessage({ id, violations, ms: performance.now() - started } satisfies CaseReply);
}
