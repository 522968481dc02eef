// The advanced stage's engines for the CLI: the same set the server's worker threads create
// (lib/engines/create-deep-engines.ts: pdf.js rendering, JavaScript sandbox, YARA), with the bundled
// rules-yara/ found from the installed package, not the working directory, and operator rules from
// PDFSCAN_YARA_RULES as the server reads them. Imported only when --deep is given.
import path from "node:path";
import type { DeepEngines } from "../../analyzer";
import { createDeepEngines } from "../../engines/create-deep-engines";

export interface CliDeepEngines {
  engines: DeepEngines;
  /** engines that could not start, with the reason (the analysis runs without them and says so) */
  unavailable: Record<string, string>;
  /** stops the render process so the CLI can exit at once */
  close(): Promise<void>;
}

export function createCliDeepEngines(root: string, env: NodeJS.ProcessEnv = process.env): CliDeepEngines {
  const yaraRuleDirs = (env.PDFSCAN_YARA_RULES ?? "").split(":").filter(Boolean).map((d) => path.resolve(d));
  const { engines, unavailable } = createDeepEngines({ yaraRuleDirs, root });
  const render = engines.render as (DeepEngines["render"] & { close?: () => Promise<void> }) | undefined;
  return { engines, unavailable, close: async () => render?.close?.() };
}
