import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const officeDocumentPolyglot = defineRule({
  id: "office-document-polyglot",
  title: "The PDF is also a Word or Excel document (MalDoc in PDF)",
  description:
    "The file holds, in the clear, a web archive (MHT: a MIME multipart/related message) that is a Word or Excel document. A PDF reader shows the PDF; Word, given the same file under a .doc name, opens the web archive and offers to run the macros of its ActiveMime part (editdata.mso). Scanners and mail filters that type the file by its %PDF header never look for the macros: JPCERT/CC found this in attacks in 2023 ('MalDoc in PDF'), and Metasploit builds it (auxiliary/fileformat/maldoc_in_pdf_polyglot). No PDF writer produces it.",
  category: "embedded-file",
  severity: "critical",
  weight: 85,
  attack: ["T1566.001", "T1204.002", "T1027.009", "T1036.008"],
  mitigations: ["do_not_open", "block_launch_and_attachments"],
  confidence: "medium",
  check({ officePolyglot: p }) {
    if (!p) return null;
    const what = `${p.application ?? "an Office"} web archive${p.macros ? " with an ActiveMime part (macros)" : ""}`;
    // macros are the payload: with them the finding is certain (the catalogue's malicious floor reads this)
    return {
      evidence: [evidence({ offset: p.offset, excerpt: `${what}: ${excerpt(p.header)}` })],
      detail: `Word opens this file as a ${what}.`,
      confidence: p.macros ? "high" : "medium",
    };
  },
});
