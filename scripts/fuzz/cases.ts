// A fuzz case is a recipe (seed, donor, case seed): the mutations it applies follow from the case seed
// alone, so a case replays exactly from its recipe and the seed documents (built in code).
import { MUTATORS, MUTATOR_NAMES, decodedFlood, fixXrefTable } from "./mutators";
import { caseSeed, createPrng } from "./prng";
import { TECHNIQUE_SEED_PREFIX, type Seed } from "./seeds";

export interface Recipe {
  seed: string;
  donor: string;
  caseSeed: number;
  /**
   * the mutated file also gets a decoded flood (mutators.ts decodedFlood), drawn from its own stream of
   * the case seed: recipes written before floods existed lack it and replay as they did
   */
  flood?: boolean;
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

/**
 * Share of the cases whose seed is a technique fixture: there are 140 of them against some 40 seeds of
 * file syntax (xref forms, object streams, encryption, filters), which a uniform pick would starve.
 */
const TECHNIQUE_SHARE = 1 / 3;
/** Share of the cases that end with a decoded flood: megabytes of decoded text cost 10-100x a plain case. */
const FLOOD_SHARE = 1 / 8;
/** salt of the flood's own random stream */
const FLOOD_SALT = 0x3c6ef372;

export function pickRecipe(seeds: readonly Seed[], runSeed: number, index: number): Recipe {
  const s = caseSeed(runSeed, index);
  const rng = createPrng(s);
  const techniques = seeds.filter((x) => x.name.startsWith(TECHNIQUE_SEED_PREFIX));
  const others = seeds.filter((x) => !x.name.startsWith(TECHNIQUE_SEED_PREFIX));
  const pool = !others.length || (techniques.length && rng.chance(TECHNIQUE_SHARE)) ? techniques : others;
  return {
    seed: rng.pick(pool).name,
    donor: rng.pick(seeds).name,
    caseSeed: s,
    ...(rng.chance(FLOOD_SHARE) ? { flood: true } : {}),
  };
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
  if (recipe.flood) {
    steps.push("decoded-flood");
    bytes = decodedFlood(bytes, createPrng(recipe.caseSeed ^ FLOOD_SALT), donor);
  }
  if (bytes.length <= XREF_FIXUP_MAX_BYTES && rng.chance(0.5)) {
    steps.push("xref-fixup");
    bytes = fixXrefTable(bytes);
  }
  return { recipe, steps, bytes };
}
