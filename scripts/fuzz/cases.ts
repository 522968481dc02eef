// A fuzz case is a recipe (seed, donor, case seed): the mutations it applies follow from the case seed
// alone, so a case replays exactly from its recipe and the seed documents (built in code).
import { MUTATORS, MUTATOR_NAMES, fixXrefTable } from "./mutators";
import { caseSeed, createPrng } from "./prng";
import type { Seed } from "./seeds";

export interface Recipe {
  seed: string;
  donor: string;
  caseSeed: number;
}

export interface FuzzCase {
  recipe: Recipe;
  /** mutator names applied, in order */
  steps: string[];
  bytes: Uint8Array;
}

/** Mutations stacked per case: one keeps the file close to its seed, several reach rarer states. */
const MAX_STEPS = 4;
/** Half the cases get their xref table rewritten to the moved objects (string work: small files only). */
const XREF_FIXUP_MAX_BYTES = 1024 * 1024;

export function pickRecipe(seeds: readonly Seed[], runSeed: number, index: number): Recipe {
  const s = caseSeed(runSeed, index);
  const rng = createPrng(s);
  return { seed: rng.pick(seeds).name, donor: rng.pick(seeds).name, caseSeed: s };
}

export function applyRecipe(recipe: Recipe, seeds: ReadonlyMap<string, Uint8Array>): FuzzCase {
  const base = seeds.get(recipe.seed);
  const donor = seeds.get(recipe.donor);
  if (!base || !donor) throw new Error(`unknown seed in recipe ${JSON.stringify(recipe)}`);
  const rng = createPrng(recipe.caseSeed ^ 0x5bd1e995);
  const steps: string[] = [];
  let bytes = base;
  for (let k = 0, n = 1 + rng.int(MAX_STEPS); k < n; k++) {
    const name = rng.pick(MUTATOR_NAMES);
    steps.push(name);
    bytes = MUTATORS[name](bytes, rng, donor);
  }
  if (bytes.length <= XREF_FIXUP_MAX_BYTES && rng.chance(0.5)) {
    steps.push("xref-fixup");
    bytes = fixXrefTable(bytes);
  }
  return { recipe, steps, bytes };
}
