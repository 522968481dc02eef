// STIX 2.1 bundle of a scan report (OASIS STIX 2.1, https://docs.oasis-open.org/cti/stix/v2.1/):
//   identity (the pdfscan system, created_by_ref of everything), file SCO (name, size, MD5, SHA-1,
//   SHA-256, TLSH; contains_refs: the embedded files, each a file SCO with its hashes and type),
//   url / domain-name / ipv4-addr / ipv6-addr / email-addr SCOs for the indicators,
//   malware-analysis SDO (result = verdict, malware-result-ov; sample_ref + analysis_sco_refs),
//   indicator SDOs with STIX patterns when the verdict is malicious or suspicious (never for victim
//   data: the target's own address or domain), and for embedded files whose nested analysis is malicious,
//   attack-pattern SDOs for the ATT&CK techniques, vulnerability SDOs for the CVEs, course-of-action
//   SDOs for the mitigations, relationships (indicator and vulnerability related-to analysis,
//   course-of-action mitigates attack-pattern).
// Ids are deterministic (uuid v5): SCOs from their ID-contributing properties (section 2.9), the
// rest from the scan id, so re-exports deduplicate. Confidence maps low/medium/high to 15/50/85.
import type { ScanReport } from "../scans/report";
import { exportFactsOf } from "./export-facts";
import { STIX_SCO_NAMESPACE, PDFSCAN_NAMESPACE, canonicalJson, uuidv5 } from "./uuid";

export const STIX_MEDIA_TYPE = "application/stix+json;version=2.1";
export const STIX_CONFIDENCE = { low: 15, medium: 50, high: 85 } as const;

type StixObject = Record<string, unknown> & { type: string; id: string };

const IDENTITY_ID = `identity--${uuidv5("pdfscan-identity", PDFSCAN_NAMESPACE)}`;

/** A STIX pattern string literal: single quotes, with `\` and `'` escaped (STIX 2.1 patterning 9.4). */
export function stixString(value: string): string {
  return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
}

function scoId(type: string, contributing: Record<string, unknown>): string {
  return `${type}--${uuidv5(canonicalJson(contributing), STIX_SCO_NAMESPACE)}`;
}

function attackUrl(technique: string): string {
  return `https://attack.mitre.org/techniques/${technique.replace(".", "/")}/`;
}

export function toStixBundle(report: ScanReport): Record<string, unknown> {
  const sdoId = (type: string, key: string) =>
    `${type}--${uuidv5(`${report.scanId}/${type}/${key}`, PDFSCAN_NAMESPACE)}`;
  const created = report.completedAt;
  const confidence = STIX_CONFIDENCE[report.summary.confidence];
  const common = { spec_version: "2.1", created, modified: created, created_by_ref: IDENTITY_ID };
  const objects: StixObject[] = [
    {
      type: "identity",
      spec_version: "2.1",
      id: IDENTITY_ID,
      created: "2026-01-01T00:00:00.000Z",
      modified: "2026-01-01T00:00:00.000Z",
      name: "pdfscan",
      identity_class: "system",
      description: "Open PDF malware analysis service",
    },
  ];

  const facts = exportFactsOf(report);
  // the id from SHA-256 and the name alone (section 2.9: one hash), so it does not change when TLSH arrives
  const fileId = scoId("file", { hashes: { "SHA-256": report.file.sha256 }, name: report.file.name });
  const embeddedIds = facts.embedded.map((f) => scoId("file", { hashes: { "SHA-256": f.sha256 }, name: f.name }));
  objects.push({
    type: "file",
    spec_version: "2.1",
    id: fileId,
    name: report.file.name,
    size: report.file.size,
    hashes: facts.hashes,
    mime_type: "application/pdf",
    ...(embeddedIds.length > 0 ? { contains_refs: [...new Set(embeddedIds)] } : {}),
  });
  const seenEmbedded = new Set<string>();
  facts.embedded.forEach((f, i) => {
    if (seenEmbedded.has(embeddedIds[i]!)) return;
    seenEmbedded.add(embeddedIds[i]!);
    objects.push({
      type: "file",
      spec_version: "2.1",
      id: embeddedIds[i]!,
      name: f.name,
      size: f.size,
      hashes: { "SHA-256": f.sha256, MD5: f.md5 },
      ...(f.mime ? { mime_type: f.mime } : {}),
    });
  });

  // observables and, for a malicious or suspicious document, indicators with a pattern each
  const flagged = report.summary.verdict === "malicious" || report.summary.verdict === "suspicious";
  const observableIds: string[] = [];
  const indicators: StixObject[] = [];
  const addIndicator = (key: string, name: string, pattern: string) => {
    indicators.push({
      type: "indicator",
      ...common,
      id: sdoId("indicator", key),
      name,
      indicator_types: [report.summary.verdict === "malicious" ? "malicious-activity" : "anomalous-activity"],
      pattern,
      pattern_type: "stix",
      pattern_version: "2.1",
      valid_from: created,
      confidence,
    });
  };
  const observe = (type: string, value: string, patternPath: string, label: string) => {
    const id = scoId(type, { value });
    observableIds.push(id);
    objects.push({ type, spec_version: "2.1", id, value });
    // victim data is observed, never an indicator: blocking it would block the victim
    if (flagged && !facts.victim.has(value))
      addIndicator(
        `${type}:${value}`,
        `${label} in ${report.file.name}`,
        `[${type}:${patternPath} = ${stixString(value)}]`,
      );
  };
  for (const url of report.iocs.urls) observe("url", url, "value", "URL");
  for (const domain of report.iocs.domains) observe("domain-name", domain, "value", "Domain");
  for (const ip of report.iocs.ips) observe(ip.includes(":") ? "ipv6-addr" : "ipv4-addr", ip, "value", "IP address");
  for (const email of report.iocs.emails) observe("email-addr", email, "value", "E-mail address");
  if (report.summary.verdict === "malicious") {
    addIndicator(
      `file:${report.file.sha256}`,
      `Malicious PDF ${report.file.name}`,
      `[file:hashes.'SHA-256' = ${stixString(report.file.sha256)}]`,
    );
  }
  for (const f of facts.embedded) {
    if (f.nested?.verdict === "malicious")
      addIndicator(
        `file:${f.sha256}`,
        `Malicious embedded file ${f.name} in ${report.file.name}`,
        `[file:hashes.'SHA-256' = ${stixString(f.sha256)}]`,
      );
  }

  const analysisId = sdoId("malware-analysis", report.stage);
  objects.push({
    type: "malware-analysis",
    ...common,
    id: analysisId,
    product: "pdfscan",
    version: report.engineVersion,
    analysis_engine_version: report.engineVersion,
    analysis_started: report.createdAt,
    analysis_ended: report.completedAt,
    result: report.summary.verdict,
    result_name: `score ${report.summary.score}/100 (${report.stage} stage)`,
    sample_ref: fileId,
    analysis_sco_refs: [...new Set([fileId, ...embeddedIds, ...observableIds])],
    confidence,
  });
  objects.push(...indicators);
  const relationships: StixObject[] = indicators.map((ind) => ({
    type: "relationship",
    ...common,
    id: sdoId("relationship", `${ind.id}->${analysisId}`),
    relationship_type: "related-to",
    source_ref: ind.id,
    target_ref: analysisId,
  }));

  // ATT&CK techniques of the findings, and the mitigations that address them
  const techniqueIds = new Map<string, string>();
  for (const f of report.findings) {
    for (const t of f.attack) {
      if (techniqueIds.has(t)) continue;
      const id = sdoId("attack-pattern", t);
      techniqueIds.set(t, id);
      objects.push({
        type: "attack-pattern",
        ...common,
        id,
        name: t,
        external_references: [{ source_name: "mitre-attack", external_id: t, url: attackUrl(t) }],
      });
      relationships.push({
        type: "relationship",
        ...common,
        id: sdoId("relationship", `${id}->${analysisId}`),
        relationship_type: "related-to",
        source_ref: id,
        target_ref: analysisId,
      });
    }
  }
  for (const cve of facts.cves) {
    const id = sdoId("vulnerability", cve);
    objects.push({
      type: "vulnerability",
      ...common,
      id,
      name: cve,
      external_references: [{ source_name: "cve", external_id: cve, url: `https://www.cve.org/CVERecord?id=${cve}` }],
    });
    relationships.push({
      type: "relationship",
      ...common,
      id: sdoId("relationship", `${id}->${analysisId}`),
      relationship_type: "related-to",
      source_ref: id,
      target_ref: analysisId,
    });
  }
  for (const m of report.mitigations) {
    const id = sdoId("course-of-action", m.id);
    objects.push({
      type: "course-of-action",
      ...common,
      id,
      name: m.title,
      description: m.description,
      ...(m.attackMitigationId
        ? {
            external_references: [
              {
                source_name: "mitre-attack",
                external_id: m.attackMitigationId,
                url: `https://attack.mitre.org/mitigations/${m.attackMitigationId}/`,
              },
            ],
          }
        : {}),
    });
    const techniques = new Set(report.findings.filter((f) => m.appliesTo.includes(f.id)).flatMap((f) => f.attack));
    for (const t of techniques) {
      const target = techniqueIds.get(t)!;
      relationships.push({
        type: "relationship",
        ...common,
        id: sdoId("relationship", `${id}->${target}`),
        relationship_type: "mitigates",
        source_ref: id,
        target_ref: target,
      });
    }
  }
  objects.push(...relationships);
  return {
    type: "bundle",
    id: `bundle--${uuidv5(`${report.scanId}/bundle/${report.stage}`, PDFSCAN_NAMESPACE)}`,
    objects,
  };
}
