// Test-only: the fixtures of every technique of the catalogue, from each cluster's file.
import { CORE_FIXTURES } from "./core-fixtures";
import { CALLBACK_FIXTURES } from "./callback-fixtures";
import { DOS_TAMPER_FIXTURES } from "./dos-tamper-fixtures";
import { LURE_FIXTURES } from "./lure-fixtures";
import type { TechniqueFixtures } from "./technique-fixtures";

export const TECHNIQUE_FIXTURES: TechniqueFixtures = mergeFixtures(
  CORE_FIXTURES,
  DOS_TAMPER_FIXTURES,
  CALLBACK_FIXTURES,
  LURE_FIXTURES,
);

/** One map from several; a technique may take carriers from more than one file, a carrier only from one. */
function mergeFixtures(...maps: TechniqueFixtures[]): TechniqueFixtures {
  const out: TechniqueFixtures = {};
  for (const m of maps) {
    for (const [technique, carriers] of Object.entries(m)) {
      for (const [carrier, build] of Object.entries(carriers)) {
        if (out[technique]?.[carrier]) throw new Error(`two fixtures for ${technique} / ${carrier}`);
        (out[technique] ??= {})[carrier] = build;
      }
    }
  }
  return out;
}
