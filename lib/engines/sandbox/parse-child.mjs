// Child process that hosts one parse worker (parse-worker.mjs) and relays its answer. A V8 fatal error
// in a worker ends the whole process it runs in, and hostile scripts have caused one: acorn's own
// stack-overflow handling ran a regex that V8 compiled with no stack left and aborted on ("RegExpCompiler
// Allocation failed": fuzz seed 1411, 200k levels of `this[`). acorn-parser.ts removes that cause; this
// child keeps whatever else of the kind a parse of hostile text can set off away from the analysis.
// Plain .mjs, no loaders.
import { Worker } from "node:worker_threads";

process.once("message", ({ text, maxNodes, stackSizeMb, maxHeapMb }) => {
  const reply = (m) => process.send(m, () => process.exit(0));
  const worker = new Worker(new URL("./parse-worker.mjs", import.meta.url), {
    workerData: { text, maxNodes },
    resourceLimits: { stackSizeMb, maxOldGenerationSizeMb: maxHeapMb },
    execArgv: [],
    env: {},
  });
  worker.once("message", reply);
  worker.once("error", (e) => reply({ error: `parse worker failed: ${e.message}` }));
  worker.once("exit", (code) => reply({ error: `parse worker exited (code ${code})` }));
});
