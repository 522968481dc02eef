export declare const ALLOCATOR_ENV: Record<
  "MALLOC_ARENA_MAX" | "MALLOC_MMAP_THRESHOLD_" | "MALLOC_TRIM_THRESHOLD_",
  string
>;
export declare function withAllocatorEnv<T extends Record<string, string | undefined>>(
  env: T,
): T & typeof ALLOCATOR_ENV;
