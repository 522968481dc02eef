// Every analysis budget in one table. Units are in the names. Hitting a budget stops that branch,
// records an anomaly/finding and marks the result truncated; it never throws, hangs or exhausts memory.
// Lives at the bottom of the import graph so lib/pdf, lib/analyzer and lib/server all read the same table.

export interface Limits {
  /** largest input the analyzer accepts (the HTTP upload cap is configured separately in the server) */
  MAX_INPUT_BYTES: number;
  /** decoded output of one stream */
  MAX_DECODED_BYTES_PER_STREAM: number;
  /** decoded output of all streams of one document */
  MAX_DECODED_BYTES_TOTAL: number;
  /** indirect objects kept (all revisions) */
  MAX_OBJECTS: number;
  /** nesting of arrays/dicts inside one object */
  MAX_NESTING_DEPTH: number;
  /** filters applied to one stream */
  MAX_FILTER_CHAIN: number;
  /** references followed in one resolution (cycle guard backstop) */
  MAX_REF_CHAIN: number;
  /** objects parsed out of one object stream */
  MAX_OBJECTS_PER_OBJSTM: number;
  /** xref sections followed through /Prev and hybrid /XRefStm */
  MAX_XREF_SECTIONS: number;
  /** action /Next chain length and other graph walks */
  MAX_ACTION_CHAIN: number;
  /** bytes of decoded text scanned for indicators per stream */
  MAX_IOC_SCAN_BYTES_PER_STREAM: number;
  /** indicators kept per type */
  MAX_IOCS_PER_TYPE: number;
  /** evidence entries kept per finding */
  MAX_EVIDENCE_PER_FINDING: number;
  /** characters of an excerpt shown in evidence */
  MAX_EXCERPT_CHARS: number;
  /** wall-clock budget of the fast stage in the service (milliseconds) */
  FAST_STAGE_TIMEOUT_MS: number;
  /** wall-clock budget of the advanced stage in the service (milliseconds) */
  ADVANCED_STAGE_TIMEOUT_MS: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  MAX_INPUT_BYTES: 200 * 1024 * 1024,
  MAX_DECODED_BYTES_PER_STREAM: 32 * 1024 * 1024,
  MAX_DECODED_BYTES_TOTAL: 256 * 1024 * 1024,
  MAX_OBJECTS: 500_000,
  MAX_NESTING_DEPTH: 128,
  MAX_FILTER_CHAIN: 8,
  MAX_REF_CHAIN: 64,
  MAX_OBJECTS_PER_OBJSTM: 100_000,
  MAX_XREF_SECTIONS: 256,
  MAX_ACTION_CHAIN: 256,
  MAX_IOC_SCAN_BYTES_PER_STREAM: 4 * 1024 * 1024,
  MAX_IOCS_PER_TYPE: 500,
  MAX_EVIDENCE_PER_FINDING: 20,
  MAX_EXCERPT_CHARS: 160,
  FAST_STAGE_TIMEOUT_MS: 10_000,
  ADVANCED_STAGE_TIMEOUT_MS: 120_000,
});

export function resolveLimits(overrides?: Partial<Limits>): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
