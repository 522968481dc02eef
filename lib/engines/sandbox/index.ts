// The JavaScript sandbox engine: process-isolated QuickJS emulation and a large-stack parser, the two
// engines lib/analyzer/javascript/analyze-scripts.ts takes as { emulate, parseDeep }.
export { createSandboxEmulator, type SandboxOptions } from "./sandbox-emulator";
export { createWorkerParser, type WorkerParserOptions } from "./worker-parser";
