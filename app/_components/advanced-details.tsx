"use client";
// Report parts beyond findings/IOCs: the advanced stage's details (metadata, embedded files, QR
// lures; scripts are in scripts-section.tsx), structural anomalies, and the offline enrichment of
// the indicators. Each part is read defensively: `details` is passed through as the analyzer wrote it.
import { defang } from "../../lib/analyzer/iocs/defang";
import type { ReactNode } from "react";
import { DeepResult, FastResult, type Stage } from "../../lib/analyzer/report";
import type { ScanReport } from "../_lib/scans";
import { formatBytes } from "../_lib/format";
import { AnomaliesList } from "./anomalies-list";
import { Section } from "./section";

function parse<T>(
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  value: unknown,
): T | null {
  if (value === undefined) return null;
  const r = schema.safeParse(value);
  return r.success ? r.data : null;
}

/** `embeddedUrl`: where the owner downloads an embedded file of the retained upload (a password ZIP). */
export function AdvancedDetails({
  details,
  stage,
  embeddedUrl,
}: {
  details: Record<string, unknown>;
  stage: Stage;
  embeddedUrl?: (sha256: string) => string;
}) {
  const anomalies = parse(FastResult.shape.anomalies, details.anomalies);
  const structure = parse(FastResult.shape.structure, details.structure);
  const metadata = stage === "advanced" ? parse(DeepResult.shape.metadata, details.metadata) : null;
  const embedded = stage === "advanced" ? parse(DeepResult.shape.embedded_files, details.embedded_files) : null;
  const lures = stage === "advanced" ? parse(DeepResult.shape.lures, details.lures) : null;
  return (
    <>
      {structure && (
        <Section title="Structure" testId="structure">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-5">
            {(
              [
                ["Size", formatBytes(structure.size)],
                ["PDF version", structure.pdf_version ?? "none"],
                ["Pages", structure.pages === null ? "?" : String(structure.pages)],
                ["Objects", String(structure.objects)],
                ["Streams", String(structure.streams)],
                ["Object streams", String(structure.object_streams)],
                ["Revisions", String(structure.revisions)],
                ["EOF markers", String(structure.eof_markers)],
                ["Encrypted", structure.encrypted ? "yes" : "no"],
                ["Xref rebuilt", structure.xref_rebuilt ? "yes" : "no"],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-slate-500">{k}</dt>
                <dd className="font-medium">{v}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      {stage === "advanced" && (metadata || embedded || lures) && (
        <div className="space-y-4" data-testid="advanced-details">
          {embedded && embedded.length > 0 && (
            <Section title="Embedded files" count={embedded.length} testId="embedded-files">
              <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Embedded files table">
                <table className="w-full text-left text-sm">
                  <thead className="text-xs text-slate-500">
                    <tr>
                      <th className="py-1 pr-3 font-medium">Name</th>
                      <th className="py-1 pr-3 font-medium">Type</th>
                      <th className="py-1 pr-3 font-medium">Size</th>
                      <th className="py-1 pr-3 font-medium">SHA-256</th>
                      <th className="py-1 pr-3 font-medium">Nested verdict</th>
                      {embeddedUrl && <th className="py-1 font-medium">File</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {embedded.map((f, i) => (
                      <tr key={i} className="border-t border-slate-100 align-top">
                        <td className="py-1 pr-3 break-all">{f.name}</td>
                        <td className="py-1 pr-3 font-mono text-xs">{f.type}</td>
                        <td className="py-1 pr-3 whitespace-nowrap">{formatBytes(f.size)}</td>
                        <td className="py-1 pr-3 font-mono text-xs break-all" data-testid="embedded-sha256">
                          {f.sha256}
                        </td>
                        <td className="py-1 pr-3">{f.nested ? `${f.nested.verdict} (${f.nested.score})` : "–"}</td>
                        {embeddedUrl && (
                          <td className="py-1 whitespace-nowrap">
                            <a
                              href={embeddedUrl(f.sha256)}
                              download
                              className="text-sky-800 underline"
                              data-testid="embedded-download"
                              aria-label={`Download ${f.name} (ZIP, password infected)`}
                            >
                              ZIP
                            </a>
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {embeddedUrl && (
                <p className="mt-2 text-xs text-slate-600">
                  Each file downloads inside a ZIP encrypted with the password infected, so that nothing on the way
                  opens it.
                </p>
              )}
            </Section>
          )}
          {metadata && hasMetadata(metadata) && (
            <Section title="Document metadata" testId="metadata">
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                {(
                  [
                    ["Title", metadata.title],
                    ["Author", metadata.author],
                    ["Subject", metadata.subject],
                    ["Creator", metadata.creator],
                    ["Producer", metadata.producer],
                    ["Created", metadata.creation_date],
                    ["Modified", metadata.modification_date],
                    ["Pages", metadata.page_count === null ? null : String(metadata.page_count)],
                  ] as const
                )
                  .filter(([, v]) => v)
                  .map(([k, v]) => (
                    <div key={k} className="min-w-0">
                      <dt className="text-xs text-slate-500">{k}</dt>
                      <dd className="break-words">{v}</dd>
                    </div>
                  ))}
              </dl>
            </Section>
          )}
          {lures && (lures.qr_codes.length > 0 || lures.text_excerpt) && (
            <Section title="Lures" testId="lures">
              <p className="text-xs text-slate-500">{lures.pages_rendered} page(s) rendered</p>
              {lures.qr_codes.length > 0 && (
                <ul className="mt-2 space-y-1 text-sm">
                  {lures.qr_codes.map((q, i) => (
                    <li key={i}>
                      QR code on page {q.page}: <code className="break-all">{q.text}</code>
                    </li>
                  ))}
                </ul>
              )}
              {lures.text_excerpt && <Code label="Page text excerpt">{lures.text_excerpt}</Code>}
            </Section>
          )}
        </div>
      )}
      {anomalies && <AnomaliesList anomalies={anomalies} />}
    </>
  );
}

function Code({ label, children }: { label: string; children: ReactNode }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-xs font-medium text-slate-500">{label}</summary>
      <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-900 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-100">
        {children}
      </pre>
    </details>
  );
}

export function EnrichmentView({ enrichment }: { enrichment: NonNullable<ScanReport["enrichment"]> }) {
  return (
    <Section title="Indicator enrichment" count={enrichment.indicators.length} testId="enrichment">
      <p className="text-xs text-slate-500">
        {enrichment.provider} {enrichment.providerVersion} ·{" "}
        {enrichment.external ? "external provider" : "offline: nothing was sent anywhere"} ·{" "}
        {enrichment.summary.flagged} of {enrichment.summary.total} flagged
      </p>
      {enrichment.indicators.length > 0 && (
        // a wide table on a narrow screen scrolls: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable)
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Enriched indicators">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Indicator (defanged)</th>
                <th className="py-1 pr-3 font-medium">Class</th>
                <th className="py-1 pr-3 font-medium">Flags</th>
                <th className="py-1 font-medium">Notes</th>
              </tr>
            </thead>
            <tbody>
              {enrichment.indicators.map((ind, i) => (
                <tr key={i} className="border-t border-slate-100 align-top">
                  <td className="py-1 pr-3 font-mono text-xs break-all">{ind.defanged}</td>
                  <td className="py-1 pr-3 text-xs">{ind.classification}</td>
                  <td className="py-1 pr-3">
                    <div className="flex flex-wrap gap-1">
                      {ind.flags.map((f) => (
                        <span key={f} className="rounded bg-amber-100 px-1.5 py-0.5 font-mono text-xs text-amber-900">
                          {f}
                        </span>
                      ))}
                    </div>
                  </td>
                  <td className="py-1 text-xs text-slate-600">{ind.notes.join("; ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {enrichment.feeds && <FeedHits feeds={enrichment.feeds} />}
      {enrichment.online && <OnlineServices reports={enrichment.online} />}
    </Section>
  );
}

type FeedHit = NonNullable<NonNullable<ScanReport["enrichment"]>["feeds"]>["hits"][number];

/** A hit's list, and why a malicious one does not count (a hash: the service's own answer was weak; a host: a known-good list names it). */
function listWording(h: FeedHit): string {
  if (h.list === "known-good") return "known good";
  if (h.counts) return "malicious";
  return h.matchedAs === "sha256" || h.matchedAs === "sha1" || h.matchedAs === "md5"
    ? "malicious (not counted: below the detection threshold)"
    : "malicious (not counted: known-good host)";
}

/** What each online reputation service the operator enabled was asked, and what it could not be asked (lib/server/enrichment/online). */
function OnlineServices({ reports }: { reports: NonNullable<NonNullable<ScanReport["enrichment"]>["online"]> }) {
  return (
    <div className="mt-4" data-testid="online-services">
      <h3 className="text-sm font-semibold text-slate-700">Online reputation services</h3>
      <p className="text-xs text-slate-500">
        Sent indicators and hashes only, never the file; their hits are listed with the feeds above.
      </p>
      <ul className="mt-1 space-y-1 text-xs">
        {reports.map((r) => (
          <li key={r.provider} data-testid="online-service">
            <span className="font-medium">{r.provider}</span>: {r.asked} to look up, {r.sent} asked, {r.cached} answered
            from the cache
            {r.skipped.length > 0 && (
              <ul className="ml-4 list-disc text-slate-600">
                {r.skipped.map((s, i) => (
                  <li key={i} className="break-all">
                    not looked up: <span className="font-mono">{defang(s.value)}</span> ({s.reason})
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The imported feeds' entries that named the document's indicators or hashes (lib/server/feeds), and the online services' hits. */
function FeedHits({ feeds }: { feeds: NonNullable<NonNullable<ScanReport["enrichment"]>["feeds"]> }) {
  return (
    <div className="mt-4" data-testid="feed-hits">
      <h3 className="text-sm font-semibold text-slate-700">Threat feeds</h3>
      <p className="text-xs text-slate-500">
        {feeds.sources.length === 0 && feeds.hits.length === 0
          ? "No feed is imported on this server (pdfscan feeds import)."
          : `${feeds.hits.length} hit${feeds.hits.length === 1 ? "" : "s"}; ${feeds.sources.length} imported source${feeds.sources.length === 1 ? "" : "s"}; expired entries do not count, nor do host-level hits on hosts a known-good list names.`}
      </p>
      {feeds.hits.length > 0 && (
        <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Threat feed hits">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1 pr-3 font-medium">Indicator (defanged)</th>
                <th className="py-1 pr-3 font-medium">Matched as</th>
                <th className="py-1 pr-3 font-medium">Source</th>
                <th className="py-1 pr-3 font-medium">List</th>
                <th className="py-1 font-medium">Age, confidence</th>
              </tr>
            </thead>
            <tbody>
              {feeds.hits.map((h, i) => (
                <tr
                  key={i}
                  className="border-t border-slate-100 align-top"
                  data-testid="feed-hit"
                  data-counts={String(h.counts)}
                >
                  <td className="py-1 pr-3 font-mono text-xs break-all">{defang(h.indicator)}</td>
                  <td className="py-1 pr-3 text-xs break-all">
                    {h.matchedAs} <span className="font-mono">{defang(h.matchedValue)}</span>
                  </td>
                  <td className="py-1 pr-3 text-xs">
                    {h.source} · {h.category}
                  </td>
                  <td className="py-1 pr-3 text-xs">{listWording(h)}</td>
                  <td className="py-1 text-xs">
                    {h.ageDays === null ? "age unknown" : `${h.ageDays} d`}, {h.confidence}/100
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function hasMetadata(m: NonNullable<ReturnType<typeof DeepResult.shape.metadata.parse>>): boolean {
  return [m.title, m.author, m.subject, m.creator, m.producer, m.creation_date, m.modification_date, m.page_count].some(
    (v) => v !== null && v !== "",
  );
}
