// MISP event (MISP core format, https://www.misp-project.org/datamodels/): one Event with the file's
// hash and name and one Attribute per indicator. to_ids (feed it to IDS/blocklists) is set only for a
// malicious or suspicious document and only for indicators that point at the public internet
// (private, local and documentation addresses would only produce false alarms). ATT&CK techniques
// and the verdict become tags. Deterministic uuids (v5 from the scan id), so re-imports update.
import type { Iocs } from "../../analyzer/report";
import { classifyDomain, classifyIp } from "../enrichment/offline-reputation";
import type { ScanReport } from "../scans/report";
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
  add("filename", "Payload delivery", report.file.name, false, "analysed PDF");
  add("sha256", "Payload delivery", report.file.sha256, report.summary.verdict === "malicious", `PDF, ${report.file.size} bytes`);
  const network: [keyof Iocs, string, string][] = [
    ["urls", "url", "Network activity"],
    ["domains", "domain", "Network activity"],
    ["ips", "ip-dst", "Network activity"],
    ["emails", "email-src", "Payload delivery"],
  ];
  for (const [key, type, category] of network) {
    for (const value of report.iocs[key] as string[]) add(type, category, value, flagged && PUBLIC_ONLY(type, value), `found in ${report.file.name}`);
  }
  for (const unc of report.iocs.uncPaths) add("text", "Network activity", unc, false, "UNC path (SMB/WebDAV target)");

  const techniques = [...new Set(report.findings.flatMap((f) => f.attack))].sort();
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
      analysis: report.stage === "advanced" || report.status === "completed" || report.status === "expired" ? ANALYSIS_COMPLETED : ANALYSIS_ONGOING,
      distribution: DIST_ORG_ONLY,
      published: false,
      Orgc: { name: "pdfscan" },
      Attribute: attributes,
      Tag: tags,
    },
  };
}
