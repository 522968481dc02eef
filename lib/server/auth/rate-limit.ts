// Per-principal request budget: a fixed window per key, answered with the IETF RateLimit fields
// (draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy "default";q=;w= and RateLimit
// "default";r=;t=) and 429 + Retry-After when spent. Counted by rate-limiter-flexible, in this
// process (embedded), or in Redis when the service runs on Redis (scale-out: every web server shares
// one count per key).
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterS: number;
}

export interface RateLimiter {
  take(subject: string): Promise<RateDecision>;
  close?(): Promise<void>;
}

function decision(requests: number, windowS: number, used: number, resetMs: number): RateDecision {
  const resetS = Math.max(1, Math.ceil(resetMs / 1000));
  return {
    allowed: used <= requests,
    retryAfterS: resetS,
    headers: {
      "ratelimit-policy": `"default";q=${requests};w=${windowS}`,
      ratelimit: `"default";r=${Math.max(0, requests - used)};t=${resetS}`,
    },
  };
}

/**
 * One point per request. The library rejects with a RateLimiterRes when the budget is spent (and
 * counts that request too, which shows nowhere: the window's end does not move, and r stays 0);
 * any other rejection is a store failure, left to the caller.
 */
async function consume(
  limiter: RateLimiterAbstract,
  subject: string,
  requests: number,
  windowS: number,
): Promise<RateDecision> {
  let res: RateLimiterRes;
  try {
    res = await limiter.consume(subject);
  } catch (refused) {
    if (!(refused instanceof RateLimiterRes)) throw refused;
    res = refused;
  }
  return decision(requests, windowS, res.consumedPoints, res.msBeforeNext);
}

/** Windows expire by the library's timers (Date.now, setTimeout): tests drive them with fake timers. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterMemory;

  constructor(
    private readonly requests: number,
    private readonly windowS: number,
  ) {
    this.limiter = new RateLimiterMemory({ points: requests, duration: windowS });
  }

  take(subject: string): Promise<RateDecision> {
    return consume(this.limiter, subject, this.requests, this.windowS);
  }
}

/**
 * One Redis counter per key, its window starting at the key's first request (an atomic Lua script:
 * SET NX EX, INCRBY, PTTL). Keys are `${prefix}:ratelimit:${subject}`, per deployment. If Redis does
 * not answer, the request is let through (logged): the limit protects the service, an outage of the
 * limiter must not take the API down.
 */
export class RedisRateLimiter implements RateLimiter {
  private readonly limiter: RateLimiterRedis;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly requests: number,
    private readonly windowS: number,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {
    // ioredis: the default client mode (useRedisPackage is for node-redis v4+)
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${prefix}:ratelimit`,
      points: requests,
      duration: windowS,
    });
  }

  async take(subject: string): Promise<RateDecision> {
    try {
      return await consume(this.limiter, subject, this.requests, this.windowS);
    } catch (error) {
      this.log("rate limiter: Redis unavailable, request let through", error);
      return decision(this.requests, this.windowS, 0, this.windowS * 1000);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
