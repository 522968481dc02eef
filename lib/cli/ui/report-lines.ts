// A scan report as the terminal UI's report view shows it: one list of lines, each with a tone, wrapped
// to the terminal's width, so scrolling is a window over an array. Sections: the summary (verdict,
// score, confidence, stage), why the score (each finding's points), the findings (most severe first, with evidence), the indicators
// (defanged), the scripts with their deobfuscated layers (verbatim but for their URLs' schemes, so the
// terminal makes no links of them), and the recommended actions. Everything that comes from the document
// goes through printable(): a hostile script cannot send escape sequences.
import { explainScore, explanationText } from "../../analyzer/explain-score";
import type { JavaScriptEntry } from "../../analyzer/report";
import type { ScanReport } from "../../server/scans/report";
import { groupThousands, listIocs, printable, sortFindings } from "../format-result";
import { verdictTone } from "./scan-columns";
import type { Tone } from "./theme";

export interface Line {
  text: string;
  tone?: Tone;
}

/** evidence items shown under a finding; the rest are counted */
const EVIDENCE_SHOWN = 3;
const LABEL_WIDTH = 12;
const TAB = "  ";
/** narrower terminals get lines cut by the view rather than wrapped into slivers */
const MIN_WIDTH = 20;

export function reportLines(report: ScanReport, width: number): Line[] {
  const lines: Line[] = [];
  const push = (text: string, tone?: Tone, indent = 0) =>
    lines.push(...wrapLine(text, width, indent).map((t) => ({ text: t, tone })));
  const row = (label: string, value: string, tone?: Tone) =>
    push(`${label.padEnd(LABEL_WIDTH)}${value}`, tone, LABEL_WIDTH);
  const section = (title: string) => lines.push({ text: "" }, { text: title, tone: "heading" });

  const s = report.summary;
  push(`${s.verdict.toUpperCase()}  score ${s.score}/100  confidence ${s.confidence}`, verdictTone(s.verdict));
  row("file", `${printable(report.file.name)} (${groupThousands(report.file.size)} bytes)`);
  row("sha256", report.file.sha256);
  row("scan", `${report.scanId}, created ${report.createdAt}`);
  row("stage", stageText(report));
  if (report.advancedFailureReason) row("adv. failure", printable(report.advancedFailureReason), "error");
  if (report.truncated) row("truncated", "an analysis budget was hit: parts of the file were not inspected", "medium");

  // why the score, as the scan page's header and `analyze --explain` say it (lib/analyzer/explain-score.ts)
  const why = explanationText(explainScore(s, report.findings));
  section(`Why ${s.score}`);
  if (why.reasons.length === 0) push(`${TAB}no finding moved the score`, "muted");
  for (const r of why.reasons) push(`${TAB}${r.points.padStart(6)}  ${printable(r.text)}`, undefined, 10);
  push(`${TAB}${printable(why.sum)}`, "muted", 2);

  section(`Findings (${report.findings.length})`);
  if (report.findings.length === 0) push(`${TAB}none`, "muted");
  for (const f of sortFindings(report.findings)) {
    push(`${TAB}${f.severity.toUpperCase().padEnd(10)}${printable(f.title)} (${f.ruleId})`, f.severity, 12);
    for (const e of f.evidence.slice(0, EVIDENCE_SHOWN)) {
      const where = [e.objectRef, e.path, e.offset === undefined ? undefined : `offset ${e.offset}`]
        .filter(Boolean)
        .join(" ");
      push(
        `${" ".repeat(12)}${printable(where || "evidence")}${e.excerpt ? `: ${printable(e.excerpt)}` : ""}`,
        "muted",
        12,
      );
    }
    if (f.evidence.length > EVIDENCE_SHOWN)
      push(`${" ".repeat(12)}... and ${f.evidence.length - EVIDENCE_SHOWN} more`, "muted");
  }

  const iocs = listIocs(report);
  section(`Indicators (${iocs.length})`);
  if (iocs.length === 0) push(`${TAB}none`, "muted");
  iocs.forEach(([type, value], i) => {
    const seen = (report.iocs.items[i]?.sources ?? [])
      .map((x) => [x.objectRef, x.source].filter(Boolean).join(" "))
      .join("; ");
    push(`${TAB}${type.padEnd(8)}${printable(value)}${seen ? `  (${printable(seen)})` : ""}`, undefined, 10);
  });

  section(scriptsTitle(report));
  scriptsOf(report)?.forEach((script, i, all) => lines.push(...scriptLines(script, i, all, width)));

  section(`Recommended actions (${report.mitigations.length})`);
  for (const m of report.mitigations) push(`${TAB}- ${printable(m.title)}`, undefined, 4);
  return lines;
}

function stageText(report: ScanReport): string {
  const moved = report.advancedSummary && report.fastSummary.verdict !== report.advancedSummary.verdict;
  const how = moved ? ` (fast stage said ${report.fastSummary.verdict} ${report.fastSummary.score})` : "";
  return `${report.stage}, status ${report.status}, advanced ${report.advancedStatus}${how}`;
}

/** the advanced stage's scripts, or undefined before that stage completed */
function scriptsOf(report: ScanReport): JavaScriptEntry[] | undefined {
  const scripts = report.details.javascript;
  return Array.isArray(scripts) ? (scripts as JavaScriptEntry[]) : undefined;
}

function scriptsTitle(report: ScanReport): string {
  const scripts = scriptsOf(report);
  return scripts
    ? `Scripts (${scripts.length})`
    : `Scripts (they come with the advanced stage, which is ${report.advancedStatus})`;
}

function scriptLines(script: JavaScriptEntry, index: number, all: JavaScriptEntry[], width: number): Line[] {
  const lines: Line[] = [];
  const push = (text: string, tone?: Tone, indent = 0) =>
    lines.push(...wrapLine(text, width, indent).map((t) => ({ text: t, tone })));
  const code = (text: string) =>
    unlinkUrls(text)
      .split(/\r\n|\r|\n/)
      .forEach((l) => push(`${" ".repeat(7)}${printable(l.replaceAll("\t", "  "))}`, undefined, 7));
  const where = [script.location.path, script.location.objectRef && `(${script.location.objectRef})`]
    .filter(Boolean)
    .join(" ");
  push(`${TAB}#${index + 1} ${printable(where)}`, "heading", 5);
  const facts = [
    `trigger ${script.trigger}`,
    script.automatic ? "runs automatically" : "runs on a user action",
    `${groupThousands(script.size)} bytes`,
    `emulation ${script.emulation.status}`,
  ];
  push(`${" ".repeat(5)}${printable(facts.join(", "))}`, "muted", 5);
  if (script.apis.length > 0) push(`${" ".repeat(5)}APIs: ${printable(script.apis.join(", "))}`, undefined, 5);
  if (script.cves.length > 0) push(`${" ".repeat(5)}CVEs: ${script.cves.join(", ")}`, "high", 5);
  const same = all.findIndex((other) => other.sha256 === script.sha256);
  if (script.source === undefined && same < index)
    push(`${" ".repeat(5)}source: the same as script #${same + 1}`, "muted", 5);
  else {
    push(`${" ".repeat(5)}source${script.source === undefined ? " (excerpt)" : ""}:`, "muted");
    code(script.source ?? script.excerpt);
  }
  const layers = script.full_layers ?? script.deobfuscated_layers;
  layers.forEach((layer, n) => {
    push(`${" ".repeat(5)}layer ${n + 1} of ${layers.length} (deobfuscated, produced at run time):`, "medium");
    code(layer);
  });
  if (script.full_text_truncated) push(`${" ".repeat(5)}(cut at the report's size limit)`, "muted");
  return lines;
}

/**
 * Wraps a line to `width` columns, at a space when there is one in the second half of the line, else
 * hard (long words, packed strings); continuation lines start under column `indent`.
 */
export function wrapLine(text: string, columns: number, indent = 0): string[] {
  const width = Math.max(MIN_WIDTH, columns);
  let rest = Array.from(text);
  if (rest.length <= width) return [text];
  const pad = " ".repeat(Math.min(indent, width - MIN_WIDTH / 2));
  const out: string[] = [];
  let room = width;
  while (rest.length > room) {
    const space = rest.lastIndexOf(" ", room);
    const cut = space > room / 2 ? space + 1 : room;
    out.push((out.length ? pad : "") + rest.slice(0, cut).join("").trimEnd());
    rest = rest.slice(cut);
    room = width - pad.length;
  }
  out.push(pad + rest.join(""));
  return out;
}

/** http(s):// and ftp:// shown as hxxp(s):// and fxp://: a terminal does not turn them into links */
export const unlinkUrls = (code: string): string =>
  code.replace(/\bhttp(s?):\/\//gi, "hxxp$1://").replace(/\bftp:\/\//gi, "fxp://");
