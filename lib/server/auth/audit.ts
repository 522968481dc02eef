// The audit log: one JSON line per security event on stdout ({"audit":true,"ts","event",...}), for a
// log shipper to pick up. Never contains a secret: keys appear by id and prefix only, share links by
// their public id.
//
// Every event is declared once, below, with whether a caller can repeat it at will without changing
// anything (refusals, share-link reads). Those are limited per source (the client address a request
// came from): AUDIT_LINES_PER_SOURCE per window, and AUDIT_LIMITED_LINES_PER_WINDOW for all sources
// together, because X-Forwarded-For is whatever a direct client sends and a flood can claim a new
// source per request. What is held back is counted, and one `audit.suppressed` line says how much
// when the window ends (the limit lifts). State changes (keys, sessions, scans, share links) are
// never held back: they are bounded by the per-key request rate already.
import { AsyncLocalStorage } from "node:async_hooks";

interface AuditEventSpec {
  /** what happened, for docs and readers of the log */
  what: string;
  /** repeatable by a caller at will without changing state: limited per source */
  limited: boolean;
}

export const AUDIT_EVENTS = {
  "key.created": { what: "an API key was created", limited: false },
  "key.revoked": { what: "an API key was revoked (its sessions and share links end with it)", limited: false },
  "key.bootstrap": { what: "the first start created the admin key", limited: false },
  "session.created": { what: "a browser signed in", limited: false },
  "session.ended": { what: "a browser signed out, or its session was replaced by an explicit sign-in", limited: false },
  "webhook.secret_rotated": {
    what: "a key's webhook signing secret was replaced (POST /api/webhook-secret)",
    limited: false,
  },
  "share.minted": { what: "a share link was made", limited: false },
  "share.revoked": { what: "a share link was revoked", limited: false },
  "share.used": { what: "a share link opened its scan", limited: true },
  "scan.created": { what: "a scan was created (upload stored)", limited: false },
  "scan.deleted": { what: "a scan was deleted with its file, report and page images", limited: false },
  "scan.sample_download": { what: "a scan's retained file was downloaded (as a password ZIP)", limited: false },
  "scan.embedded_download": {
    what: "a file embedded in a scan's retained file was downloaded (as a password ZIP)",
    limited: false,
  },
  "access.denied": { what: "a credential was refused", limited: true },
  "csrf.denied": { what: "a state-changing request lacked our Origin or its CSRF token", limited: true },
  "host.denied": { what: "a request named a Host this server does not serve", limited: true },
  "rate.limited": { what: "a caller spent its request or analysis budget", limited: true },
  "quota.exceeded": { what: "an upload would exceed its principal's storage quota", limited: true },
  "admin.access": {
    what: "an admin key read or deleted another principal's scan, or listed everyone's",
    limited: false,
  },
  "audit.suppressed": { what: "how many limited lines were held back in the window that just ended", limited: false },
} as const satisfies Record<string, AuditEventSpec>;

export type AuditEvent = keyof typeof AUDIT_EVENTS;
export type AuditFields = Record<string, string | number | boolean | null | undefined>;

/** Lines of limited events one source may write per window. */
export const AUDIT_LINES_PER_SOURCE = 30;
/** Lines of limited events all sources together may write per window. */
export const AUDIT_LIMITED_LINES_PER_WINDOW = 1_000;
export const AUDIT_WINDOW_MS = 60_000;
/** Sources counted one by one per window; further ones share the "(other)" count. */
const MAX_TRACKED_SOURCES = 10_000;
/** Sources named in an audit.suppressed line (the biggest). */
const SUPPRESSED_TOP_SOURCES = 10;
const UNKNOWN_SOURCE = "(unknown)";
const OTHER_SOURCES = "(other)";

export interface AuditLimits {
  linesPerSource: number;
  windowMs: number;
  linesPerWindow?: number;
}

/** Per-source line budget of the limited events, with a count of what it held back. */
export class AuditLimiter {
  private windowStart = -Infinity;
  private written = 0;
  private readonly bySource = new Map<string, { written: number; suppressed: number }>();
  private suppressed = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: AuditLimits,
    private readonly emit: (event: AuditEvent, fields: AuditFields) => void,
    private readonly clock: () => number = Date.now,
  ) {}

  /** True when the line may be written now; otherwise it is counted for the next audit.suppressed. */
  admit(source: string): boolean {
    const now = this.clock();
    if (now - this.windowStart >= this.limits.windowMs) this.endWindow(now);
    const key = this.bySource.has(source) || this.bySource.size < MAX_TRACKED_SOURCES ? source : OTHER_SOURCES;
    let entry = this.bySource.get(key);
    if (!entry) {
      entry = { written: 0, suppressed: 0 };
      this.bySource.set(key, entry);
    }
    const total = this.limits.linesPerWindow ?? AUDIT_LIMITED_LINES_PER_WINDOW;
    if (entry.written < this.limits.linesPerSource && this.written < total) {
      entry.written++;
      this.written++;
      return true;
    }
    entry.suppressed++;
    this.suppressed++;
    // the summary is due when the limit lifts, whether or not anything else is logged by then
    if (!this.timer) {
      this.timer = setTimeout(
        () => this.endWindow(this.clock()),
        Math.max(0, this.windowStart + this.limits.windowMs - now),
      );
      this.timer.unref();
    }
    return false;
  }

  /** Writes the audit.suppressed line of the window that ended (if anything was held back) and starts a new one. */
  endWindow(now: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.suppressed > 0) {
      const top = [...this.bySource]
        .filter(([, e]) => e.suppressed > 0)
        .sort((a, b) => b[1].suppressed - a[1].suppressed)
        .slice(0, SUPPRESSED_TOP_SOURCES)
        .map(([source, e]) => `${source}=${e.suppressed}`)
        .join(" ");
      const sources = [...this.bySource.values()].filter((e) => e.suppressed > 0).length;
      this.emit("audit.suppressed", {
        suppressed: this.suppressed,
        sources,
        top,
        windowStart: new Date(this.windowStart).toISOString(),
        windowS: this.limits.windowMs / 1000,
      });
    }
    this.windowStart = now;
    this.written = 0;
    this.suppressed = 0;
    this.bySource.clear();
  }
}

// One log per process: Next bundles this module once per route and once for start-up, so its state
// lives on globalThis (as the scan runtime's does), or each copy would have a budget of its own.
interface AuditState {
  sink: (line: string) => void;
  limiter: AuditLimiter;
  /** the source of the request being handled, for every audit line written while handling it */
  requestSource: AsyncLocalStorage<string>;
}
const STATE_KEY = Symbol.for("pdfscan.audit");
const write = (event: AuditEvent, fields: AuditFields) =>
  state().sink(JSON.stringify({ audit: true, ts: new Date().toISOString(), event, ...fields }));

function state(): AuditState {
  const g = globalThis as typeof globalThis & { [STATE_KEY]?: AuditState };
  g[STATE_KEY] ??= {
    sink: (line) => console.log(line),
    limiter: new AuditLimiter({ linesPerSource: AUDIT_LINES_PER_SOURCE, windowMs: AUDIT_WINDOW_MS }, (event, fields) =>
      write(event, fields),
    ),
    requestSource: new AsyncLocalStorage<string>(),
  };
  return g[STATE_KEY];
}

/** Where audit lines go (the CLI sends them to stderr, keeping stdout for its own output). */
export function setAuditSink(next: (line: string) => void): void {
  state().sink = next;
}

/** The per-source budget of limited events (server configuration: PDFSCAN_AUDIT_LINES_PER_SOURCE, PDFSCAN_AUDIT_WINDOW_S). */
export function setAuditLimits(limits: AuditLimits): void {
  const s = state();
  s.limiter.endWindow(Date.now());
  s.limiter = new AuditLimiter(limits, (event, fields) => write(event, fields));
}

/** Runs `work` with `source` as the source of its audit lines (the API route wrapper does this per request). */
export function withAuditSource<T>(source: string, work: () => T): T {
  return state().requestSource.run(source, work);
}

/**
 * The client address a request came from, as far as we can tell: the last X-Forwarded-For entry
 * (what Next saw on the socket, or the nearest proxy's view). A direct client can write its own,
 * which is why limited events also have a budget for all sources together.
 */
export function sourceOf(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return forwarded && /^[\w.:%[\]-]{1,64}$/.test(forwarded) ? forwarded : UNKNOWN_SOURCE;
}

export function audit(event: AuditEvent, fields: AuditFields = {}): void {
  const { limiter, requestSource } = state();
  const source = typeof fields.source === "string" ? fields.source : requestSource.getStore();
  const all = source === undefined ? fields : { ...fields, source };
  if (AUDIT_EVENTS[event].limited && !limiter.admit(source ?? UNKNOWN_SOURCE)) return;
  write(event, all);
}
