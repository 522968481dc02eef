// A worker thread that runs parseScript (lib/analyzer/javascript/ast-analysis.ts, loaded through tsx)
// on the script it is given and answers the outcome's shape: the analysis pool runs scripts in
// worker threads, whose stack is where acorn's overflow handling made V8 abort (acorn-parser.ts).
import { parentPort, workerData } from "node:worker_threads";

const { register } = await import("tsx/esm/api");
register();
const { parseScript } = await import("../../lib/analyzer/javascript/ast-analysis.ts");
const outcome = parseScript(workerData.source);
parentPort.postMessage("ast" in outcome ? "ast" : outcome.tooDeep ? "too deep" : `error: ${outcome.error}`);
