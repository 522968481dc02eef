// Links to known-good sites (issue 21 item 3): the verdict model learned from the shape of links
// (path depth, links per page, where they point: model/link-profile.ts) as well as from what the
// document does. When every web target of the document's links is on a known-good list the operator
// imported (Tranco, a MISP warninglist), the points those link features added (summary.model.linkPoints,
// lib/analyzer/score.ts) are taken back, never below the evidence floor, and the finding
// `known-good-links` says so with each target's list as evidence. Findings and floors stand: a
// technique that was found still sets its verdict.
import { verdictFor } from "../../analyzer";
import { defang } from "../../analyzer/iocs/defang";
import type { Finding, Iocs, Summary } from "../../analyzer/report";
import type { FeedHitOut, FeedMatch } from "./feed-matching";

export const KNOWN_GOOD_LINKS_RULE_ID = "known-good-links";
/** The indicator sources that are the link features' targets (URI and SubmitForm actions). */
const LINK_SOURCES: ReadonlySet<string> = new Set(["uri-action", "submit-form"]);
const MAX_EVIDENCE = 10;

/** The web targets of the document's links, as the report's indicators hold them. */
function linkTargets(iocs: Iocs): string[] {
  return iocs.items
    .filter((i) => i.type === "url" && /^https?:/i.test(i.value) && i.sources.some((s) => LINK_SOURCES.has(s.source)))
    .map((i) => i.value);
}

/** The advanced result with the link features' points taken back and the finding that says so, or null when nothing changes. */
export function withKnownGoodLinks(resultJson: string, match: FeedMatch): { json: string; summary: Summary } | null {
  const result = JSON.parse(resultJson) as { summary: Summary; findings: Finding[]; iocs: Iocs };
  const points = result.summary.model?.linkPoints ?? 0;
  const targets = linkTargets(result.iocs);
  if (points <= 0 || targets.length === 0) return null;
  const good = new Map<string, FeedHitOut>();
  for (const h of match.hits) if (h.list === "known-good" && !good.has(h.indicator)) good.set(h.indicator, h);
  if (!targets.every((t) => good.has(t))) return null;
  const s = result.summary;
  const score = Math.max(s.evidenceFloor?.score ?? 0, Math.round(s.score - points));
  if (score >= s.score) return null;
  // the analyzer's thresholds; a file it could not analyse stays unknown
  const summary: Summary = {
    ...s,
    verdict: s.verdict === "unknown" ? "unknown" : verdictFor(score, { unanalysable: false }),
    score,
  };
  const finding: Finding = {
    id: KNOWN_GOOD_LINKS_RULE_ID,
    ruleId: KNOWN_GOOD_LINKS_RULE_ID,
    title: "Links lead to known-good sites",
    description:
      "Every web target of the document's links is on a known-good list the operator imported, so the score points the links' shape added (how deep they point, how many per page) are taken back. Findings and their floors stand: a well-known host can still serve a phishing page, and the rules judge what the document does.",
    category: "reputation",
    severity: "info",
    confidence: "medium",
    stage: "advanced",
    weight: 0,
    evidence: targets.slice(0, MAX_EVIDENCE).map((t) => {
      const h = good.get(t)!;
      return { excerpt: `${defang(t)}: ${defang(h.matchedValue)} on ${h.source} (${h.category})` };
    }),
    attack: [],
    cve: [],
    mitigationIds: [],
    contribution: score - s.score,
  };
  return {
    json: JSON.stringify({
      ...result,
      summary,
      findings: [...result.findings.filter((f) => f.ruleId !== KNOWN_GOOD_LINKS_RULE_ID), finding],
    }),
    summary,
  };
}
