// Test-only: choices from a seeded PRNG (model/folds.ts mulberry32), for the property tests that generate
// documents (evidence-floor.property.test.ts, ordinary-features.property.test.ts): a failing case replays
// from its seed.
export type Rand = () => number;

/** One of `xs`, uniformly. */
export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** An integer in [lo, hi], uniformly. */
export const between = (r: Rand, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));
