// Carries out the UI's effects with the CLI's one server client (ScanClient) and the file system, and
// answers each with the event that reports its outcome. Nothing throws out of here: a server or
// network error becomes a "failed" event carrying ScanClient's one line (the problem+json detail).
import { readFile, stat, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename, join, resolve } from "node:path";
import { exportFileName } from "../../server/report-formats/export-names";
import type { ScanReport } from "../../server/scans/report";
import { CliError } from "../cli-error";
import type { ScanClient } from "../client/scan-client";
import { parseListFilter } from "./list-filter";
import type { Effect, UiEvent } from "./ui-state";

type Runnable = Exclude<Effect, { type: "quit" }>;

/** `~/x` as the shell would read it, then relative to the directory the UI started in */
export const expandPath = (path: string, cwd: string): string => resolve(cwd, path.replace(/^~(?=$|\/)/, homedir()));

/** A runner that skips a list load while the same one is still on its way (slow server, fast poll). */
export function createEffectRunner(client: ScanClient, cwd: string): (effect: Runnable) => Promise<UiEvent | null> {
  const loading = new Set<string>();
  return async (effect) => {
    const key =
      effect.type === "load-scans"
        ? `scans:${effect.filter}`
        : effect.type === "load-report"
          ? `report:${effect.scanId}`
          : null;
    if (key && loading.has(key)) return null;
    if (key) loading.add(key);
    try {
      return await run(client, cwd, effect);
    } catch (error) {
      return {
        type: "failed",
        effect: effect.type,
        message:
          error instanceof CliError ? error.message : `${effect.type}: ${(error as Error).message ?? String(error)}`,
      };
    } finally {
      if (key) loading.delete(key);
    }
  };
}

async function run(client: ScanClient, cwd: string, effect: Runnable): Promise<UiEvent> {
  switch (effect.type) {
    case "load-scans":
      return { type: "scans-loaded", filter: effect.filter, page: await client.list(parseListFilter(effect.filter)) };
    case "load-report": {
      const bytes = await client.report(effect.scanId, "json");
      return {
        type: "report-loaded",
        scanId: effect.scanId,
        report: JSON.parse(new TextDecoder().decode(bytes)) as ScanReport,
      };
    }
    case "submit": {
      const path = expandPath(effect.path, cwd);
      const bytes = await readFile(path).catch((error: NodeJS.ErrnoException) => {
        throw new CliError(`cannot read ${effect.path}: ${error.code ?? error.message}`);
      });
      const name = basename(path);
      const created = await client.submit(new Blob([bytes]), name, { enrichment: false });
      // a ZIP makes one scan per PDF inside: the list shows them all, the first one is selected
      return { type: "submitted", scan: "scans" in created ? created.scans[0]! : created, name };
    }
    case "delete":
      await client.delete(effect.scanId);
      return { type: "deleted", scanId: effect.scanId };
    case "export": {
      const bytes = await client.report(effect.scanId, effect.format);
      let path = expandPath(effect.path, cwd);
      // a directory gets the file under the server's download name
      if ((await stat(path).catch(() => null))?.isDirectory())
        path = join(path, exportFileName(effect.scanId, effect.format));
      await writeFile(path, bytes).catch((error: NodeJS.ErrnoException) => {
        throw new CliError(`cannot write ${path}: ${error.code ?? error.message}`);
      });
      return { type: "exported", path, bytes: bytes.length };
    }
  }
}
