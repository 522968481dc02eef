// A PDF inside the PDF: the outer document is often a clean-looking wrapper, and the payload sits in
// the attachment (corpus: a cve-2010-2883 sample whose msf.pdf attachment carries the SING exploit).
// The nested verdict comes from the recursive analysis (lib/analyzer/embedded); these rules carry it
// up with the nested document's own evidence and CVEs, at the strength of that evidence
// (NestedOutcome.proven): a nested file its model judged malicious on medium findings is carried up
// as suspicious, so the outer document's malicious floor rests on a technique, never on a ranking.
import type { EmbeddedAnalysis, NestedOutcome } from "../embedded/embedded-analysis";
import { evidence } from "./evidence";
import { defineRule, type RuleHit } from "./rule";

type Analysed = Extract<NestedOutcome, { status: "analysed" }>;

type Carried = "malicious" | "suspicious";

/** The verdict a nested file is carried up with: its own, no stronger than its evidence proves. */
function carried(n: Analysed): Carried | null {
  if (n.verdict === "malicious" && n.proven === "malicious") return "malicious";
  return n.verdict === "malicious" || n.verdict === "suspicious" ? "suspicious" : null;
}

function nestedHit(files: EmbeddedAnalysis[] | undefined, verdict: Carried): RuleHit | null {
  const hits = (files ?? []).filter(
    (f): f is EmbeddedAnalysis & { nested: Analysed } =>
      f.nested?.status === "analysed" && carried(f.nested) === verdict,
  );
  if (!hits.length) return null;
  const cve = [...new Set(hits.flatMap((f) => f.nested.findings.flatMap((x) => x.cve)))].sort();
  return {
    evidence: hits.map((f) =>
      evidence({
        objectRef: f.file.objectRef,
        path: f.file.path,
        excerpt: `${f.file.name} (depth ${f.nested.depth}): ${f.nested.verdict}, score ${f.nested.score}; ${f.nested.findings
          .slice(0, 5)
          .map((x) => (x.cve.length ? `${x.ruleId} [${x.cve.join(", ")}]` : x.ruleId))
          .join(", ")}`,
      }),
    ),
    detail: `${hits.length} nested PDF(s) judged ${verdict} on their own${verdict === "suspicious" && hits.some((f) => f.nested.verdict === "malicious") ? " (ranked malicious by the model, on findings of medium severity or less)" : ""}.`,
    cve: cve.length ? cve : undefined,
  };
}

export const embeddedNestedPdfMalicious = defineRule({
  id: "embedded-nested-pdf-malicious",
  title: "Malicious PDF attached inside the PDF",
  description:
    "An attached PDF (or XDP package) was analysed on its own and judged malicious: the outer document delivers it, and readers open attachments on request or through a script.",
  category: "embedded-file",
  severity: "critical",
  weight: 80,
  attack: ["T1204.002", "T1027.009"],
  mitigations: ["do_not_open", "block_launch_and_attachments"],
  stage: "advanced",
  confidence: "high",
  check: ({ embeddedAnalysis }) => nestedHit(embeddedAnalysis, "malicious"),
});

export const embeddedNestedPdfSuspicious = defineRule({
  id: "embedded-nested-pdf-suspicious",
  title: "Suspicious PDF attached inside the PDF",
  description:
    "An attached PDF (or XDP package) was analysed on its own and judged suspicious, or malicious by the model on findings of medium severity or less (no technique proves it); its findings are listed with it.",
  category: "embedded-file",
  severity: "medium",
  weight: 35,
  attack: ["T1204.002", "T1027.009"],
  mitigations: ["block_launch_and_attachments", "sanitize_with_cdr"],
  stage: "advanced",
  confidence: "medium",
  check: ({ embeddedAnalysis }) => nestedHit(embeddedAnalysis, "suspicious"),
});
