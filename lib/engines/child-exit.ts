// The end of an engine's child process (the render process, the sandbox children). Their handles are
// unref'd so that an idle child keeps no CLI alive; stopping one for good (close()) must then hold the
// event loop itself until the exit is seen, so that this thread reaps it and leaves no <defunct> entry.
import type { ChildProcess } from "node:child_process";

/** Node has not seen the process exit. */
export function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** SIGKILLs the process and resolves once this thread has seen it exit (and reaped it). */
export function stopAndReap(child: ChildProcess): Promise<void> {
  if (!running(child)) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.ref();
  child.kill("SIGKILL");
  return exited;
}
