// The verdict model: the shipped files agree with the code's feature table (a rule added since the
// last `npm run train` fails here, loudly, instead of shifting inputs), inference is deterministic,
// explained exactly and fast, calibration is monotone, and the learners fit what they should.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PdfBuilder, hexString } from "../../pdf/testing/pdf-builder";
import { analyzeFast } from "../analyze";
import { FastResult, type Finding } from "../report";
import { RULES_BY_ID } from "../rules/registry";
import { PROOF_OF_EXPLOIT_RULES, PROOF_SCORE, SUSPICIOUS_THRESHOLD, scoreDocument } from "../score";

const SCRIPT_BOMB_RULE = "javascript-emulation-limit";
import { applyCalibration, fitOperatingPoint, fitPlatt } from "./calibration";
import { crossValidate, heldOutProbabilities, MODEL_FORMAT_VERSION, toVerdictModel } from "./cross-validate";
import { FEATURE_NAMES, LEARNED_FEATURE_KINDS, featureKindOf } from "./features";
import { mulberry32 } from "./folds";
import { renderModelDocs } from "./model-docs";
import { SHIPPED_MODELS } from "./shipped-models";
import { trainLinear } from "./train-linear";
import { trainTrees } from "./train-trees";
import { alignFeatures, explain, featuresRead, predict, type VerdictModel } from "./verdict-model";

const MAX_MODEL_BYTES = 300 * 1024;

describe.each(Object.entries(SHIPPED_MODELS))("shipped model %s", (stage, model) => {
  it("was trained on the code's feature list (rerun `npm run train` after adding a rule or feature)", () => {
    const missing = FEATURE_NAMES.filter((n) => !model.featureNames.includes(n));
    const gone = model.featureNames.filter((n) => !FEATURE_NAMES.includes(n));
    expect({ missing, gone }, "the model's features differ from the code's: run `npm run train`").toEqual({
      missing: [],
      gone: [],
    });
    expect(model.featureNames).toEqual(FEATURE_NAMES);
  });

  it("has the current format, its stage, a training summary and CV figures", () => {
    expect(model).toMatchObject({ format: "pdfscan-verdict-model", version: MODEL_FORMAT_VERSION, stage });
    expect(model.training.files).toBeGreaterThan(0);
    expect(Object.keys(model.cv).length).toBeGreaterThanOrEqual(2);
    expect(model.calibration.a).toBeGreaterThan(0);
  });

  it(`stays under ${MAX_MODEL_BYTES / 1024} KiB`, () => {
    expect(JSON.stringify(model).length).toBeLessThan(MAX_MODEL_BYTES);
  });

  it("explains its margin exactly: base + contributions", () => {
    const random = mulberry32(7);
    const x = FEATURE_NAMES.map(() => random() * 3);
    const p = predict(model, alignFeatures(model, FEATURE_NAMES, x));
    expect(p.base + p.contributions.reduce((a, b) => a + b, 0)).toBeCloseTo(p.margin, 9);
    expect(predict(model, alignFeatures(model, FEATURE_NAMES, x))).toEqual(p);
  });
});

describe.each(Object.entries(SHIPPED_MODELS))("shipped model %s and structure", (_stage, model) => {
  it("splits on no structural feature: it learns rules and behaviour only (features.ts LEARNED_FEATURE_KINDS)", () => {
    expect(model.body.kind).toBe("trees");
    if (model.body.kind !== "trees") return;
    const used = new Set(
      model.body.trees.flatMap((t) => t.feature.filter((f) => f >= 0).map((f) => model.featureNames[f])),
    );
    expect([...used].filter((n) => !LEARNED_FEATURE_KINDS.includes(featureKindOf(n)))).toEqual([]);
    expect(used.size).toBeGreaterThan(10);
  });
});

describe("alignFeatures", () => {
  it("picks inputs by name and reads 0 for a feature the code no longer has", () => {
    const model = toVerdictModel(
      { body: { kind: "linear", bias: 0, weights: [1, 1], means: [0, 0] }, calibration: { kind: "platt", a: 1, b: 0 } },
      "fast",
    );
    model.featureNames = ["b", "gone"];
    expect([...alignFeatures(model, ["a", "b"], [5, 7])]).toEqual([7, 0]);
  });
});

// ---- scoring -----------------------------------------------------------------------------------

function finding(ruleId: string): Finding {
  const r = RULES_BY_ID.get(ruleId)!;
  return {
    id: r.id,
    ruleId: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    severity: r.severity,
    confidence: r.confidence,
    stage: r.stage,
    weight: r.weight,
    evidence: [],
    attack: [],
    cve: [],
    mitigationIds: [],
  };
}
const analysed = { unanalysable: false, partial: false };

/** A feature vector the model itself scores as suspicious or worse, found greedily (no finding behind it). */
function flaggedVector(model: VerdictModel): number[] {
  const x = zeros();
  const prob = () => predict(model, alignFeatures(model, FEATURE_NAMES, x)).probability;
  for (let round = 0; round < 3 && prob() < 0.6; round++) {
    for (let i = 0; i < x.length && prob() < 0.6; i++) {
      let best = x[i];
      let bestProbability = prob();
      for (const v of [1, 2, 5, 20, 100]) {
        x[i] = v;
        if (prob() > bestProbability + 1e-6) [best, bestProbability] = [v, prob()];
      }
      x[i] = best;
    }
  }
  expect(prob(), "no feature vector scores >= 40 on this model: nothing to cap").toBeGreaterThanOrEqual(
    SUSPICIOUS_THRESHOLD / 100,
  );
  return x;
}
const zeros = () => FEATURE_NAMES.map(() => 0);

describe("scoreDocument", () => {
  it("declares proof-of-exploit rules that exist in the registry", () => {
    for (const id of PROOF_OF_EXPLOIT_RULES) expect(RULES_BY_ID.has(id), id).toBe(true);
  });

  it.each([...PROOF_OF_EXPLOIT_RULES])("forces malicious when %s fires, and credits it with the lift", (id) => {
    const s = scoreDocument({ features: zeros(), findings: [finding(id)], ctx: analysed }, "fast");
    expect(s.summary).toMatchObject({ verdict: "malicious", confidence: "high" });
    expect(s.summary.score).toBeGreaterThanOrEqual(PROOF_SCORE);
    expect(s.ruleContributions.get(id)).toBeGreaterThan(0);
  });

  it("makes a decompression bomb at least suspicious (technique decompression-bomb)", () => {
    const s = scoreDocument({ features: zeros(), findings: [finding("decompression-bomb")], ctx: analysed }, "fast");
    expect(s.summary.score).toBeGreaterThanOrEqual(SUSPICIOUS_THRESHOLD);
    expect(s.summary.evidenceFloor).toMatchObject({
      verdict: "suspicious",
      technique: "decompression-bomb",
      ruleId: "decompression-bomb",
    });
  });

  it("makes a script bomb at least suspicious: sandbox limits hit and the document's whole JavaScript budget spent", () => {
    expect(RULES_BY_ID.has(SCRIPT_BOMB_RULE)).toBe(true);
    const spent = scoreDocument(
      { features: zeros(), findings: [finding(SCRIPT_BOMB_RULE)], ctx: { ...analysed, scriptBudgetSpent: true } },
      "advanced",
    );
    expect(spent.summary.score).toBeGreaterThanOrEqual(SUSPICIOUS_THRESHOLD);
    expect(spent.ruleContributions.get(SCRIPT_BOMB_RULE)).toBeGreaterThan(0);
    // one slow script within the document's budget is left to the model
    const one = scoreDocument({ features: zeros(), findings: [finding(SCRIPT_BOMB_RULE)], ctx: analysed }, "advanced");
    expect(one.summary.score).toBeLessThan(SUSPICIOUS_THRESHOLD);
  });

  it("keeps unknown for a file whose content it cannot see, whatever the model says, unless what it can see sets a floor", () => {
    const hidden = { unanalysable: true, partial: true };
    const verdictOf = (ruleId: string) =>
      scoreDocument({ features: zeros(), findings: [finding(ruleId)], ctx: hidden }, "fast").summary;
    // no floor: a script name beside ciphertext says nothing the model could weigh
    expect(verdictOf("javascript-present").verdict).toBe("unknown");
    // an automatic action in the clear (names are never encrypted): its floor holds, with low confidence
    expect(verdictOf("automatic-action")).toMatchObject({ verdict: "suspicious", confidence: "low" });
    // a proven exploit: malicious, with the confidence of a proof
    expect(verdictOf("launch-command")).toMatchObject({ verdict: "malicious", confidence: "high" });
  });

  it("keeps unknown for a file with nothing analysable and no evidence", () => {
    expect(
      scoreDocument({ features: zeros(), findings: [], ctx: { unanalysable: true, partial: true } }, "fast").summary,
    ).toMatchObject({ verdict: "unknown", confidence: "low" });
  });

  it.each(["fast", "advanced"] as const)(
    "never flags on the model alone (%s): with no finding above info level the score stays below suspicious",
    (stage) => {
      const x = flaggedVector(SHIPPED_MODELS[stage]);
      const alone = scoreDocument({ features: x, findings: [finding("many-revisions")], ctx: analysed }, stage).summary;
      expect(finding("many-revisions").severity).toBe("info");
      expect(alone.score).toBe(SUSPICIOUS_THRESHOLD - 1);
      expect(alone.verdict).toBe("benign");
      // a finding of real weight lets the model rank the same file as flagged
      const withEvidence = scoreDocument(
        { features: x, findings: [finding("javascript-present")], ctx: analysed },
        stage,
      ).summary;
      expect(withEvidence.score).toBeGreaterThanOrEqual(SUSPICIOUS_THRESHOLD);
    },
  );

  it.each(["fast", "advanced"] as const)(
    "once a benign explanation lifts a floor, low findings beside it do not let the model flag (%s)",
    (stage) => {
      const x = flaggedVector(SHIPPED_MODELS[stage]);
      const form = ["javascript-auto-run", "script-is-form-automation", "javascript-present"].map(finding);
      const explained = scoreDocument({ features: x, findings: form, ctx: analysed }, stage).summary;
      expect(explained.explained?.map((e) => e.explainedBy)).toContain("script-is-form-automation");
      expect(explained.score).toBe(SUSPICIOUS_THRESHOLD - 1);
      // the same findings with a medium one the explanation does not cover: the model's ranking stands
      const more = scoreDocument(
        { features: x, findings: [...form, finding("submit-form")], ctx: analysed },
        stage,
      ).summary;
      expect(finding("submit-form").severity).not.toMatch(/info|low/);
      expect(more.score).toBeGreaterThanOrEqual(SUSPICIOUS_THRESHOLD);
    },
  );

  it("gives benign a low confidence when part of the file was hidden", () => {
    const s = scoreDocument(
      { features: zeros(), findings: [], ctx: { unanalysable: false, partial: true } },
      "fast",
    ).summary;
    expect(s.verdict).toBe("benign");
    expect(s.confidence).toBe("low");
  });
});

describe("analyzeFast with the shipped model", () => {
  const analyze = (file: Uint8Array) => analyzeFast(file, { fileName: "x.pdf" });

  it("returns schema-valid results with a contribution per finding and the model summary", () => {
    const b = new PdfBuilder();
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS ${hexString(`var s = unescape("${"%u0c0c".repeat(40)}"); while (s.length < 0x100000) s += s;`)} >>`,
    );
    const r = FastResult.parse(analyze(b.build()));
    expect(r.summary.verdict).toBe("malicious");
    expect(r.findings.length).toBeGreaterThan(0);
    for (const f of r.findings) expect(typeof f.contribution).toBe("number");
    expect(r.summary.model).toMatchObject({ name: expect.stringMatching(/-fast$/) });
  });

  it("is deterministic", () => {
    const b = new PdfBuilder();
    b.addCatalog(`/OpenAction << /S /JavaScript /JS (app.alert(1);) >>`);
    const file = b.build();
    const strip = (r: FastResult) => ({ summary: r.summary, findings: r.findings });
    expect(strip(analyze(file))).toEqual(strip(analyze(file)));
  });

  it("scores from the features its model reads alone exactly as from the full vector", () => {
    const b = new PdfBuilder();
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS (var c = "ev" + "al"; this[c]\\(unescape\\("%u4141"\\)\\);) >> /Names << /URI 1 >>`,
    );
    const file = b.build();
    let full: readonly number[] = [];
    const withFull = analyzeFast(file, { fileName: "x.pdf", onScoringInput: (s) => (full = s.features) });
    const lean = analyze(file);
    expect({ summary: lean.summary, findings: lean.findings }).toEqual({
      summary: withFull.summary,
      findings: withFull.findings,
    });
    // the full vector has values the model never reads, so the lean path did skip work
    const read = featuresRead(SHIPPED_MODELS.fast);
    expect(FEATURE_NAMES.some((n, i) => !read.has(n) && full[i] !== 0)).toBe(true);
  });
});

describe("featuresRead", () => {
  it("names the features on some split of a tree model, and the non-zero weights of a linear one", () => {
    const trees = {
      ...SHIPPED_MODELS.fast,
      featureNames: ["a", "b", "c"],
      body: {
        kind: "trees" as const,
        bias: 0,
        trees: [{ feature: [2, -1, -1], threshold: [0, 0, 0], left: [1, 0, 0], right: [2, 0, 0], value: [0, 1, -1] }],
      },
    };
    expect([...featuresRead(trees)]).toEqual(["c"]);
    const linear = {
      ...SHIPPED_MODELS.fast,
      featureNames: ["a", "b", "c"],
      body: { kind: "linear" as const, bias: 0, weights: [0.5, 0, -1], means: [0, 0, 0] },
    };
    expect([...featuresRead(linear)].sort()).toEqual(["a", "c"]);
  });
});

// ---- calibration and learners ------------------------------------------------------------------

/** Two noisy classes on feature 0; feature 1 is noise. */
function toySet(n = 200, seed = 3) {
  const random = mulberry32(seed);
  const x: number[][] = [];
  const y: number[] = [];
  for (let i = 0; i < n; i++) {
    const label = i % 3 === 0 ? 1 : 0;
    x.push([label + (random() - 0.5) * 1.2, random()]);
    y.push(label);
  }
  return { x, y, strata: y.map((l) => `${l}`) };
}

describe("calibration", () => {
  it("Platt scaling is monotone in the margin", () => {
    const { x, y } = toySet();
    const c = fitPlatt(
      x.map((r) => 4 * r[0] - 2),
      y,
    );
    expect(c.a).toBeGreaterThan(0);
    const ps = [-5, -1, 0, 0.5, 1, 3, 8].map((m) => applyCalibration(c, m));
    for (let i = 1; i < ps.length; i++) expect(ps[i]).toBeGreaterThan(ps[i - 1]);
  });

  it("the operating point lowers the intercept until the benign share at 0.4 fits, never raising it", () => {
    const { x, y } = toySet(300);
    const margins = x.map((r) => 4 * r[0] - 2);
    const c = fitPlatt(margins, y);
    const shifted = fitOperatingPoint(c, margins, y, 0.4, 0.01);
    expect(shifted.b).toBeLessThanOrEqual(c.b);
    const benign = margins.filter((_, i) => y[i] === 0);
    expect(benign.filter((m) => applyCalibration(shifted, m) >= 0.4).length).toBeLessThanOrEqual(
      Math.floor(0.01 * benign.length),
    );
  });
});

describe.each([
  ["trees", trainTrees],
  ["linear", trainLinear],
] as const)("learner %s", (_name, train) => {
  it("separates the toy classes and is deterministic", () => {
    const { x, y } = toySet();
    const body = train(x, y);
    expect(train(x, y)).toEqual(body);
    const acc = x.filter((r, i) => (explain(body, r, 2).margin > 0 ? 1 : 0) === y[i]).length / x.length;
    expect(acc).toBeGreaterThan(0.85);
  });
});

describe("crossValidate", () => {
  it("scores every file with the model of its own held-out fold", () => {
    const set = toySet(150);
    const cv = crossValidate("linear", set, 3);
    expect(new Set(cv.fold)).toEqual(new Set([0, 1, 2]));
    const p = heldOutProbabilities(set, cv);
    expect(p.every((v) => v >= 0 && v <= 1)).toBe(true);
    const flagged = p.filter((v, i) => v >= 0.4 && set.y[i] === 1).length;
    expect(flagged / set.y.filter((l) => l === 1).length).toBeGreaterThan(0.6);
  });
});

describe("docs/model.md", () => {
  it("is current (written by `npm run train`)", () => {
    expect(readFileSync("docs/model.md", "utf8")).toBe(renderModelDocs());
  });
});
