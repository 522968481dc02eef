// Human-readable report as a standalone HTML page. Every value is HTML-escaped (text and attribute
// contexts alike); the route adds a Content-Security-Policy that allows no script at all, so even an
// escaping bug could not run code from a hostile document. Indicators are shown defanged.
import { DeepResult } from "../../analyzer/report";
import type { ScanReport } from "../scans/report";
import { explainScore, explanationText, signedPoints } from "../../analyzer/explain-score";
import { exportFactsOf } from "./export-facts";

export function htmlEscape(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** No scripts, no external loads: only the inline stylesheet below. */
export const HTML_REPORT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Characters of script text the export holds at most (per script, and for all together): the rest is in the JSON report. */
export const HTML_SCRIPT_CHARS = 200_000;
export const HTML_SCRIPTS_TOTAL_CHARS = 1_000_000;

/** What the HTML export carries beyond the report: the pictures of the pages (PNG), as the scan page shows them. */
export interface HtmlExtras {
  pageImages?: readonly { page: number; png: Uint8Array }[];
}

const STYLE = `body{font:14px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1e293b}
table{border-collapse:collapse}td,th{border:1px solid #cbd5e1;padding:.25rem .5rem;text-align:left;vertical-align:top}
code{font-family:ui-monospace,monospace;word-break:break-all}h1,td,th{overflow-wrap:anywhere}.malicious{color:#b91c1c}.suspicious{color:#b45309}.benign{color:#15803d}
pre{font:12px/1.4 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;background:#f1f5f9;padding:.5rem;border:1px solid #cbd5e1}
.pages{display:flex;flex-wrap:wrap;gap:1rem}figure{margin:0}figure img{max-width:14rem;border:1px solid #cbd5e1}`;

export function toHtml(report: ScanReport, { pageImages = [] }: HtmlExtras = {}): string {
  const e = htmlEscape;
  const s = report.summary;
  const facts = exportFactsOf(report);
  const row = (k: string, v: string) => `<tr><th>${e(k)}</th><td>${v}</td></tr>`;
  const parts: string[] = [];
  parts.push(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PDF scan report: ${e(report.file.name)}</title><style>${STYLE}</style></head><body>`,
  );
  parts.push(`<h1>PDF scan report: ${e(report.file.name)}</h1><table>`);
  parts.push(row("Verdict", `<strong class="${e(s.verdict)}">${e(s.verdict)}</strong>`));
  parts.push(row("Score", `${s.score}/100`), row("Confidence", e(s.confidence)));
  parts.push(
    row(
      "Stage",
      `${e(report.stage)} (advanced: ${e(report.advancedStatus)}${report.advancedFailureReason ? ` - ${e(report.advancedFailureReason)}` : ""})`,
    ),
  );
  for (const [name, value] of Object.entries(facts.hashes)) parts.push(row(name, `<code>${e(value)}</code>`));
  parts.push(row("Size", `${report.file.size} bytes`));
  if (facts.cves.length > 0) parts.push(row("CVE", facts.cves.map(e).join(", ")));
  if (facts.techniques.length > 0) parts.push(row("ATT&CK", facts.techniques.map(e).join(", ")));
  parts.push(row("Scan", `<code>${e(report.scanId)}</code>`), row("Created", e(report.createdAt)));
  parts.push(
    row("File retained", report.fileRetained ? `yes${report.expiresAt ? `, until ${e(report.expiresAt)}` : ""}` : "no"),
  );
  parts.push("</table>");

  const why = explanationText(explainScore(s, report.findings));
  parts.push(`<h2>Why ${s.score}</h2><ul>`);
  for (const r of why.reasons) parts.push(`<li><strong>${e(r.points)}</strong> ${e(r.text)}</li>`);
  parts.push(`</ul><p>${e(why.sum)}</p>`);

  parts.push(`<h2>Findings (${report.findings.length})</h2>`);
  if (report.findings.length === 0) parts.push("<p>No findings.</p>");
  for (const f of report.findings) {
    parts.push(`<section><h3>${e(f.title)} [${e(f.severity)}]</h3>`);
    parts.push(
      `<p>Rule <code>${e(f.ruleId)}</code>, ${e(f.category)}, confidence ${e(f.confidence)}, ${e(f.stage)} stage${typeof f.contribution === "number" ? `, ${e(signedPoints(f.contribution))} score points` : ""}.</p><p>${e(f.description)}</p>`,
    );
    if (f.attack.length > 0) parts.push(`<p>ATT&amp;CK: ${f.attack.map(e).join(", ")}</p>`);
    if (f.cve.length > 0) parts.push(`<p>CVE: ${f.cve.map(e).join(", ")}</p>`);
    if (f.evidence.length > 0) {
      parts.push("<ul>");
      for (const ev of f.evidence) {
        const where = [ev.objectRef, ev.path, ev.offset === undefined ? undefined : `offset ${ev.offset}`]
          .filter(Boolean)
          .map((x) => e(String(x)));
        parts.push(`<li>${where.join(", ") || "evidence"}${ev.excerpt ? `: <code>${e(ev.excerpt)}</code>` : ""}</li>`);
      }
      parts.push("</ul>");
    }
    parts.push("</section>");
  }

  parts.push(`<h2>Indicators (${report.iocs.items.length})</h2>`);
  if (report.iocs.items.length === 0) parts.push("<p>No indicators.</p>");
  else {
    parts.push("<table><tr><th>Type</th><th>Indicator (defanged)</th><th>Seen in</th></tr>");
    for (const i of report.iocs.items) {
      const seen = i.sources.map((x) => [x.objectRef, x.source].filter(Boolean).join(" ")).join("; ");
      parts.push(
        `<tr><td>${e(i.type)}${i.victimData ? " (victim data, not an indicator)" : ""}</td><td><code>${e(i.defanged)}</code></td><td>${e(seen)}</td></tr>`,
      );
    }
    parts.push("</table>");
  }
  if (facts.embedded.length > 0) {
    parts.push(
      `<h2>Embedded files (${facts.embedded.length})</h2><table><tr><th>Name</th><th>Type</th><th>Size</th><th>SHA-256</th><th>Nested verdict</th></tr>`,
    );
    for (const f of facts.embedded) {
      parts.push(
        `<tr><td>${e(f.name)}</td><td>${e(f.type)}</td><td>${f.size}</td><td><code>${e(f.sha256)}</code></td><td>${f.nested ? `${e(f.nested.verdict)} (${f.nested.score})` : "-"}</td></tr>`,
      );
    }
    parts.push("</table>");
  }

  parts.push(...scriptsHtml(report));
  if (pageImages.length > 0) {
    parts.push(`<h2>Pages (${pageImages.length})</h2><div class="pages">`);
    // the PNGs the advanced stage drew, inline: the file opens offline and its CSP allows data: images only
    for (const { page, png } of pageImages)
      parts.push(
        `<figure><img alt="Page ${page}" src="data:image/png;base64,${Buffer.from(png).toString("base64")}"><figcaption>Page ${page}</figcaption></figure>`,
      );
    parts.push("</div>");
  }

  parts.push(`<h2>Recommended actions (${report.mitigations.length})</h2><ul>`);
  for (const m of report.mitigations) {
    parts.push(
      `<li><strong>${e(m.title)}</strong>${m.attackMitigationId ? ` (${e(m.attackMitigationId)})` : ""}: ${e(m.description)}</li>`,
    );
  }
  parts.push("</ul>");
  if (report.enrichment) {
    const en = report.enrichment;
    parts.push(
      `<h2>Enrichment</h2><p>Provider ${e(en.provider)} ${e(en.providerVersion)} (${en.external ? "external" : "offline"}): ${en.summary.flagged} of ${en.summary.total} indicators flagged.</p><ul>`,
    );
    for (const i of en.indicators.filter((x) => x.flags.length > 0))
      parts.push(`<li><code>${e(i.defanged)}</code>: ${e(i.classification)}; ${i.flags.map(e).join(", ")}</li>`);
    parts.push("</ul>");
  }
  parts.push(
    `<p><small>pdfscan engine ${e(report.engineVersion)}, report schema ${e(report.schemaVersion)}</small></p></body></html>`,
  );
  return parts.join("\n");
}

/** The scripts the advanced stage read, as text (escaped, never run), each and all together within HTML_SCRIPT*_CHARS. */
function scriptsHtml(report: ScanReport): string[] {
  const parsed = DeepResult.shape.javascript.safeParse(report.details.javascript);
  if (!parsed.success || parsed.data.length === 0) return [];
  const out = [`<h2>Scripts (${parsed.data.length})</h2>`];
  let budget = HTML_SCRIPTS_TOTAL_CHARS;
  const block = (title: string, text: string) => {
    const shown = text.slice(0, Math.max(0, Math.min(HTML_SCRIPT_CHARS, budget)));
    budget -= shown.length;
    const cut =
      shown.length < text.length
        ? `<p><small>${text.length - shown.length} more characters in the JSON report.</small></p>`
        : "";
    out.push(`<h3>${htmlEscape(title)}</h3><pre>${htmlEscape(shown)}</pre>${cut}`);
  };
  parsed.data.forEach((s, i) => {
    block(
      `Script ${i + 1}: ${s.location.path} (trigger ${s.trigger}${s.automatic ? ", automatic" : ""})`,
      s.source ?? s.excerpt,
    );
    (s.full_layers ?? s.deobfuscated_layers).forEach((layer, k) =>
      block(`Script ${i + 1}, deobfuscated layer ${k + 1}`, layer),
    );
  });
  return out;
}
