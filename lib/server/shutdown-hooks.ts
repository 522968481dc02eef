// What this process must do before it exits on a signal, registered by whoever owns the resource.
// The web server's runtime lives in Next's bundles and the signal handler in dist/server.mjs (serve.ts),
// two copies of every module: the list sits on globalThis under a registry symbol, as the runtime
// itself does (runtime.ts), so both copies see one list.
const HOOKS_KEY = Symbol.for("pdfscan.shutdownHooks");
type Hook = () => Promise<void>;
const globalState = globalThis as typeof globalThis & { [HOOKS_KEY]?: Hook[] };

/** Runs `hook` when the process shuts down (serve.ts), before it exits. */
export function onShutdown(hook: Hook): void {
  (globalState[HOOKS_KEY] ??= []).push(hook);
}

/** Runs every registered hook at once; a failing hook is reported and does not stop the others. */
export async function runShutdownHooks(report: (error: unknown) => void): Promise<void> {
  const hooks = globalState[HOOKS_KEY]?.splice(0) ?? [];
  await Promise.all(hooks.map((hook) => hook().catch(report)));
}
