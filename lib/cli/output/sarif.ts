// --format sarif: the analysed files as one SARIF 2.1.0 log (lib/server/report-formats/sarif.ts builds
// it, as for a scan report's ?format=sarif); files that could not be analysed become notifications.
import { isAbsolute, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { sarifHashes, sarifLog, type SarifInput } from "../../server/report-formats/sarif";
import type { DeepResult } from "../../analyzer/report";
import type { Outcome } from "../analysis/run-batch";
import type { Reporter, ReporterContext } from "./reporter";

export { SARIF_SCHEMA, sarifLevel } from "../../server/report-formats/sarif";

/** Relative paths stay relative URIs (SARIF viewers resolve them against the checkout); "-" is stdin. */
export function artifactUri(path: string): string {
  if (isAbsolute(path)) return pathToFileURL(path).href;
  return encodeURI(path.split(sep).join("/"));
}

export function buildSarif(outcomes: Outcome[]): object {
  return sarifLog(
    outcomes.map((o): SarifInput => {
      const uri = artifactUri(o.path);
      if (o.error !== undefined) return { uri, error: o.error };
      const r = o.result;
      const hashes = sarifHashes({
        "SHA-256": r.sha256,
        ...(r.hashes
          ? { MD5: r.hashes.md5, "SHA-1": r.hashes.sha1, ...(r.hashes.tlsh ? { TLSH: r.hashes.tlsh } : {}) }
          : {}),
      });
      // --deep: the attachments become nested artifacts
      const embedded = "embedded_files" in r ? (r as DeepResult).embedded_files : undefined;
      return {
        uri,
        size: r.structure.size,
        hashes,
        summary: r.summary,
        stage: r.stage,
        findings: r.findings,
        embedded,
      };
    }),
  );
}

/** SARIF is one JSON document: collected, written at the end. */
export function sarifReporter({ out }: ReporterContext): Reporter {
  const outcomes: Outcome[] = [];
  return {
    add: (o) => void outcomes.push(o),
    end: () => void out.write(`${JSON.stringify(buildSarif(outcomes), null, 2)}\n`),
  };
}
