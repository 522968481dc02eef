#!/usr/bin/env node
// pdfscan command-line entry: registers tsx's TypeScript loader, then runs lib/cli/main.ts.
// Plain .mjs so `npx pdfscan` works from a checkout without a build step.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { main } = await import("../lib/cli/main.ts");
process.exitCode = await main(process.argv);
