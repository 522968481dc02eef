// Feed hits as evidence (issue 21 item 3): a counting hit on a malicious feed becomes a finding, with
// each hit (source, category, age, confidence) as evidence, and sets a floor under the verdict as the
// analyzer's technique floors do (lib/analyzer/techniques/evidence-floor.ts): the file's or an embedded
// file's hash on a feed proves it (malicious, score >= 90); the exact URL or address on a feed makes
// the document malicious (>= 70); its host, domain or IP on a feed suspicious (>= 40). The verdict only
// rises; the model's own score stands above the floor. Entries past their expiry were never returned.
import { FLOOR_SCORES } from "../../analyzer";
import { defang } from "../../analyzer/iocs/defang";
import type { Finding, Summary, Verdict } from "../../analyzer/report";
import type { FeedHitOut, FeedMatch } from "./feed-matching";

export const FEED_RULE_ID = "known-bad-indicator";
/** Hits listed as evidence on the finding. */
const MAX_EVIDENCE = 10;
const RANK: Record<Verdict, number> = { unknown: 0, benign: 1, suspicious: 2, malicious: 3 };

function floorOf(hits: FeedHitOut[]): { verdict: "malicious" | "suspicious"; score: number; proof: boolean } {
  if (hits.some((h) => h.matchedAs === "sha256" || h.matchedAs === "sha1" || h.matchedAs === "md5"))
    return { verdict: "malicious", score: FLOOR_SCORES.proof, proof: true };
  if (hits.some((h) => h.matchedAs === "url" || h.matchedAs === "email"))
    return { verdict: "malicious", score: FLOOR_SCORES.malicious, proof: false };
  return { verdict: "suspicious", score: FLOOR_SCORES.suspicious, proof: false };
}

function findingOf(hits: FeedHitOut[], floor: ReturnType<typeof floorOf>, imported: ReadonlySet<string>): Finding {
  const sources = [...new Set(hits.map((h) => h.source))];
  const online = sources.some((s) => !imported.has(s));
  return {
    id: FEED_RULE_ID,
    ruleId: FEED_RULE_ID,
    title: online
      ? "Known-bad indicator on a threat feed or online reputation service"
      : "Known-bad indicator on an imported threat feed",
    description: `The document's ${floor.proof ? "file hash" : "indicators"} appear on ${sources.join(", ")}: threat feeds the operator imported, or online services the operator enabled. An entry is someone else's observation: check its age and confidence below. Entries past their expiry do not count, nor do host-level entries of hosts a known-good list names.`,
    category: "reputation",
    severity: floor.proof ? "critical" : floor.verdict === "malicious" ? "high" : "medium",
    confidence: floor.proof ? "high" : "medium",
    stage: "advanced",
    weight: floor.score,
    evidence: hits.slice(0, MAX_EVIDENCE).map((h) => ({
      excerpt: `${defang(h.indicator)} (as ${h.matchedAs} ${defang(h.matchedValue)}) on ${h.source}: ${h.category}, confidence ${h.confidence}${h.ageDays === null ? "" : `, last seen ${h.ageDays} days before the scan`}`,
    })),
    attack: [],
    cve: [],
    mitigationIds: [],
  };
}

/** The advanced result with the feed finding and the raised summary, or null when no hit counts. */
export function withFeedEvidence(resultJson: string, match: FeedMatch): { json: string; summary: Summary } | null {
  const counting = match.hits.filter((h) => h.counts);
  if (counting.length === 0) return null;
  const result = JSON.parse(resultJson) as { summary: Summary; findings: Finding[] };
  const floor = floorOf(counting);
  const s = result.summary;
  const raised = RANK[floor.verdict] > RANK[s.verdict] || floor.score > s.score;
  const summary: Summary = raised
    ? {
        ...s,
        verdict: RANK[floor.verdict] > RANK[s.verdict] ? floor.verdict : s.verdict,
        score: Math.max(s.score, floor.score),
        confidence: floor.proof ? "high" : s.confidence === "low" ? "medium" : s.confidence,
        evidenceFloor: {
          verdict: floor.verdict,
          score: floor.score,
          technique: "known-bad-indicator",
          ruleId: FEED_RULE_ID,
        },
      }
    : s;
  // the points the feeds added (the raise above the analysis' score), as the analyzer credits a floor's lift to its rule
  const finding = {
    ...findingOf(counting, floor, new Set(match.sources.map((x) => x.source))),
    contribution: summary.score - s.score,
  };
  const findings = [finding, ...result.findings.filter((f) => f.ruleId !== FEED_RULE_ID)];
  return { json: JSON.stringify({ ...result, summary, findings }), summary };
}
