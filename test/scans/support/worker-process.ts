// Spawns `npm run worker` equivalents (node --import tsx lib/server/stage-worker.ts, so the pid is the worker
// itself and SIGKILL hits it, not an npm wrapper) and waits until each says it is ready.
import { spawn } from "node:child_process";
import { withAllocatorEnv } from "../../../lib/server/allocator-env.mjs";
import { REPO_ROOT } from "../../support/next-server";

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;

export interface WorkerProcess {
  pid: number;
  /** the worker's lease owner id ("host/pid/random"), from its ready line */
  id: string;
  output(): string;
  kill(signal?: NodeJS.Signals): void;
  exited: Promise<void>;
  stop(): Promise<void>;
}

export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "lib/server/stage-worker.ts"], {
    cwd: REPO_ROOT,
    // as pdfscan worker starts it, with the malloc settings of lib/server/allocator-env.mjs
    env: withAllocatorEnv({ ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`worker not ready after ${READY_TIMEOUT_MS} ms`)),
      READY_TIMEOUT_MS,
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-16_000);
      const m = /\[pdfscan-worker\] ready: id (\S+),/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${child.exitCode ?? child.signalCode}`));
    });
  });
  const kill = (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  const stop = async () => {
    kill("SIGTERM");
    const timer = setTimeout(() => kill("SIGKILL"), STOP_GRACE_MS);
    await exited;
    clearTimeout(timer);
  };
  let id: string;
  try {
    id = await ready;
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- worker output ---\n${output}`, { cause: error });
  }
  return { pid: child.pid!, id, output: () => output, kill, exited, stop };
}
