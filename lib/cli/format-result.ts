// Human-readable rendering of one fast result: verdict line, hash, top findings, indicators.
// Indicators are always shown defanged so a terminal never turns a malicious URL into a link.
import type { Colors, Style } from "./colors";
import type { FastResult, Finding, Severity, Verdict } from "../analyzer/report";
import { SEVERITIES } from "../analyzer/report-values";
import { explainScore, explanationText } from "../analyzer/explain-score";

/** Findings shown per file; the rest are counted. */
export const MAX_FINDINGS_SHOWN = 8;
/** Indicators shown per file; the rest are counted. */
export const MAX_IOCS_SHOWN = 10;

const LABEL_WIDTH = 11;

/**
 * `all` (--details): every finding and indicator; otherwise the first MAX_FINDINGS_SHOWN / MAX_IOCS_SHOWN.
 * `explain` (--explain): why the score, as the report header and the exports say it (lib/analyzer/explain-score.ts).
 */
export function formatResult(
  path: string,
  r: FastResult,
  c: Colors,
  { all = false, explain = false }: { all?: boolean; explain?: boolean } = {},
): string {
  const findingsShown = all ? Infinity : MAX_FINDINGS_SHOWN;
  const iocsShown = all ? Infinity : MAX_IOCS_SHOWN;
  const { verdict, score, confidence } = r.summary;
  const lines: string[] = [c.bold(printable(path))];
  const row = (label: string, value: string) => lines.push(`  ${c.dim(label.padEnd(LABEL_WIDTH))}${value}`);

  row("verdict", `${verdictStyle(verdict, c)(verdict.toUpperCase())}  score ${score}/100  confidence ${confidence}`);
  if (explain) {
    const why = explanationText(explainScore(r.summary, r.findings));
    if (why.reasons.length === 0) row("why", c.dim("no finding moved the score"));
    else lines.push(`  ${c.dim("why")}`);
    for (const reason of why.reasons) lines.push(`    ${reason.points.padStart(6)}  ${printable(reason.text)}`);
    lines.push(`    ${c.dim(why.sum)}`);
  }
  row("sha256", r.sha256);
  if (r.hashes) {
    row("md5", r.hashes.md5);
    row("sha1", r.hashes.sha1);
    if (r.hashes.tlsh) row("tlsh", r.hashes.tlsh);
  }
  row("structure", describeStructure(r));
  const keywords = Object.entries(r.keyword_counts).filter(([, n]) => n > 0);
  if (keywords.length > 0) row("keywords", keywords.map(([k, n]) => `${k}(${n})`).join(" "));
  else if (r.keyword_hits.length > 0) row("keywords", r.keyword_hits.join(" "));

  const findings = sortFindings(r.findings);
  if (findings.length === 0) row("findings", c.dim("none"));
  else {
    row("findings", `${findings.length}`);
    const idWidth = Math.max(...findings.slice(0, findingsShown).map((f) => f.ruleId.length));
    for (const f of findings.slice(0, findingsShown)) {
      const where = f.evidence[0]?.objectRef ?? f.evidence[0]?.path;
      const sev = severityStyle(f.severity, c)(f.severity.padEnd(8));
      // the CVE a finding names is what an analyst searches first (issue 22)
      const cves = f.cve.length > 0 ? ` [${f.cve.join(", ")}]` : "";
      lines.push(`    ${sev} ${f.ruleId.padEnd(idWidth)}  ${f.title}${cves}${where ? c.dim(` (${where})`) : ""}`);
    }
    if (findings.length > findingsShown)
      lines.push(c.dim(`    ... and ${findings.length - findingsShown} more (use --details or --json)`));
  }

  const iocs = listIocs(r);
  if (iocs.length > 0) {
    row("iocs", `${iocs.length}`);
    for (const [type, value] of iocs.slice(0, iocsShown)) lines.push(`    ${type.padEnd(6)} ${printable(value)}`);
    if (iocs.length > iocsShown)
      lines.push(c.dim(`    ... and ${iocs.length - iocsShown} more (use --details or --json)`));
  }
  if (r.anomalies.length > 0)
    row("anomalies", `${r.anomalies.length} (${[...new Set(r.anomalies.map((a) => a.code))].slice(0, 5).join(", ")})`);
  if (r.truncated)
    row(
      "truncated",
      c.yellow(`budget hit: ${r.budget_hits.join(", ") || "yes"}; parts of the file were not inspected`),
    );
  return `${lines.join("\n")}\n`;
}

/** Most severe first, then heaviest. */
export function sortFindings(findings: Finding[]): Finding[] {
  const rank = (s: Severity) => SEVERITIES.indexOf(s);
  return [...findings].sort((a, b) => rank(b.severity) - rank(a.severity) || b.weight - a.weight);
}

/** [type, defanged value] pairs; falls back to the plain lists when `items` is empty. */
export function listIocs(r: Pick<FastResult, "iocs">): [string, string][] {
  if (r.iocs.items.length > 0) return r.iocs.items.map((i) => [i.type, i.defanged || defang(i.value)]);
  const lists: [string, string[]][] = [
    ["url", r.iocs.urls],
    ["ip", r.iocs.ips],
    ["email", r.iocs.emails],
    ["domain", r.iocs.domains],
    ["unc", r.iocs.uncPaths],
  ];
  return lists.flatMap(([type, values]) => values.map((v): [string, string] => [type, defang(v)]));
}

/** The common defanging convention: hxxp://, [.] and [@]. */
export function defang(value: string): string {
  return value
    .replace(/^http/i, (m) => (m[0] === "H" ? "HXXP" : "hxxp"))
    .replace(/\./g, "[.]")
    .replace(/@/g, "[@]");
}

/**
 * A name for the terminal: control characters (ESC, CR, BEL, C1...) shown as \xNN. Member names of a
 * hostile ZIP reach the output, and raw escape sequences could rewrite the screen or the title.
 */
export function printable(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f-\u009f]/g, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** 1234567 -> "1,234,567" (toLocaleString would load ICU's locale data: ~10 ms of every start) */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function describeStructure(r: FastResult): string {
  const s = r.structure;
  const parts = [
    `${groupThousands(s.size)} bytes`,
    s.pdf_version ? `PDF ${s.pdf_version}` : "no PDF header",
    `${s.objects} objects`,
    `${s.streams} streams`,
  ];
  if (s.pages !== null) parts.push(`${s.pages} pages`);
  if (s.revisions > 1) parts.push(`${s.revisions} revisions`);
  if (s.encrypted) parts.push("encrypted");
  if (s.xref_rebuilt) parts.push("xref rebuilt");
  return parts.join(", ");
}

export function verdictStyle(v: Verdict, c: Colors): Style {
  switch (v) {
    case "malicious":
      return (s) => c.bold(c.red(s));
    case "suspicious":
      return (s) => c.bold(c.yellow(s));
    case "benign":
      return c.green;
    default:
      return c.gray;
  }
}

function severityStyle(s: Severity, c: Colors): Style {
  switch (s) {
    case "critical":
      return (x) => c.bold(c.red(x));
    case "high":
      return c.red;
    case "medium":
      return c.yellow;
    case "low":
      return c.cyan;
    default:
      return c.dim;
  }
}
