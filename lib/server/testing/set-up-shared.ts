// Test-only: per-file fixtures (a PostgreSQL schema, a Redis prefix, a server...) that FAIL every test
// when they cannot be set up. A throwing beforeAll would make vitest report the tests as skipped;
// here beforeAll only starts the set-up and each test awaits it in beforeEach, so a missing
// PostgreSQL or Redis shows up as N failed tests with the reason, never as skips.
import { afterAll, beforeAll, beforeEach } from "vitest";

export function setUpShared<T>(
  create: () => Promise<T>,
  use: (value: T) => void,
  dispose: (value: T) => Promise<unknown> | unknown,
): void {
  let pending: Promise<T> | undefined;
  beforeAll(() => {
    pending = create();
    pending.catch(() => {}); // reported by every test through beforeEach
  });
  beforeEach(async () => {
    use(await pending!);
  });
  afterAll(async () => {
    const value = await pending?.catch(() => undefined);
    if (value !== undefined) await dispose(value);
  });
}
