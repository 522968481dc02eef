// docs/model.md, generated from the feature table and the shipped models: what the verdict model
// reads, how it was trained and its cross-validated figures. Written by `npm run train`; a test
// checks the file is current.
import { CALIBRATION_MAX_FPR } from "./cross-validate";
import { FEATURES } from "./features";
import type { Stage } from "../report";
import { SHIPPED_MODELS } from "./shipped-models";
import type { VerdictModel } from "./verdict-model";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** `models`: the shipped ones, or those `npm run train` has just written (its imports are the old ones). */
export function renderModelDocs(models: Record<Stage, VerdictModel> = SHIPPED_MODELS): string {
  const out: string[] = [
    "# Verdict model",
    "",
    "Generated from `lib/analyzer/model/features.ts` and the shipped models by `npm run train`; do not edit by hand.",
    "",
    "The score is a calibrated probability x 100 (>= 70 malicious, 40..69 suspicious, < 40 benign) from a",
    "model over the features below, trained on the development corpora and calibrated (Platt) on",
    `out-of-fold predictions, with the intercept shifted so that at most ${CALIBRATION_MAX_FPR * 100}% of out-of-fold benign files`,
    "reach 40. Rule features are monotone: a rule firing never lowers the score. Each finding carries its",
    "contribution in score points (path attribution); `summary.model.topFeatures` lists the structural",
    "features that moved the score most. The model ranks and calibrates above the evidence floors of the",
    "technique catalogue ([techniques.md](techniques.md)): a technique whose floor rule fired makes the",
    "file at least suspicious or malicious whatever the model says, unless a declared benign explanation",
    "of that technique fired too.",
    "A file whose content cannot be read (no objects, a password the analysis does not have) stays `unknown` unless an exploit is proven.",
    "",
  ];
  for (const model of Object.values(models)) {
    const t = model.training;
    out.push(`## ${model.stage} stage: ${model.body.kind} (format v${model.version})`, "");
    out.push(
      `Trained on ${t.files} files (${t.malicious} malicious, ${t.benign} benign) of ${t.corpora.join(", ")}; parameters: ${Object.entries(
        t.params,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}.`,
      "",
    );
    out.push(
      `| learner (${Object.values(model.cv)[0]?.folds ?? 0}-fold CV, held-out files) | TPR | FPR | TPR at FPR <= 1% |`,
      "| --- | --- | --- | --- |",
    );
    for (const [learner, f] of Object.entries(model.cv))
      out.push(
        `| ${learner}${learner === model.body.kind ? " (shipped)" : ""} | ${pct(f.tpr)} | ${pct(f.fpr)} | ${pct(f.tprAtFpr1)} |`,
      );
    out.push("", "| group | files | flagged | rate |", "| --- | --- | --- | --- |");
    for (const c of model.cv[model.body.kind]?.perCategory ?? [])
      out.push(`| ${c.group} | ${c.files} | ${c.flagged} | ${pct(c.rate)} |`);
    out.push("");
  }
  out.push("## Features", "", "| name | description |", "| --- | --- |");
  for (const f of FEATURES)
    out.push(`| \`${f.name}\` | ${f.description.replaceAll("|", "\\|")}${f.monotone ? " (monotone)" : ""} |`);
  return `${out.join("\n")}\n`;
}
