// glibc malloc settings for the processes that analyse documents (the server, scale-out workers, and
// the render and sandbox children they start, which inherit them). Decompression bombs and large
// documents allocate and free many buffers of several MiB in worker threads; by default glibc raises
// its mmap threshold after each such free (up to 32 MiB), so later buffers come from per-thread
// arenas that are not given back. Measured with the hostile benchmark (npm run bench, issue 7): the
// server process held 577-604 MB at the peak without these settings, 499-507 MB with them.
// Read at process start only, so they are set by whoever starts the process; values already in
// the environment win.
export const ALLOCATOR_ENV = {
  /** two arenas: worker threads share them instead of keeping one heap each */
  MALLOC_ARENA_MAX: "2",
  /** buffers of 128 KiB and more are mapped and unmapped (a fixed value turns off the raising) */
  MALLOC_MMAP_THRESHOLD_: "131072",
  /** free memory over 128 KiB at the top of a heap goes back to the system */
  MALLOC_TRIM_THRESHOLD_: "131072",
};

/** `env` with the allocator settings added where it has none of its own */
export function withAllocatorEnv(env) {
  return { ...ALLOCATOR_ENV, ...env };
}
