// Tests that restart or disturb services other tests share (the soak slice restarts Redis and drops
// PostgreSQL sessions): run one file at a time, after the main vitest run (scripts/test-all.sh).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.serial.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
