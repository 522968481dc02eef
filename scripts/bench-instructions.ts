// Instructions per pass of the fast stage over a corpus, counted by valgrind (cachegrind, no cache
// simulation): a figure that does not move with the machine's load. On this project's 2-core VMs the
// wall-clock throughput of two runs of the same tree differs by 10-30%, too much to tell a 10%
// regression; the instruction count of the same tree repeats within 1-2% when V8 runs single-threaded
// (--single-threaded: no concurrent compiler or GC threads, whose share varies from run to run).
// Passes after the first ones are counted, as the difference of two runs (LATE minus EARLY passes),
// so corpus loading and most of the JIT's warm-up fall out. Instructions are not time: native code
// that valgrind runs without its CPU extensions (SHA-256 without SHA-NI) counts more than it costs.
// Usage: npm run bench:instructions -- [DIR] [--early 3] [--late 7]
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { Command } from "commander";
import { positiveNumber } from "./bench-options";
import { bundleScript, REPO_ROOT } from "./bundle-script.mjs";
import { findCorpusDir } from "./corpus";

const program = new Command()
  .name("bench:instructions")
  .description("Instructions per pass of the fast stage over a corpus (valgrind), for comparing two versions")
  .argument("[dir]", "corpus or labelled folder (default: $PDFSCAN_CORPUS or ../shared/corpus)")
  .option("--early <n>", "passes of the first run", positiveNumber, 3)
  .option("--late <n>", "passes of the second run", positiveNumber, 7)
  .action(async (dirArg: string | undefined, opts: { early: number; late: number }) => {
    const dir = dirArg ?? findCorpusDir();
    if (!dir) program.error("corpus absent: pass a folder or set PDFSCAN_CORPUS", { exitCode: 2 });
    if (opts.late <= opts.early) program.error("--late must be more passes than --early", { exitCode: 2 });
    if (spawnSync("valgrind", ["--version"]).status !== 0)
      program.error("valgrind is not installed (apt-get install -y valgrind)", { exitCode: 2 });
    const outfile = await bundleScript("scripts/bench-passes.ts");
    // the two runs side by side (valgrind runs a process on one core)
    const count = async (passes: number): Promise<number> => {
      const { stderr } = await promisify(execFile)(
        "valgrind",
        [
          "--tool=cachegrind",
          "--cache-sim=no",
          "--cachegrind-out-file=/dev/null",
          process.execPath,
          "--single-threaded",
          outfile,
          dir!,
          String(passes),
        ],
        { cwd: REPO_ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
      );
      const refs = /I\s+refs:\s+([\d,]+)/.exec(stderr);
      if (!refs) throw new Error(`no instruction count in valgrind's output: ${stderr.slice(-500)}`);
      return Number(refs[1].replaceAll(",", ""));
    };
    const [early, late] = await Promise.all([count(opts.early), count(opts.late)]);
    const perPass = (late - early) / (opts.late - opts.early);
    process.stdout.write(
      `Fast stage over ${dir}: ${(perPass / 1e6).toFixed(0)}M instructions per pass ` +
        `(passes ${opts.early + 1}-${opts.late}; valgrind, node --single-threaded)\n`,
    );
  });

await program.parseAsync();
