// MISP event (MISP core format, https://www.misp-project.org/datamodels/): one Event with the file's
// name and hashes (MD5, SHA-1, SHA-256, TLSH), one Attribute per indicator and per CVE (type
// vulnerability), and one file Object per embedded file (hashes, size, type, nested verdict). to_ids
// (feed it to IDS/blocklists) is set only for a malicious or suspicious document and only for
// indicators that point at the public internet (private, local and documentation addresses would only
// produce false alarms), never for victim data: the target's address is a target-email in
// "Targeting data", its domain a plain attribute. ATT&CK techniques and the verdict become tags.
// Deterministic uuids (v5 from the scan id), so re-imports update.
import type { Iocs } from "../../analyzer/report";
import { classifyDomain, classifyIp } from "../enrichment/offline-reputation";
import type { ScanReport } from "../scans/report";
import { exportFactsOf, HASH_TYPES } from "./export-facts";
import { PDFSCAN_NAMESPACE, uuidv5 } from "./uuid";

/** MISP threat levels: 1 high, 2 medium, 3 low, 4 undefined. */
export const MISP_THREAT_LEVEL = { malicious: "1", suspicious: "2", benign: "3", unknown: "4" } as const;
/** MISP analysis states: 0 initial, 1 ongoing, 2 completed. */
const ANALYSIS_COMPLETED = "2";
const ANALYSIS_ONGOING = "1";
/** distribution 0 = your organisation only; 5 = inherit the event's. */
const DIST_ORG_ONLY = "0";
const DIST_INHERIT = "5";

interface MispAttribute {
  uuid: string;
  type: string;
  category: string;
  value: string;
  to_ids: boolean;
  comment: string;
  distribution: string;
  timestamp: string;
}

/** The MISP object template "file" (misp-objects/objects/file). */
const FILE_OBJECT_TEMPLATE_UUID = "688c46fb-5edb-40a3-8273-1af7923e2215";

const PUBLIC_ONLY = (type: string, value: string): boolean => {
  if (type === "ip-dst") return classifyIp(value) === "public";
  if (type === "domain") return classifyDomain(value).classification === "public";
  if (type === "url") {
    try {
      const host = new URL(value).hostname.replace(/^\[|\]$/g, "");
      return /^[\d.]+$|:/.test(host) ? classifyIp(host) === "public" : classifyDomain(host).classification === "public";
    } catch {
      return false;
    }
  }
  if (type === "email-src") return classifyDomain(value.slice(value.lastIndexOf("@") + 1)).classification === "public";
  return false;
};

export function toMispEvent(report: ScanReport): Record<string, unknown> {
  const timestamp = String(Math.floor(Date.parse(report.completedAt) / 1000));
  const flagged = report.summary.verdict === "malicious" || report.summary.verdict === "suspicious";
  const attributes: MispAttribute[] = [];
  const add = (type: string, category: string, value: string, toIds: boolean, comment: string) => {
    attributes.push({
      uuid: uuidv5(`${report.scanId}/misp-attribute/${type}/${value}`, PDFSCAN_NAMESPACE),
      type,
      category,
      value,
      to_ids: toIds,
      comment,
      distribution: DIST_INHERIT,
      timestamp,
    });
  };
  const facts = exportFactsOf(report);
  add("filename", "Payload delivery", report.file.name, false, "analysed PDF");
  for (const [name, value] of Object.entries(facts.hashes)) {
    // TLSH is a similarity hash: a pivot, not an exact match to block on
    add(
      HASH_TYPES[name as keyof typeof HASH_TYPES],
      "Payload delivery",
      value,
      report.summary.verdict === "malicious" && name !== "TLSH",
      `PDF, ${report.file.size} bytes`,
    );
  }
  const network: [keyof Iocs, string, string][] = [
    ["urls", "url", "Network activity"],
    ["domains", "domain", "Network activity"],
    ["ips", "ip-dst", "Network activity"],
    ["emails", "email-src", "Payload delivery"],
  ];
  for (const [key, type, category] of network) {
    for (const value of report.iocs[key] as string[]) {
      if (!facts.victim.has(value))
        add(type, category, value, flagged && PUBLIC_ONLY(type, value), `found in ${report.file.name}`);
      else if (type === "email-src")
        add(
          "target-email",
          "Targeting data",
          value,
          false,
          "victim data: the recipient's address in a link's query string (not an indicator)",
        );
      else add(type, category, value, false, "victim data: the recipient's domain (not an indicator)");
    }
  }
  for (const cve of facts.cves)
    add("vulnerability", "External analysis", cve, false, "exploited or targeted by the document");
  for (const unc of report.iocs.uncPaths) add("text", "Network activity", unc, false, "UNC path (SMB/WebDAV target)");

  const techniques = facts.techniques;
  const objects = facts.embedded.map((f, i) => {
    const attribute = (relation: string, type: string, value: string, toIds = false) => ({
      uuid: uuidv5(`${report.scanId}/misp-object/${i}/${relation}`, PDFSCAN_NAMESPACE),
      object_relation: relation,
      type,
      category: "Payload delivery",
      value,
      to_ids: toIds,
      distribution: DIST_INHERIT,
      timestamp,
    });
    const malicious = f.nested?.verdict === "malicious";
    return {
      uuid: uuidv5(`${report.scanId}/misp-object/${i}`, PDFSCAN_NAMESPACE),
      name: "file",
      "meta-category": "file",
      description: "File embedded in the analysed PDF",
      template_uuid: FILE_OBJECT_TEMPLATE_UUID,
      distribution: DIST_INHERIT,
      timestamp,
      comment: `embedded in ${report.file.name}${f.objectRef ? ` (object ${f.objectRef})` : ""}; type ${f.type}${f.nested ? `; nested analysis: ${f.nested.verdict}, score ${f.nested.score}` : ""}`,
      Attribute: [
        attribute("filename", "filename", f.name),
        attribute("sha256", "sha256", f.sha256, malicious),
        attribute("md5", "md5", f.md5, malicious),
        attribute("size-in-bytes", "size-in-bytes", String(f.size)),
        ...(f.mime ? [attribute("mimetype", "mime-type", f.mime)] : []),
      ],
    };
  });
  const tags = [
    { name: `pdfscan:verdict="${report.summary.verdict}"` },
    { name: `pdfscan:score="${report.summary.score}"` },
    ...techniques.map((t) => ({ name: `mitre-attack:technique="${t}"` })),
  ];
  return {
    Event: {
      uuid: uuidv5(`${report.scanId}/misp-event`, PDFSCAN_NAMESPACE),
      info: `pdfscan: ${report.summary.verdict} PDF ${report.file.name} (score ${report.summary.score}/100)`,
      date: report.createdAt.slice(0, 10),
      timestamp,
      threat_level_id: MISP_THREAT_LEVEL[report.summary.verdict],
      analysis:
        report.stage === "advanced" || report.status === "completed" || report.status === "expired"
          ? ANALYSIS_COMPLETED
          : ANALYSIS_ONGOING,
      distribution: DIST_ORG_ONLY,
      published: false,
      Orgc: { name: "pdfscan" },
      Attribute: attributes,
      Object: objects,
      Tag: tags,
    },
  };
}
