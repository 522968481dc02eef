// The fast stage over a corpus for a fixed number of passes, untimed: the workload that
// scripts/bench-instructions.ts counts instructions of under valgrind. Arguments: DIR PASSES.
import { analyzeFast } from "../lib/analyzer/analyze";
import { fileNameOf, loadAny } from "./corpus";

const [dir, passes] = process.argv.slice(2);
const entries = await loadAny(dir);
for (let p = 0; p < Number(passes); p++)
  for (const e of entries) {
    try {
      analyzeFast(e.bytes, { fileName: fileNameOf(e) });
    } catch {
      // bench-fast.ts reports files that throw; here they only cost what they cost
    }
  }
