import { describe, expect, it } from "vitest";
import { describeVerdictChange } from "./verdict-change";

const s = (verdict: "benign" | "suspicious" | "malicious" | "unknown", score: number) => ({
  verdict,
  score,
  confidence: "medium" as const,
});

describe("describeVerdictChange", () => {
  it.each([
    [
      s("suspicious", 62),
      s("malicious", 73),
      "raised",
      "The advanced stage raised the verdict from suspicious 62 to malicious 73.",
    ],
    [
      s("malicious", 80),
      s("suspicious", 55),
      "lowered",
      "The advanced stage lowered the verdict from malicious 80 to suspicious 55.",
    ],
    // a score that moved within its verdict is no change of verdict (issue 22)
    [
      s("suspicious", 40),
      s("suspicious", 48),
      "confirmed",
      "The advanced stage kept the verdict: suspicious (score 40 → 48).",
    ],
    [
      s("malicious", 99),
      s("malicious", 100),
      "confirmed",
      "The advanced stage kept the verdict: malicious (score 99 → 100).",
    ],
    [s("benign", 5), s("benign", 5), "confirmed", "The advanced stage kept the verdict: benign (5)."],
    // a verdict change outranks a score that moved the other way (bands differ by confidence)
    [
      s("suspicious", 70),
      s("malicious", 65),
      "raised",
      "The advanced stage raised the verdict from suspicious 70 to malicious 65.",
    ],
  ] as const)("%o -> %o is %s", (fast, advanced, direction, sentence) => {
    expect(describeVerdictChange(fast, advanced)).toEqual({ direction, sentence });
  });

  it("says nothing before the advanced stage completed", () => {
    expect(describeVerdictChange(s("malicious", 90), null)).toBeNull();
  });
});
