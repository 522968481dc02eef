// Per-principal request budget: a fixed window per key, answered with the IETF RateLimit fields
// (draft-ietf-httpapi-ratelimit-headers: RateLimit-Policy "default";q=;w= and RateLimit
// "default";r=;t=) and 429 + Retry-After when spent. Counted in this process (embedded), or in Redis
// when the service runs on Redis (scale-out: every web server shares one count per key).
import type { Redis } from "ioredis";

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterS: number;
}

/** Windows of idle keys are dropped when the table grows past this. */
const MAX_TRACKED = 10_000;

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

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly requests: number,
    private readonly windowS: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async take(subject: string): Promise<RateDecision> {
    const now = this.clock();
    const windowMs = this.windowS * 1000;
    let w = this.windows.get(subject);
    if (!w || now - w.start >= windowMs) {
      if (this.windows.size >= MAX_TRACKED) this.evict(now, windowMs);
      w = { start: now, used: 0 };
      this.windows.set(subject, w);
    }
    // a refused request is not counted
    const used = w.used < this.requests ? ++w.used : this.requests + 1;
    return decision(this.requests, this.windowS, used, w.start + windowMs - now);
  }

  private evict(now: number, windowMs: number): void {
    for (const [k, v] of this.windows) if (now - v.start >= windowMs) this.windows.delete(k);
  }
}

/**
 * Fixed windows aligned to the clock, one Redis counter per key and window (INCR, expiring with the
 * window). If Redis does not answer, the request is let through (logged): the limit protects the
 * service, an outage of the limiter must not take the API down.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly requests: number,
    private readonly windowS: number,
    private readonly log: (message: string, error?: unknown) => void = () => {},
    private readonly clock: () => number = Date.now,
  ) {}

  async take(subject: string): Promise<RateDecision> {
    const windowMs = this.windowS * 1000;
    const now = this.clock();
    const window = Math.floor(now / windowMs);
    const resetMs = (window + 1) * windowMs - now;
    const key = `${this.prefix}:ratelimit:${subject}:${window}`;
    try {
      const [[error, used]] = (await this.redis.multi().incr(key).pexpire(key, windowMs + 1000).exec()) as [[Error | null, number], unknown];
      if (error) throw error;
      return decision(this.requests, this.windowS, used, resetMs);
    } catch (error) {
      this.log("rate limiter: Redis unavailable, request let through", error);
      return decision(this.requests, this.windowS, 0, resetMs);
    }
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
