// Worker thread of the fuzz runner: analyses each case it is sent and answers with the violations.
// A hang or a heap blow-up stays in this thread, where the runner's watchdog can stop it.
import { parentPort } from "node:worker_threads";
import { checkCase, type Violation } from "./invariants";

export interface CaseRequest {
  id: number;
  bytes: Uint8Array;
}
export interface CaseReply {
  id: number;
  violations: Violation[];
  ms: number;
}

parentPort?.on("message", ({ id, bytes }: CaseRequest) => {
  const started = performance.now();
  const violations = checkCase(bytes);
  parentPort!.postMessage({ id, violations, ms: performance.now() - started } satisfies CaseReply);
});
