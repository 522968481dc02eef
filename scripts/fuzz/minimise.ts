// Shrinks a failing input while it still fails the same way (delta debugging over byte chunks,
// halving the chunk size down to single bytes), within a time budget: a small reproducer is a
// readable regression fixture and points at the code that breaks.
import { concat } from "../../lib/pdf/testing/pdf-builder";

export async function minimise(
  input: Uint8Array,
  stillFails: (candidate: Uint8Array) => Promise<boolean>,
  budgetMs: number,
): Promise<Uint8Array> {
  const deadline = performance.now() + budgetMs;
  let current = input;
  for (
    let chunk = 2 ** Math.floor(Math.log2(Math.max(1, current.length / 2)));
    chunk >= 1 && performance.now() < deadline;
    chunk = Math.floor(chunk / 2)
  ) {
    for (let at = 0; at < current.length && performance.now() < deadline;) {
      const candidate = concat([current.subarray(0, at), current.subarray(at + chunk)]);
      if (await stillFails(candidate)) current = candidate;
      else at += chunk;
    }
  }
  return current;
}
