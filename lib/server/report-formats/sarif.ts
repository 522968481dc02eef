// SARIF 2.1.0 (OASIS), the format code-scanning dashboards read: a scan report's `?format=sarif` and
// the CLI's `--format sarif`. One run; its rules are the detection rule registry
// (lib/analyzer/rules/registry.ts), one result per finding located at its file (and the finding's PDF
// object as a logical location), one artifact per file with its hashes and verdict, and files that
// could not be analysed as tool execution notifications.
import type { EmbeddedFileEntry, FastResult, Finding, Severity } from "../../analyzer/report";
import { ENGINE_VERSION } from "../../analyzer/report-values";
import { RULES } from "../../analyzer";
import type { ScanReport } from "../scans/report";
import { exportFactsOf } from "./export-facts";

/** One analysed file (or one that could not be), as a SARIF artifact. */
export type SarifInput =
  | {
      uri: string;
      size: number;
      hashes: Record<string, string>;
      summary: FastResult["summary"];
      stage: FastResult["stage"];
      findings: Finding[];
      /** files inside it: artifacts whose parentIndex is the file's */
      embedded?: EmbeddedFileEntry[];
      error?: undefined;
    }
  | { uri: string; error: string };

export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

type Level = "error" | "warning" | "note";

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  defaultConfiguration: { level: Level };
  properties: Record<string, unknown>;
}

/** Severity -> SARIF level; security-severity (0-10) is what GitHub code scanning ranks by. */
export function sarifLevel(severity: Severity): Level {
  return severity === "critical" || severity === "high" ? "error" : severity === "medium" ? "warning" : "note";
}

const SECURITY_SEVERITY: Record<Severity, string> = {
  critical: "9.5",
  high: "8.0",
  medium: "5.5",
  low: "3.0",
  info: "1.0",
};

function registryRules(): SarifRule[] {
  return RULES.map((r) => ({
    id: r.id,
    name: r.id,
    shortDescription: { text: r.title },
    fullDescription: { text: r.description },
    defaultConfiguration: { level: sarifLevel(r.severity) },
    properties: {
      category: r.category,
      severity: r.severity,
      weight: r.weight,
      tags: ["security", r.category, ...r.attack],
      "security-severity": SECURITY_SEVERITY[r.severity],
    },
  }));
}

/** A finding from outside the registry (an engine's own) still gets a rule entry. */
function ruleOf(f: Finding): SarifRule {
  return {
    id: f.ruleId,
    name: f.ruleId,
    shortDescription: { text: f.title },
    fullDescription: { text: f.description || f.title },
    defaultConfiguration: { level: sarifLevel(f.severity) },
    properties: {
      category: f.category,
      severity: f.severity,
      weight: f.weight,
      tags: ["security", f.category, ...f.attack],
      "security-severity": SECURITY_SEVERITY[f.severity],
    },
  };
}

/** The SARIF log of these files. */
export function sarifLog(inputs: SarifInput[]): object {
  const rules = registryRules();
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const artifacts: object[] = [];
  const results: object[] = [];
  const notifications: object[] = [];
  for (const r of inputs) {
    const uri = r.uri;
    if (r.error !== undefined) {
      notifications.push({
        level: "error",
        message: { text: `${decodeURI(uri)}: ${r.error}` },
        locations: [{ physicalLocation: { artifactLocation: { uri } } }],
      });
      continue;
    }
    const index = artifacts.length;
    artifacts.push({
      location: { uri },
      length: r.size,
      hashes: r.hashes,
      properties: {
        verdict: r.summary.verdict,
        score: r.summary.score,
        confidence: r.summary.confidence,
        stage: r.stage,
      },
    });
    for (const f of r.embedded ?? []) {
      artifacts.push({
        location: { uri: `${uri}#${encodeURIComponent(f.name)}` },
        parentIndex: index,
        length: f.size,
        ...(f.mime ? { mimeType: f.mime } : {}),
        hashes: { "sha-256": f.sha256, md5: f.md5 },
        properties: { type: f.type, ...(f.nested ? { verdict: f.nested.verdict, score: f.nested.score } : {}) },
      });
    }
    for (const f of r.findings) {
      if (!ruleIndex.has(f.ruleId)) {
        ruleIndex.set(f.ruleId, rules.length);
        rules.push(ruleOf(f));
      }
      const where = f.evidence.map((e) => e.objectRef ?? e.path).filter((x): x is string => !!x);
      const excerpt = f.evidence.find((e) => e.excerpt)?.excerpt;
      results.push({
        ruleId: f.ruleId,
        ruleIndex: ruleIndex.get(f.ruleId),
        level: sarifLevel(f.severity),
        message: { text: excerpt ? `${f.title}: ${excerpt}` : f.title },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri, index } },
            ...(where.length > 0
              ? { logicalLocations: [...new Set(where)].slice(0, 10).map((name) => ({ name, kind: "object" })) }
              : {}),
          },
        ],
        properties: {
          severity: f.severity,
          confidence: f.confidence,
          weight: f.weight,
          stage: f.stage,
          attack: f.attack,
          cve: f.cve,
        },
      });
    }
  }
  return {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "pdfscan", version: ENGINE_VERSION, semanticVersion: ENGINE_VERSION, rules } },
        invocations: [{ executionSuccessful: notifications.length === 0, toolExecutionNotifications: notifications }],
        artifacts,
        results,
      },
    ],
  };
}

/** SARIF's hash names (lower case, as its artifact.hashes examples: "sha-256") from the export's. */
export function sarifHashes(hashes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(hashes).map(([name, value]) => [name.toLowerCase(), value]));
}

/** A scan report as a SARIF log (GET /api/scans/:scanId/report?format=sarif). */
export function toSarif(report: ScanReport): object {
  const uri = encodeURI(report.file.name);
  const facts = exportFactsOf(report);
  return sarifLog([
    {
      uri,
      size: report.file.size,
      hashes: sarifHashes(facts.hashes),
      summary: report.summary,
      stage: report.stage,
      findings: report.findings,
      embedded: facts.embedded,
    },
  ]);
}
