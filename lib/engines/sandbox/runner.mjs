// The sandbox child: runs hostile scripts in QuickJS (WebAssembly), one at a time, each in a fresh
// instance of the interpreter (new WebAssembly memory, runtime and context), and reports what each did.
// Plain .mjs on purpose: it is forked with no TypeScript loader, under tsx, vitest or a bundle.
//
// Isolation: the script sees only the QuickJS interpreter and the stubs of its prelude; the one host
// function (`__sandbox_host.record`) is removed from the global object by the prelude before the
// script runs. Nothing of one script's instance is reachable from the next: each gets a new
// WebAssembly memory, and the host drops the last one (and collects it) before it says it is ready.
// Limits: the WebAssembly memory has a hard maximum (QuickJS throws "out of memory" when it is
// reached; setMemoryLimit does not bound the total in wasm builds), an interrupt handler enforces the
// CPU budget, the QuickJS stack is 256 KiB (deep recursion is a JS error, not a host crash). The
// budget is this process's CPU time, not the wall clock: on a busy machine the script gets as much
// work done as on an idle one, so its verdict does not depend on the load (issue 19 item 7). The
// parent adds an RSS watchdog and a CPU-time hard stop around this process, and replaces it after a
// number of scripts (sandbox-emulator.ts).
//
// Why one process serves several scripts (issue 23): starting node, then running the 30 KB prelude on
// an interpreter whose WebAssembly code V8 has not yet optimised cost ~300 ms of CPU per script, ten
// times what the script itself took. The first message warms the interpreter with the prelude, so that
// every script, the first one too, runs on code as fast as the next one's.
//
// Protocol: the parent sends messages over IPC: {t:"warm", prelude} once, then {t:"job", source,
// prelude, budget} per script, each only after a "ready". Records go back as JSON lines on fd 3,
// written synchronously so that what was recorded survives a SIGKILL:
//   {t:"ready"} {t:"layer",api,code} {t:"api",api,args} {t:"string",value} {t:"done",status,detail,cpuMs}
// The child lives as long as its IPC channel: it exits when the channel closes, whether its host's
// process ended or only the worker thread that forked it (test/engine-children-orphaned.integration.test.ts).
import { readFileSync, writeSync } from "node:fs";
import { createRequire } from "node:module";
import { newQuickJSWASMModuleFromVariant, newVariant, RELEASE_SYNC } from "quickjs-emscripten";

const OUT_FD = 3;
const WASM_PAGE = 65536;
/** what node itself, the QuickJS module and our records take besides the wasm heap */
const HOST_OVERHEAD_BYTES = 96 * 1024 * 1024;
const MIN_WASM_BYTES = 32 * 1024 * 1024;
const MAX_STACK_BYTES = 256 * 1024;
const MAX_API_CALLS = 2000;
const MAX_STRINGS = 256;
const MAX_ARG_CHARS = 4096;
const MAX_STRING_CHARS = 64 * 1024;

function emit(record) {
  const buf = Buffer.from(`${JSON.stringify(record)}\n`, "utf8");
  let off = 0;
  while (off < buf.length) {
    try {
      off += writeSync(OUT_FD, buf, off);
    } catch (e) {
      if (e.code !== "EAGAIN") throw e;
    }
  }
}

function errorText(err) {
  if (err && typeof err === "object") return `${err.name ?? "Error"}: ${err.message ?? ""}`.slice(0, 300);
  return String(err).slice(0, 300);
}

/** Status of a run from the error QuickJS (or the wasm runtime) reported. */
function classify(err, timedOut) {
  const text = errorText(err);
  if (/interrupted/i.test(text))
    return { status: timedOut ? "timeout" : "error", detail: timedOut ? "CPU budget exhausted" : text };
  // "string too long" / "invalid array length": QuickJS's own size caps, reached by doubling bombs
  // (s = s + s) long before the memory budget: the same exhaustion technique, reported as such
  if (
    /out of memory|memory access out of bounds|Cannot enlarge memory|Aborted\(OOM\)|string too long|invalid array length/i.test(
      text,
    )
  )
    return { status: "memory-limit", detail: text };
  return { status: "error", detail: text };
}

/** CPU time of this process (all threads), milliseconds: the sandbox runs nothing else */
function cpuNow() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU time the script has used: set when its run starts, read by the "done" record */
let runStartedCpu = null;

/** compiled before "ready", so the CPU budget measures the script, not the compilation */
const wasmModule = await WebAssembly.compile(
  readFileSync(createRequire(import.meta.url).resolve("@jitl/quickjs-wasmfile-release-sync/wasm")),
);

/**
 * The warm-up's budget: generous enough for the prelude on cold code (~150 ms), and bounded, since the
 * prelude comes from the parent's first job.
 */
const WARM_BUDGET = { cpuMs: 5_000, memoryBytes: 256 * 1024 * 1024, maxLayers: 0, maxOutputChars: 0 };

/** Runs `source` after `prelude` in a fresh QuickJS instance; `emitRecords` false for the warm-up. */
async function run(job, emitRecords = true) {
  const { source, prelude, budget } = job;
  const started = cpuNow();
  runStartedCpu = started;
  const wasmBytes = Math.max(MIN_WASM_BYTES, budget.memoryBytes - HOST_OVERHEAD_BYTES);
  const memory = new WebAssembly.Memory({ initial: 256, maximum: Math.floor(wasmBytes / WASM_PAGE) });
  const QuickJS = await newQuickJSWASMModuleFromVariant(newVariant(RELEASE_SYNC, { wasmModule, wasmMemory: memory }));
  const rt = QuickJS.newRuntime();
  rt.setMaxStackSize(MAX_STACK_BYTES);
  let deadline = started + budget.cpuMs;
  let timedOut = false;
  rt.setInterruptHandler(() => {
    if (cpuNow() <= deadline) return false;
    timedOut = true;
    return true;
  });
  const vm = rt.newContext();

  let chars = 0;
  let layers = 0;
  const seenLayers = new Set();
  const seenApis = new Set();
  const seenStrings = new Set();
  let apis = 0;
  let strings = 0;
  const room = (n) => chars + n <= budget.maxOutputChars;
  const onRecord = (kind, name, args) => {
    if (!emitRecords) return;
    if (kind === "layer") {
      const code = args[0] ?? "";
      if (seenLayers.has(code) || layers >= budget.maxLayers || !room(code.length)) return;
      seenLayers.add(code);
      layers++;
      chars += code.length;
      emit({ t: "layer", api: name, code });
      onRecord("api", name, [code.slice(0, 200)]);
    } else if (kind === "api") {
      const trimmed = args.slice(0, 8).map((a) => a.slice(0, MAX_ARG_CHARS));
      const key = `${name}\0${trimmed.join("\0")}`;
      if (seenApis.has(key) || apis >= MAX_API_CALLS) return;
      const size = trimmed.reduce((n, a) => n + a.length, name.length);
      if (!room(size)) return;
      seenApis.add(key);
      apis++;
      chars += size;
      emit({ t: "api", api: name, args: trimmed });
    } else if (kind === "string") {
      const value = (args[0] ?? "").slice(0, MAX_STRING_CHARS);
      if (strings >= MAX_STRINGS || seenStrings.has(value.slice(0, 256)) || !room(value.length)) return;
      seenStrings.add(value.slice(0, 256));
      strings++;
      chars += value.length;
      emit({ t: "string", value });
    }
  };

  const host = vm.newObject();
  const record = vm.newFunction("record", (kindH, nameH, ...argH) => {
    try {
      const kind = vm.getString(kindH);
      const name = vm.getString(nameH);
      // the prelude truncates before calling: a 100 MB string never crosses into the host
      onRecord(
        kind,
        name,
        argH.map((h) => vm.getString(h)),
      );
    } catch {
      // a record the host cannot read is dropped, the script goes on
    }
  });
  vm.setProp(host, "record", record);
  const limits = vm.newNumber(Math.max(1024, Math.floor(budget.maxOutputChars / 4)));
  vm.setProp(host, "maxChars", limits);
  vm.setProp(vm.global, "__sandbox_host", host);
  record.dispose();
  limits.dispose();
  host.dispose();

  let outcome = { status: "completed" };
  const wasmMax = Math.floor(wasmBytes / WASM_PAGE) * WASM_PAGE;
  const evaluate = (code, file) => {
    const r = vm.evalCode(code, file);
    if (!r.error) {
      r.value.dispose();
      return null;
    }
    let err;
    try {
      err = vm.dump(r.error);
      r.error.dispose();
    } catch {
      err = undefined;
    }
    if (err && typeof err === "object" && err.message !== undefined) return err;
    if (typeof err === "string" && err) return { name: "Error", message: err };
    // QuickJS could not even build the exception object: the heap is at its maximum
    const full = memory.buffer.byteLength >= wasmMax * 0.9;
    return { name: "InternalError", message: full ? "out of memory" : "unreadable exception" };
  };
  try {
    const preludeError = evaluate(prelude, "prelude.js");
    if (preludeError) return { status: "error", detail: `prelude: ${errorText(preludeError)}` };
    const err = evaluate(source, "script.js");
    if (err) outcome = classify(err, timedOut);
    if (outcome.status !== "timeout" && outcome.status !== "memory-limit") {
      // timers and actions the script registered run after it, like in the viewer; a short extra budget
      deadline = Math.max(deadline, cpuNow() + Math.min(500, budget.cpuMs / 4));
      const finishErr = evaluate("typeof __sandbox_finish === 'function' && __sandbox_finish()", "finish.js");
      if (finishErr && outcome.status === "completed") {
        const c = classify(finishErr, timedOut);
        if (c.status !== "error") outcome = c;
      }
    }
  } catch (e) {
    // the wasm runtime itself gave up (memory maximum reached inside an allocation path that aborts)
    outcome = classify(e, timedOut);
  }
  return outcome;
}

function cpuUsed() {
  return runStartedCpu === null ? 0 : Math.round(cpuNow() - runStartedCpu);
}

/** ready for the next message, with the last script's instance dropped and collected */
function ready() {
  runStartedCpu = null;
  // --expose-gc (sandbox-emulator.ts): the last instance's WebAssembly memory, up to the memory budget,
  // goes back now, so the parent's RSS watchdog reads the next script's memory, not the last one's
  globalThis.gc?.();
  emit({ t: "ready" });
}

// the host went away (its process, or the worker thread that forked this one): nothing left to run for
process.on("disconnect", () => process.exit(0));
let queue = Promise.resolve();
process.on("message", (message) => {
  queue = queue.then(() => handle(message));
});

async function handle(message) {
  if (message?.t === "warm") {
    await run({ source: "", prelude: String(message.prelude ?? ""), budget: WARM_BUDGET }, false).catch(
      () => undefined,
    );
  } else if (message?.t === "job") {
    await run(message)
      .then((outcome) => emit({ t: "done", ...outcome, cpuMs: cpuUsed() }))
      .catch((e) => emit({ t: "done", status: "error", detail: errorText(e), cpuMs: cpuUsed() }));
  }
  ready();
}

ready();
