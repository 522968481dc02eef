// --format sarif: a SARIF 2.1.0 log (OASIS), the format code-scanning dashboards read. One run; its
// rules are the detection rule registry (lib/analyzer/rules/registry.ts), one result per finding
// located at its file (and the finding's PDF object as a logical location), one artifact per file
// with its hash and verdict, and files that could not be analysed as tool execution notifications.
import { isAbsolute, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { Finding, Severity } from "../../analyzer/report";
import { ENGINE_VERSION } from "../../analyzer/report-values";
import { RULES } from "../../analyzer/rules/registry";
import type { Outcome } from "../analysis/run-batch";
import type { Reporter, ReporterContext } from "./reporter";

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

const SECURITY_SEVERITY: Record<Severity, string> = { critical: "9.5", high: "8.0", medium: "5.5", low: "3.0", info: "1.0" };

function registryRules(): SarifRule[] {
  return RULES.map((r) => ({
    id: r.id,
    name: r.id,
    shortDescription: { text: r.title },
    fullDescription: { text: r.description },
    defaultConfiguration: { level: sarifLevel(r.severity) },
    properties: { category: r.category, severity: r.severity, weight: r.weight, tags: ["security", r.category, ...r.attack], "security-severity": SECURITY_SEVERITY[r.severity] },
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
    properties: { category: f.category, severity: f.severity, weight: f.weight, tags: ["security", f.category, ...f.attack], "security-severity": SECURITY_SEVERITY[f.severity] },
  };
}

/** Relative paths stay relative URIs (SARIF viewers resolve them against the checkout); "-" is stdin. */
export function artifactUri(path: string): string {
  if (isAbsolute(path)) return pathToFileURL(path).href;
  return encodeURI(path.split(sep).join("/"));
}

export function buildSarif(outcomes: Outcome[]): object {
  const rules = registryRules();
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const artifacts: object[] = [];
  const results: object[] = [];
  const notifications: object[] = [];
  for (const o of outcomes) {
    const uri = artifactUri(o.path);
    if (o.error !== undefined) {
      notifications.push({ level: "error", message: { text: `${o.path}: ${o.error}` }, locations: [{ physicalLocation: { artifactLocation: { uri } } }] });
      continue;
    }
    const r = o.result;
    const index = artifacts.length;
    artifacts.push({ location: { uri }, length: r.structure.size, hashes: { "sha-256": r.sha256 }, properties: { verdict: r.summary.verdict, score: r.summary.score, confidence: r.summary.confidence, stage: r.stage } });
    for (const f of r.findings) {
      if (!ruleIndex.has(f.ruleId)) (ruleIndex.set(f.ruleId, rules.length), rules.push(ruleOf(f)));
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
            ...(where.length > 0 ? { logicalLocations: [...new Set(where)].slice(0, 10).map((name) => ({ name, kind: "object" })) } : {}),
          },
        ],
        properties: { severity: f.severity, confidence: f.confidence, weight: f.weight, stage: f.stage, attack: f.attack, cve: f.cve },
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

/** SARIF is one JSON document: collected, written at the end. */
export function sarifReporter({ out }: ReporterContext): Reporter {
  const outcomes: Outcome[] = [];
  return {
    add: (o) => void outcomes.push(o),
    end: () => void out.write(`${JSON.stringify(buildSarif(outcomes), null, 2)}\n`),
  };
}
