// Human-readable report in Markdown (CommonMark + GFM tables). Every string that comes from the
// document (file name, excerpts, indicators) is escaped: markdown punctuation gets a backslash and
// <, >, & become entities, so a hostile PDF cannot inject links, HTML or table cells into the report.
// Indicators are shown defanged.
import type { ScanReport } from "../scans/report";
import { explainScore, explanationText, signedPoints } from "../../analyzer/explain-score";
import { exportFactsOf } from "./export-facts";

/** Escapes untrusted text for inline Markdown on one line. */
export function mdEscape(value: string): string {
  return value
    .replace(/[\r\n]+/g, " ")
    .replace(/[\\`*_{}[\]()#+\-.!|~]/g, (c) => `\\${c}`)
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}

export function toMarkdown(report: ScanReport): string {
  const out: string[] = [];
  const s = report.summary;
  const facts = exportFactsOf(report);
  out.push(`# PDF scan report: ${mdEscape(report.file.name)}`, "");
  out.push("| | |", "|---|---|");
  out.push(`| Verdict | **${s.verdict}** |`);
  out.push(`| Score | ${s.score}/100 |`);
  out.push(`| Confidence | ${s.confidence} |`);
  out.push(
    `| Stage | ${report.stage} (advanced: ${report.advancedStatus}${report.advancedFailureReason ? ` \\- ${mdEscape(report.advancedFailureReason)}` : ""}) |`,
  );
  for (const [name, value] of Object.entries(facts.hashes)) out.push(`| ${mdEscape(name)} | \`${value}\` |`);
  if (facts.cves.length > 0) out.push(`| CVE | ${facts.cves.join(", ")} |`);
  if (facts.techniques.length > 0) out.push(`| ATT&CK | ${facts.techniques.join(", ")} |`);
  out.push(`| Size | ${report.file.size} bytes |`);
  out.push(`| Scan | \`${report.scanId}\` |`);
  out.push(`| Created | ${report.createdAt} |`);
  out.push(
    `| File retained | ${report.fileRetained ? `yes${report.expiresAt ? `, until ${report.expiresAt}` : ""}` : "no"} |`,
  );
  out.push("");

  const why = explanationText(explainScore(s, report.findings));
  out.push(`## Why ${s.score}`, "");
  for (const r of why.reasons) out.push(`- **${r.points}** ${mdEscape(r.text)}`);
  out.push("", mdEscape(why.sum), "");

  out.push(`## Findings (${report.findings.length})`, "");
  if (report.findings.length === 0) out.push("No findings.", "");
  for (const f of report.findings) {
    out.push(`### ${mdEscape(f.title)} \\[${f.severity}\\]`, "");
    out.push(
      `Rule \`${f.ruleId}\`, ${f.category}, confidence ${f.confidence}, ${f.stage} stage${typeof f.contribution === "number" ? `, ${signedPoints(f.contribution)} score points` : ""}.`,
      "",
    );
    out.push(mdEscape(f.description), "");
    if (f.attack.length > 0) out.push(`ATT&CK: ${f.attack.join(", ")}`, "");
    if (f.cve.length > 0) out.push(`CVE: ${f.cve.join(", ")}`, "");
    for (const e of f.evidence) {
      const where = [e.objectRef, e.path, e.offset === undefined ? undefined : `offset ${e.offset}`]
        .filter(Boolean)
        .map((x) => mdEscape(String(x)));
      out.push(`- ${where.join(", ") || "evidence"}${e.excerpt ? `: ${mdEscape(e.excerpt)}` : ""}`);
    }
    if (f.evidence.length > 0) out.push("");
  }

  out.push(`## Indicators (${report.iocs.items.length})`, "");
  if (report.iocs.items.length === 0) out.push("No indicators.", "");
  else {
    out.push("| Type | Indicator (defanged) | Seen in |", "|---|---|---|");
    for (const i of report.iocs.items) {
      const seen = i.sources.map((x) => [x.objectRef, x.source].filter(Boolean).join(" ")).join("; ");
      out.push(
        `| ${i.type}${i.victimData ? " (victim data, not an indicator)" : ""} | ${mdEscape(i.defanged)} | ${mdEscape(seen)} |`,
      );
    }
    out.push("");
  }

  if (facts.embedded.length > 0) {
    out.push(
      `## Embedded files (${facts.embedded.length})`,
      "",
      "| Name | Type | Size | SHA\\-256 | Nested verdict |",
      "|---|---|---|---|---|",
    );
    for (const f of facts.embedded)
      out.push(
        `| ${mdEscape(f.name)} | ${mdEscape(f.type)} | ${f.size} | \`${f.sha256}\` | ${f.nested ? `${f.nested.verdict} (${f.nested.score})` : "\\-"} |`,
      );
    out.push("");
  }

  out.push(`## Recommended actions (${report.mitigations.length})`, "");
  for (const m of report.mitigations) {
    out.push(
      `- **${mdEscape(m.title)}**${m.attackMitigationId ? ` (${m.attackMitigationId})` : ""}: ${mdEscape(m.description)}`,
    );
  }
  if (report.mitigations.length === 0) out.push("None.");
  out.push("");

  if (report.enrichment) {
    const e = report.enrichment;
    out.push(
      "## Enrichment",
      "",
      `Provider ${mdEscape(e.provider)} ${mdEscape(e.providerVersion)} (${e.external ? "external" : "offline"}): ${e.summary.flagged} of ${e.summary.total} indicators flagged.`,
      "",
    );
    for (const i of e.indicators.filter((x) => x.flags.length > 0))
      out.push(`- ${mdEscape(i.defanged)}: ${i.classification}; ${i.flags.join(", ")}`);
    out.push("");
  }
  out.push(`_pdfscan engine ${mdEscape(report.engineVersion)}, report schema ${mdEscape(report.schemaVersion)}_`, "");
  return out.join("\n");
}
