import zlib, { deflateRawSync, deflateSync } from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { bytes, text } from "../testing/pdf-builder";
import { decodeFlate, inflateOrError, inflateSalvaging } from "./flate";

const z = (b: Uint8Array | string, level = 6) =>
  new Uint8Array(deflateSync(typeof b === "string" ? bytes(b) : b, { level }));

/** ~50 KB of varied text, so compressed data spans many bytes and blocks. */
const source = (() => {
  let seed = 1;
  let s = "";
  while (s.length < 50_000) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    s += `word${(seed >> 8) % 3000} `;
  }
  return bytes(s);
})();
const deflated = z(source);

const isPrefixOfSource = (d: Uint8Array) => Buffer.from(source.subarray(0, d.length)).equals(d);

describe("decodeFlate", () => {
  it.each([
    ["text", bytes("BT /F1 12 Tf (Hello) Tj ET")],
    ["empty payload", new Uint8Array(0)],
    ["binary", Uint8Array.from({ length: 1000 }, (_, i) => (i * 31) & 255)],
    ["large text", source],
  ])("decodes %s", (_name, data) => {
    for (const level of [0, 1, 9]) {
      const r = decodeFlate(z(data, level), 1_000_000);
      expect(r).toEqual({ data, truncated: false });
    }
  });

  it("returns empty data for empty input", () => {
    expect(decodeFlate(new Uint8Array(0), 100)).toEqual({ data: new Uint8Array(0), truncated: false });
  });

  it.each([0.1, 0.5, 0.9])("returns a prefix of the real data for a stream truncated to %f", (fraction) => {
    const r = decodeFlate(deflated.subarray(0, Math.floor(deflated.length * fraction)), 1_000_000);
    expect(r.data.length).toBeGreaterThan(source.length * fraction * 0.8);
    expect(isPrefixOfSource(r.data)).toBe(true);
    expect(r.truncated).toBe(false);
  });

  it("returns the part before garbage in the middle, with an error", () => {
    const at = deflated.length >> 1;
    const before = decodeFlate(deflated.subarray(0, at), 1_000_000).data;
    for (const fill of [0x00, 0xff, 0x5a]) {
      const bad = Uint8Array.from(deflated);
      bad.fill(fill, at, at + 40);
      const r = decodeFlate(bad, 1_000_000);
      expect(r.error).toBeDefined();
      expect(r.data.length).toBeGreaterThanOrEqual(before.length);
      expect(Buffer.from(r.data.subarray(0, before.length)).equals(before)).toBe(true);
    }
  });

  it("keeps the whole output when only the Adler-32 checksum is wrong", () => {
    const bad = Uint8Array.from(deflated);
    bad[bad.length - 1] ^= 0x55;
    const r = decodeFlate(bad, 1_000_000);
    expect(r.data).toEqual(source);
    expect(r.error).toBe("incorrect data check");
  });

  it("decodes a stream missing its checksum without complaint", () => {
    expect(decodeFlate(deflated.subarray(0, deflated.length - 4), 1_000_000).data).toEqual(source);
  });

  it("decodes raw deflate (no zlib header) and says so", () => {
    const r = decodeFlate(new Uint8Array(deflateRawSync(source)), 1_000_000);
    expect(r.data).toEqual(source);
    expect(r.error).toMatch(/invalid zlib header .* inflated as raw deflate/);
  });

  it("decodes past a damaged zlib header", () => {
    const bad = Uint8Array.from(deflated);
    bad[1] ^= 0x01; // FCHECK no longer divides
    const r = decodeFlate(bad, 1_000_000);
    expect(r.data).toEqual(source);
    expect(r.error).toMatch(/invalid zlib header/);
  });

  it("reports undecodable data with an empty result", () => {
    const r = decodeFlate(bytes("this is not deflate at all"), 1000);
    expect(r.data.length).toBe(0);
    expect(r.error).toMatch(/invalid zlib header/);
  });

  it("cuts a bomb exactly at maxOut", () => {
    const bomb = z(new Uint8Array(20_000_000)); // ~20 KB in, 20 MB out
    for (const maxOut of [0, 1000, 1_000_000]) {
      const r = decodeFlate(bomb, maxOut);
      expect(r.data.length).toBe(maxOut);
      expect(r.truncated).toBe(true);
      expect(r.error).toBeUndefined();
    }
  });

  it("finds a bomb's cut in a few inflates of about the cap, not ~10 inflates to the limit", () => {
    // zeros (~1000:1) and a looser text bomb (~50:1): the expansion guides the search either way
    const repeated = new Uint8Array(40_000_000);
    for (let i = 0; i < repeated.length; i++) repeated[i] = source[i % 5000];
    for (const bomb of [z(new Uint8Array(200_000_000)), z(repeated, 1)]) {
      const maxOut = 8 * 1024 * 1024;
      const inflate = vi.spyOn(zlib, "inflateSync");
      try {
        const r = decodeFlate(bomb, maxOut);
        expect(r.data.length).toBe(maxOut);
        expect(r.truncated).toBe(true);
        // the first call is the whole stream up to the limit (~9.1 MiB); then each prefix
        const produced = inflate.mock.results.reduce(
          (n, call) => n + (call.type === "return" ? (call.value as Buffer).length : maxOut),
          0,
        );
        expect(inflate.mock.calls.length).toBeLessThanOrEqual(6);
        expect(produced).toBeLessThan(5 * maxOut);
      } finally {
        inflate.mockRestore();
      }
    }
  });

  it("reports exactly-fitting output as not truncated", () => {
    const r = decodeFlate(deflated, source.length);
    expect(r.data.length).toBe(source.length);
    expect(r.truncated).toBe(false);
  });

  it("survives random bytes behind a valid header", () => {
    const junk = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251);
    junk.set([0x78, 0x9c]);
    const r = decodeFlate(junk, 100_000);
    expect(r.data.length).toBeLessThanOrEqual(100_000);
    expect(text(r.data)).toBeTypeOf("string");
  });
});

describe("inflateSalvaging", () => {
  /** the deflated text with bytes from `at` on replaced by junk that no inflater accepts */
  const damagedAt = (at: number) => {
    const d = Uint8Array.from(deflated);
    d.fill(0xff, at, at + 64);
    return d;
  };

  it("says the output stopped at damage inside the input, so a longer input gives the same output", () => {
    const d = damagedAt(300);
    const short = inflateSalvaging(d.subarray(0, 1024), 1_000_000);
    const long = inflateSalvaging(d.subarray(0, 8192), 1_000_000);
    expect(short.damagedInside).toBe(true);
    expect(long.damagedInside).toBe(true);
    expect(long.result.data).toEqual(short.result.data);
    expect(isPrefixOfSource(short.result.data.subarray(0, 100))).toBe(true);
  });

  it("does not claim damage for a clean prefix that merely ends early (more input gives more output)", () => {
    const prefix = inflateSalvaging(deflated.subarray(0, 1024), 1_000_000);
    expect(prefix.damagedInside).toBe(false);
    expect(inflateSalvaging(deflated.subarray(0, 8192), 1_000_000).result.data.length).toBeGreaterThan(
      prefix.result.data.length,
    );
  });

  it("does not claim damage when the data inflated as raw deflate", () => {
    const raw = new Uint8Array(deflateRawSync(source));
    const r = inflateSalvaging(raw.subarray(0, 1024), 1_000_000);
    expect(r.result.error).toMatch(/inflated as raw deflate/);
    expect(r.damagedInside).toBe(false);
  });

  it("matches decodeFlate", () => {
    const d = damagedAt(500);
    expect(inflateSalvaging(d, 10_000).result).toEqual(decodeFlate(d, 10_000));
  });

  /** The longest prefix that inflates without error, found by trying every length from the top. */
  const longestByScan = (d: Uint8Array, raw: boolean) => {
    for (let n = d.length; n > 0; n--) {
      const out = inflateOrError(d.subarray(0, n), { finishFlush: zlib.constants.Z_SYNC_FLUSH }, raw);
      if (!(out instanceof Error)) return new Uint8Array(out);
    }
    return new Uint8Array(0);
  };

  it.each([3, 10, 40, 150, 600, 2000, 3900])(
    "stops exactly where the damage is (damage at byte %i of a 4 KB input)",
    (at) => {
      const d = damagedAt(at).subarray(0, 4096);
      expect(inflateSalvaging(d, 1_000_000).result.data).toEqual(longestByScan(d, false));
    },
  );

  it("finds early damage with a few failing inflates (small prefixes first), on zlib and raw data", () => {
    const notDeflate = bytes("this is plain text, not deflate data: ".repeat(30));
    const early = damagedAt(5).subarray(0, 1024);
    const expected = longestByScan(early, false);
    const failing = () => inflate.mock.results.filter((r) => r.type === "throw").length;
    const inflate = vi.spyOn(zlib, "inflateSync");
    const inflateRaw = vi.spyOn(zlib, "inflateRawSync");
    try {
      expect(inflateSalvaging(early, 1_000_000).result.data).toEqual(expected);
      // the whole input, then 16 bytes fail; bisecting 0..16 fails at most twice more
      expect(failing()).toBeLessThanOrEqual(4);
      // text is no deflate data: it fails within 8 bytes, as written and past 2 bytes (the raw fallback)
      inflateRaw.mockClear();
      inflateSalvaging(notDeflate, 1_000_000);
      expect(inflateRaw.mock.results.filter((x) => x.type === "throw").length).toBeLessThanOrEqual(2 * 4);
    } finally {
      inflate.mockRestore();
      inflateRaw.mockRestore();
    }
  });
});

describe("decodeFlate with what an earlier inflate established", () => {
  it("takes a damaged head's salvage for the whole input, and searches when its output would not fit", () => {
    const d = Uint8Array.from(deflated);
    d.fill(0xff, 200, 264);
    const head = inflateSalvaging(d.subarray(0, 1024), 4096);
    expect(head.damagedInside).toBe(true);
    const known = { kind: "damaged" as const, result: head.result };
    const inflate = vi.spyOn(zlib, "inflateSync");
    try {
      expect(decodeFlate(d, 1_000_000, known)).toEqual(decodeFlate(d, 1_000_000));
      const searches = inflate.mock.calls.length;
      inflate.mockClear();
      decodeFlate(d, 1_000_000, known);
      expect(inflate).not.toHaveBeenCalled();
      expect(searches).toBeGreaterThan(0);
      // a smaller cap than the head's output: decoded as without the hint
      expect(decodeFlate(d, 10, known)).toEqual(decodeFlate(d, 10));
    } finally {
      inflate.mockRestore();
    }
  });
});

describe("inflateOrError", () => {
  it("returns zlib's error instead of throwing, with its code and message", () => {
    const err = inflateOrError(Uint8Array.from([0x78, 0x9c, 0xff, 0xff, 0xff]), {});
    expect(err).toBeInstanceOf(Error);
    expect((err as NodeJS.ErrnoException).code).toBe("Z_DATA_ERROR");
    const big = inflateOrError(z(new Uint8Array(100_000)), { maxOutputLength: 1000 });
    expect((big as NodeJS.ErrnoException).code).toBe("ERR_BUFFER_TOO_LARGE");
  });

  it("leaves Error.stackTraceLimit as it found it", () => {
    const before = Error.stackTraceLimit;
    inflateOrError(bytes("not deflate"), {});
    inflateOrError(deflated, {});
    expect(Error.stackTraceLimit).toBe(before);
  });

  it("inflates valid data, raw or zlib", () => {
    expect(new Uint8Array(inflateOrError(deflated, {}) as Buffer)).toEqual(source);
    expect(new Uint8Array(inflateOrError(new Uint8Array(deflateRawSync(source)), {}, true) as Buffer)).toEqual(source);
  });
});
