// PDF portfolios (§12.3.5 collections): the reader shows the list of attached files, or opens the
// /D file, instead of the cover page. Legitimate (bundles of documents) but also used to put a
// lure's real content, or a payload, one click away. Context only.
import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const portfolioDocument = defineRule({
  id: "portfolio-document",
  title: "PDF portfolio (collection of files)",
  description:
    "The document is a portfolio: readers present its attached files rather than the cover page, so what the user sees first is chosen by the author.",
  category: "embedded-file",
  severity: "low",
  weight: 5,
  attack: ["T1204.002"],
  mitigations: ["block_launch_and_attachments"],
  stage: "advanced",
  confidence: "high",
  check({ portfolio: p, embedded }) {
    if (!p) return null;
    const parts = [`/Collection${p.view ? ` /View /${p.view}` : ""}`, `${embedded.length} file(s)`];
    if (p.initialDocument) parts.push(`opens "${p.initialDocument}" first`);
    if (p.navigator) parts.push("custom /Navigator");
    return { evidence: [evidence({ objectRef: p.objectRef, path: "/Root/Collection", excerpt: parts.join(", ") })] };
  },
});
