// Fold assignment for k-fold cross-validation. Stratified: each (label, category) stratum is spread
// evenly over the folds. Grouped: files with the same feature vector (siblings of one kit, re-saved
// copies) always share a fold, so a model is never tested on the twin of a file it was trained on.

export interface FoldItem {
  /** files of one stratum are balanced across folds, e.g. "malicious/cic-2022" */
  stratum: string;
  /** files with the same key stay in one fold, e.g. the feature vector as text */
  group: string;
}

/** Fold index (0..k-1) per item. Deterministic for a given seed. */
export function assignFolds(items: readonly FoldItem[], k: number, seed = 1): number[] {
  if (k < 2) throw new Error(`cross-validation needs k >= 2, got ${k}`);
  const groups = new Map<string, number[]>();
  items.forEach((it, i) => {
    const list = groups.get(it.group) ?? [];
    list.push(i);
    groups.set(it.group, list);
  });
  const random = mulberry32(seed);
  const order = [...groups.values()].map((members) => ({ members, tie: random() }));
  // big groups first (they are the hard ones to balance), then a seeded shuffle
  order.sort((a, b) => b.members.length - a.members.length || a.tie - b.tie);
  const perStratum = new Map<string, number[]>();
  const total = new Array<number>(k).fill(0);
  const fold = new Array<number>(items.length).fill(0);
  for (const { members } of order) {
    const stratum = items[members[0]].stratum;
    const counts = perStratum.get(stratum) ?? new Array<number>(k).fill(0);
    perStratum.set(stratum, counts);
    let best = 0;
    for (let f = 1; f < k; f++)
      if (counts[f] < counts[best] || (counts[f] === counts[best] && total[f] < total[best])) best = f;
    counts[best] += members.length;
    total[best] += members.length;
    for (const i of members) fold[i] = best;
  }
  return fold;
}

/** A small seeded PRNG (mulberry32): the same seed gives the same folds on every machine. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The duplicate-group key of a feature vector: equal vectors give equal keys. */
export function vectorKey(x: ArrayLike<number>): string {
  return Array.from(x, (v) => Math.round(v * 1e6) / 1e6).join(",");
}
