import { describe, expect, it } from "vitest";
import { analyzeFast } from "../../analyzer/analyze";
import { FastResult } from "../../analyzer/report";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import type { FeedHitOut, FeedMatch } from "./feed-matching";
import { withFeedEvidence } from "./feed-verdict";
import { KNOWN_GOOD_LINKS_RULE_ID, withKnownGoodLinks } from "./known-good-links";

/** a page of prose: no lure's layout (lure-hosted-link reads the page's words), so what moves the score is the model's link features */
const MINUTES = Array.from(
  { length: 9 },
  () => "Minutes of the parish council meeting held in the village hall with eleven members present",
).join(" ");

/** One page, one link over all of it: the shape of CIC-2022's lures, which the model learned. */
function linkPdf(...uris: string[]): Uint8Array {
  const b = new PdfBuilder();
  const links = uris.map((u) =>
    b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 612 792] /A << /S /URI /URI (${u}) >> >>`),
  );
  const content = b.addFlateStream("", `BT /F1 10 Tf 72 720 Td (${MINUTES}) Tj ET`);
  b.addCatalog("", 1, `/Contents ${content} 0 R /Annots [${links.map((l) => `${l} 0 R`).join(" ")}]`);
  return b.build();
}

const hit = (indicator: string, over: Partial<FeedHitOut> = {}): FeedHitOut => ({
  indicator,
  matchedAs: "registered-domain",
  matchedValue: new URL(indicator).hostname.split(".").slice(-2).join("."),
  source: "tranco",
  list: "known-good",
  category: "top-site",
  confidence: 50,
  firstSeen: null,
  lastSeen: null,
  ageDays: 0,
  expiresAt: null,
  reference: null,
  counts: false,
  ...over,
});
const matchOf = (hits: FeedHitOut[]): FeedMatch => ({
  hits,
  sources: [{ source: "tranco", importedAt: new Date(0).toISOString(), entries: 1 }],
});

const HOSTED = "https://sites.google.com/view/invoice-2231";

describe("withKnownGoodLinks (issue 21: a known-good host removes the weight its link features added)", () => {
  const result = analyzeFast(linkPdf(HOSTED), { fileName: "x.pdf" });

  it("takes back the link features' points when every link target is known-good, and says so", () => {
    const points = result.summary.model!.linkPoints!;
    expect(points).toBeGreaterThan(10); // the model's link features made this file look like a lure
    const lowered = withKnownGoodLinks(JSON.stringify(result), matchOf([hit(HOSTED)]))!;
    expect(lowered.summary.score).toBe(Math.round(result.summary.score - points));
    expect(lowered.summary.score).toBeLessThan(result.summary.score);
    const parsed = FastResult.parse(JSON.parse(lowered.json));
    expect(parsed.summary).toEqual(lowered.summary);
    const finding = parsed.findings.find((f) => f.ruleId === KNOWN_GOOD_LINKS_RULE_ID)!;
    expect(finding).toMatchObject({ severity: "info", contribution: lowered.summary.score - result.summary.score });
    expect(finding.evidence[0].excerpt).toBe(
      "hxxps[://]sites[.]google[.]com/view/invoice-2231: google[.]com on tranco (top-site)",
    );
  });

  it("changes nothing when one target is not known-good, or none is", () => {
    const two = analyzeFast(linkPdf(HOSTED, "https://login.evil.example/verify"), { fileName: "x.pdf" });
    expect(withKnownGoodLinks(JSON.stringify(two), matchOf([hit(HOSTED)]))).toBeNull();
    expect(
      withKnownGoodLinks(JSON.stringify(result), matchOf([hit(HOSTED, { list: "malicious", counts: false })])),
    ).toBeNull();
    expect(withKnownGoodLinks(JSON.stringify(result), matchOf([]))).toBeNull();
  });

  it("never goes below the evidence floor", () => {
    // a floor between the score and the score without the link points, wherever the model puts them
    const { score, model } = result.summary;
    const floor = Math.round(score - model!.linkPoints! / 2);
    expect(floor).toBeLessThan(score);
    const floored = {
      ...result,
      summary: {
        ...result.summary,
        evidenceFloor: { verdict: "suspicious" as const, score: floor, technique: "t", ruleId: "r" },
      },
    };
    const lowered = withKnownGoodLinks(JSON.stringify(floored), matchOf([hit(HOSTED)]))!;
    expect(lowered.summary.score).toBe(floor);
    expect(lowered.summary.score).toBeGreaterThan(Math.round(score - model!.linkPoints!));
  });

  it("leaves a malicious feed hit on the exact URL to raise the verdict again", () => {
    const match = matchOf([
      hit(HOSTED),
      hit(HOSTED, {
        list: "malicious",
        matchedAs: "url",
        matchedValue: HOSTED,
        source: "openphish",
        category: "phishing",
        counts: true,
      }),
    ]);
    const lowered = withKnownGoodLinks(JSON.stringify(result), match)!;
    const raised = withFeedEvidence(lowered.json, match)!;
    expect(raised.summary).toMatchObject({ verdict: "malicious", evidenceFloor: { ruleId: "known-bad-indicator" } });
  });
});
