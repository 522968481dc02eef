// CPU time, for the tests that bound an algorithm's cost (a quadratic re-read, a budget that must
// stop a loop): the CPU this process spends does not grow when the machine is busy, where wall-clock
// time does, so such a bound holds on a loaded CI machine too (issue 19, item 7). Vitest runs each
// test file in its own process (pool "forks"), so the count is this test's work plus V8's own threads.

/** Runs `fn` and returns its value with the CPU time (user + system) the process used meanwhile, in ms. */
export function withCpuTime<T>(fn: () => T): { value: T; cpuMs: number } {
  const before = process.cpuUsage();
  const value = fn();
  const used = process.cpuUsage(before);
  return { value, cpuMs: (used.user + used.system) / 1000 };
}
