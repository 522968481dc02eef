import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const embeddedFile = defineRule({
  id: "embedded-file",
  title: "Embedded file",
  description:
    "The PDF carries attached files. Attachments are common in business documents, and a common way to deliver a second stage. When every attachment is a data file by its name and its bytes (the XML of an e-invoice, a CSV, text, images, Office documents without macros), the finding is at info severity: what runs, archives, web pages and RTF are reported by the embedded-* rules that look for them.",
  category: "embedded-file",
  severity: "low",
  weight: 10,
  attack: ["T1027.006"],
  mitigations: ["block_launch_and_attachments"],
  confidence: "high",
  check({ embedded, keywords }) {
    if (!embedded.length && !keywords.counts["/EmbeddedFile"]) return null;
    // data files only: context, not evidence (embedded/data-attachment.ts)
    const dataOnly = embedded.length > 0 && embedded.every((f) => f.dataOnly);
    return {
      evidence: embedded.map((f) =>
        evidence({
          objectRef: f.objectRef,
          path: f.path,
          excerpt: `${f.name} (${f.size} bytes, ${f.kind}, sha256 ${f.sha256})`,
        }),
      ),
      detail: embedded.length
        ? `${embedded.length} file(s)${dataOnly ? ", data only" : ""}.`
        : "Embedded file keywords found but no readable file (encrypted or damaged).",
      ...(dataOnly && { severity: "info" as const }),
    };
  },
});
