import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "test/**/*.test.ts", "scripts/**/*.test.ts"],
    // *.serial.test.ts restart services other tests share (Redis, PostgreSQL sessions): they run alone,
    // after this run, with vitest.serial.config.ts (scripts/test-all.sh)
    exclude: [...configDefaults.exclude, "**/*.serial.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // vitest's default is one worker per core but one (a single worker on a 2-core machine); most files
    // wait on servers, subprocesses and sockets rather than compute, so one per core keeps both busy
    // (measured on this 2-core machine: 544 s against 742-901 s for the same run with one worker)
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
