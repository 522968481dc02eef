// A small seeded PRNG (mulberry32): the same seed replays the same cases, so a failure found in a long
// run is reproduced from its seed alone and the CI slice is deterministic.

import { mulberry32 } from "../../lib/analyzer/model/folds";

export interface Prng {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [0, n) (0 when n <= 0) */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function createPrng(seed: number): Prng {
  const next = mulberry32(seed);
  const int = (n: number): number => (n <= 0 ? 0 : Math.floor(next() * n));
  return { next, int, pick: (items) => items[int(items.length)], chance: (p) => next() < p };
}

/** The seed of case `index` of a run: independent per case, so any case replays without the others. */
export function caseSeed(runSeed: number, index: number): number {
  return (Math.imul(runSeed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0;
}
