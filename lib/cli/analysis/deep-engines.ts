// The advanced stage's engines for the CLI: the same set the server's worker threads create
// (lib/engines/create-deep-engines.ts: pdf.js rendering, JavaScript sandbox, YARA), with the bundled
// rules-yara/ found from the installed package, not the working directory, and operator rules from
// PDFSCAN_YARA_RULES as the server reads them. Imported only when --deep is given.
import path from "node:path";
import { createDeepEngines, type DeepEngineSet } from "../../engines/create-deep-engines";

export function createCliDeepEngines(root: string, env: NodeJS.ProcessEnv = process.env): DeepEngineSet {
  const yaraRuleDirs = (env.PDFSCAN_YARA_RULES ?? "")
    .split(":")
    .filter(Boolean)
    .map((d) => path.resolve(d));
  return createDeepEngines({ yaraRuleDirs, root });
}
