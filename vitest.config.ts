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
  },
});
