// Entry of the fuzz worker thread: loads the TypeScript worker through tsx (a worker does not inherit
// the loader hooks the tsx CLI or vitest installed in the parent).
import { tsImport } from "tsx/esm/api";

await tsImport("./case-worker.ts", import.meta.url);
