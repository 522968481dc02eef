// What every export carries beyond the report's top-level fields, gathered once so the formats agree
// (issue 20): the file's hashes, the CVEs and ATT&CK techniques the findings (and scripts) name, the
// embedded files with their nested verdicts, and which indicators are victim data (never offered as
// indicators to block: lib/analyzer/iocs/victim-data.ts).
import { DeepResult, type EmbeddedFileEntry } from "../../analyzer/report";
import type { ScanReport } from "../scans/report";

export interface ExportFacts {
  /** hash algorithm (STIX hash-algorithm-ov spelling) -> value, the ones known */
  hashes: Partial<Record<"MD5" | "SHA-1" | "SHA-256" | "TLSH", string>>;
  cves: string[];
  techniques: string[];
  embedded: EmbeddedFileEntry[];
  /** indicator values that identify the target, not the attacker */
  victim: ReadonlySet<string>;
}

const CVE = /^CVE-\d{4}-\d{4,}$/;

/** Each hash's attribute type in MISP and row type in the CSV (the same lower-case names). */
export const HASH_TYPES = { MD5: "md5", "SHA-1": "sha1", "SHA-256": "sha256", TLSH: "tlsh" } as const satisfies Record<
  keyof ExportFacts["hashes"],
  string
>;

export function exportFactsOf(report: ScanReport): ExportFacts {
  const { md5, sha1, sha256, tlsh } = report.file;
  const scripts = DeepResult.shape.javascript.safeParse(report.details.javascript);
  const embedded = DeepResult.shape.embedded_files.safeParse(report.details.embedded_files);
  const cves = [
    ...report.findings.flatMap((f) => f.cve),
    ...(scripts.success ? scripts.data.flatMap((s) => s.cves) : []),
  ].filter((c) => CVE.test(c));
  return {
    hashes: {
      ...(md5 ? { MD5: md5 } : {}),
      ...(sha1 ? { "SHA-1": sha1 } : {}),
      "SHA-256": sha256,
      ...(tlsh ? { TLSH: tlsh } : {}),
    },
    cves: [...new Set(cves)].sort(),
    techniques: [...new Set(report.findings.flatMap((f) => f.attack))].sort(),
    embedded: embedded.success ? embedded.data : [],
    victim: new Set(report.iocs.items.filter((i) => i.victimData).map((i) => i.value)),
  };
}
