// The trained models shipped with the analyzer (written by `npm run train`), loaded at start: JSON
// imports, no I/O. Inference picks features by name (alignFeatures), and model.test.ts fails when a
// model's feature list differs from the code's, so a rule added since training is caught by tests
// rather than silently shifting every input.
import type { Stage } from "../report";
import fastModel from "./model-fast.json";
import deepModel from "./model-deep.json";
import type { VerdictModel } from "./verdict-model";

export const SHIPPED_MODELS: Record<Stage, VerdictModel> = {
  fast: fastModel as unknown as VerdictModel,
  advanced: deepModel as unknown as VerdictModel,
};
