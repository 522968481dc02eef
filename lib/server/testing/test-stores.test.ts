import { describe, expect, it } from "vitest";
import { createRedisPrefix } from "./test-stores";

describe("createRedisPrefix", () => {
  it("cleans up its keys even when its first connection died meanwhile", async () => {
    const p = await createRedisPrefix();
    await p.redis.set(`${p.prefix}:k`, "v");
    p.redis.disconnect(); // as an idle socket lost during a long test file
    expect(await p.keys()).toEqual([`${p.prefix}:k`]);
    await p.drop();
    const again = await createRedisPrefix();
    expect(await again.redis.exists(`${p.prefix}:k`)).toBe(0);
    await again.drop();
  });
});
