import type { Finding, Mitigation } from "./report";
import { SEVERITIES } from "./report-values";

// Mitigations, declared once; rules name them by action and the report lists each with the findings
// it applies to. ATT&CK mitigation ids from https://attack.mitre.org/mitigations/enterprise/.
export const MITIGATIONS = {
  do_not_open: {
    title: "Do not open the document",
    description: "Quarantine the file and do not open it in any PDF reader or browser until it has been cleared.",
    attackMitigationId: "M1017",
    references: ["https://attack.mitre.org/mitigations/M1017/"],
  },
  disable_reader_javascript: {
    title: "Disable JavaScript in PDF readers",
    description:
      "Turn off Acrobat/Reader JavaScript (Preferences > JavaScript, or the bDisableJavaScript policy) so embedded scripts cannot run.",
    attackMitigationId: "M1042",
    references: ["https://attack.mitre.org/mitigations/M1042/"],
  },
  block_launch_and_attachments: {
    title: "Block launch actions and attachment opening",
    description:
      "Enforce the reader's trust manager so /Launch actions and embedded attachments cannot start programs (Acrobat: iFileAttachmentPerms, bAllowOpenFile off).",
    attackMitigationId: "M1038",
    references: ["https://attack.mitre.org/mitigations/M1038/"],
  },
  open_in_protected_view: {
    title: "Open only in a sandboxed viewer",
    description:
      "If the document must be read, open it in Protected View / a sandboxed or browser viewer without scripting, on an isolated machine.",
    attackMitigationId: "M1048",
    references: ["https://attack.mitre.org/mitigations/M1048/"],
  },
  sanitize_with_cdr: {
    title: "Sanitize with content disarm and reconstruction",
    description:
      "Rebuild the PDF without active content (scripts, actions, attachments, forms) before delivery, e.g. by flattening to images or a CDR gateway.",
    attackMitigationId: "M1049",
    references: ["https://attack.mitre.org/mitigations/M1049/"],
  },
  block_indicators: {
    title: "Block the extracted indicators",
    description:
      "Add the URLs, domains and IP addresses found in the document to web proxy, DNS and firewall block lists, and search logs for earlier contact.",
    attackMitigationId: "M1037",
    references: ["https://attack.mitre.org/mitigations/M1037/"],
  },
  block_outbound_smb_webdav: {
    title: "Block outbound SMB and WebDAV",
    description:
      "Block TCP 139/445 and WebDAV to the internet so UNC/file:// links cannot leak NTLM credentials (forced authentication).",
    attackMitigationId: "M1037",
    references: ["https://attack.mitre.org/techniques/T1187/"],
  },
  update_document_pipeline: {
    title: "Patch and harden the servers that process documents",
    description:
      "The document carries payloads for document-processing software, not for a reader: make sure the pipelines that index, convert or log uploaded files run Log4j 2.17.1 or later and Commons Text 1.10 or later, and parse XML (XMP metadata included) with external entities and DTDs turned off; search their logs and DNS for contact with the hosts the payloads name.",
    attackMitigationId: "M1051",
    references: ["https://attack.mitre.org/techniques/T1190/", "https://nvd.nist.gov/vuln/detail/CVE-2021-44228"],
  },
  update_reader: {
    title: "Update the PDF reader",
    description:
      "The document targets known reader vulnerabilities: make sure every reader (Acrobat, Reader, Foxit, browser viewers, pdf.js) is patched.",
    attackMitigationId: "M1051",
    references: ["https://attack.mitre.org/mitigations/M1051/"],
  },
  verify_signed_revision: {
    title: "Check the signed revision, not the displayed one",
    description:
      "Trust only what a signature covers: open the signed revision (Acrobat: View Signed Version), compare it with what the document shows now, and reject changes made after signing that alter the content.",
    attackMitigationId: "M1017",
    references: ["https://attack.mitre.org/techniques/T1565/001/"],
  },
  report_phishing: {
    title: "Treat as phishing",
    description:
      "Do not follow links or scan QR codes from the document; report it to the security team and warn recipients.",
    attackMitigationId: "M1017",
    references: ["https://attack.mitre.org/techniques/T1566/001/"],
  },
} as const;

export type MitigationAction = keyof typeof MITIGATIONS;

/** The mitigations of a set of findings, most urgent finding first, each with the findings it answers. */
export function mitigationsFor(findings: readonly Finding[]): Mitigation[] {
  const rank = (f: Finding) => SEVERITIES.indexOf(f.severity) * 1000 + f.weight;
  const byId = new Map<string, Mitigation>();
  for (const f of [...findings].sort((a, b) => rank(b) - rank(a))) {
    for (const id of f.mitigationIds) {
      const known = id in MITIGATIONS ? MITIGATIONS[id as MitigationAction] : undefined;
      const m = byId.get(id) ?? {
        id,
        action: id,
        title: known?.title ?? id,
        description: known?.description ?? "",
        appliesTo: [],
        attackMitigationId: known?.attackMitigationId ?? null,
        references: known ? [...known.references] : [],
      };
      if (!m.appliesTo.includes(f.id)) m.appliesTo.push(f.id);
      byId.set(id, m);
    }
  }
  return [...byId.values()];
}
