// Collects indicators from every part of a document: normalises, drops noise, deduplicates, remembers
// every place a value was seen, and stops growing at the per-type budget (limits.ts MAX_IOCS_PER_TYPE).
// Derived indicators follow their parent: a URL adds its domain or IP, an e-mail its domain, a UNC path
// its host.
import type { Budget } from "../../limits";
import type { IocItem, Iocs } from "../report";
import { IOC_TYPES } from "../report-values";
import { defang } from "./defang";
import type { IocSource } from "./ioc-source";
import { isNamespaceHost } from "./namespace-hosts";
import { hasPublicSuffix, normalizeDomain } from "./normalize-domain";
import { normalizeEmail, splitMailto } from "./normalize-email";
import { normalizeIp } from "./normalize-ip";
import { normalizeUnc } from "./normalize-unc";
import { normalizeUrl, splitScheme } from "./normalize-url";
import { victimData } from "./victim-data";

export type IocType = (typeof IOC_TYPES)[number];

/**
 * Sources kept per indicator: enough to find it again, bounded on a file that repeats it everywhere. A
 * presentation length, not a budget: every indicator is still kept, only its list of places is cut.
 */
export const MAX_SOURCES_PER_IOC = 10;
/**
 * Normalisation results remembered per kind: a stream repeating one address 1e6 times parses it once.
 * Memo sizes, not budgets: a value past them is normalised again, never dropped.
 */
const MAX_MEMO_ENTRIES = 4096;
const MAX_MEMO_KEY_CHARS = 256;

interface Entry {
  value: string;
  sources: IocSource[];
}

export class IocCollector {
  private readonly entries = new Map<IocType, Map<string, Entry>>(IOC_TYPES.map((type) => [type, new Map()]));
  private readonly droppedByType = new Map<IocType, number>();
  private readonly urlMemo = new Map<string, ReturnType<typeof normalizeUrl>>();
  private readonly emailMemo = new Map<string, ReturnType<typeof normalizeEmail>>();
  private readonly ipMemo = new Map<string, ReturnType<typeof normalizeIp>>();
  private readonly uncMemo = new Map<string, ReturnType<typeof normalizeUnc>>();

  /**
   * `budget`: the document's, where the scans of extract-indicators.ts read their limits and record the
   * ones they hit (MAX_NESTED_URLS_PER_SPAN); the per-type cap itself is reported by the caller from `truncated`.
   */
  constructor(
    private readonly maxPerType: number,
    readonly budget: Budget,
  ) {
    if (!Number.isInteger(maxPerType) || maxPerType < 0) {
      throw new RangeError(`maxPerType must be a non-negative integer, got ${maxPerType}`);
    }
  }

  /**
   * http, https and ftp URLs; a scheme-less `www.` host is taken as http; `file:` and `mailto:` are routed.
   * `knownSuffixOnly`: a host name must end in a public suffix (text cut or wrapped inside an address,
   * `www.census` + line break, yields names under none).
   */
  addUrl(raw: string, src: IocSource, knownSuffixOnly = false): void {
    const scheme = splitScheme(raw.slice(0, 16))?.scheme;
    if (scheme === "file") return this.addUnc(raw, src);
    if (scheme === "mailto") return this.addEmail(raw, src);
    const url = memoize(this.urlMemo, raw, normalizeUrl);
    if (url === null) return;
    if (url.hostKind === "domain") {
      if (isNamespaceHost(url.host) || (knownSuffixOnly && !hasPublicSuffix(url.host))) return;
      this.add("domain", url.host, src);
    } else {
      this.add("ip", url.host, src);
    }
    this.add("url", url.url, src);
  }

  addIp(raw: string, src: IocSource): void {
    const ip = memoize(this.ipMemo, raw, normalizeIp);
    if (ip !== null) this.add("ip", ip, src);
  }

  /** A bare address or a `mailto:` URL (each recipient is added). */
  addEmail(raw: string, src: IocSource): void {
    for (const address of splitMailto(raw)) {
      const email = memoize(this.emailMemo, address, normalizeEmail);
      if (email === null) continue;
      this.add("email", email.email, src);
      if (!isNamespaceHost(email.domain)) this.add("domain", email.domain, src);
    }
  }

  /** `\\host\share\...` (any backslash run counts as one) or a remote `file:` URL. */
  addUnc(raw: string, src: IocSource): void {
    const unc = memoize(this.uncMemo, raw, normalizeUnc);
    if (unc === null) return;
    this.add("unc", unc.path, src);
    if (unc.hostKind === "ipv4") this.add("ip", unc.host, src);
    else if (unc.hostKind === "domain") this.add("domain", unc.host, src);
  }

  addDomain(raw: string, src: IocSource): void {
    const domain = normalizeDomain(raw);
    if (domain !== null && !isNamespaceHost(domain)) this.add("domain", domain, src);
  }

  /** true once a value was dropped because its type was at the budget */
  get truncated(): boolean {
    return this.droppedByType.size > 0;
  }

  /** values dropped per type because of the budget */
  get dropped(): Partial<Record<IocType, number>> {
    return Object.fromEntries(this.droppedByType);
  }

  /** Plain lists in first-seen order, and one item per value grouped by type (IOC_TYPES order); victim data marked (victim-data.ts). */
  toIocs(): Iocs {
    const values = (type: IocType): string[] => [...this.bucket(type).keys()];
    const linkedHosts = new Set(
      [...values("url"), ...values("unc")].map(hostOf).filter((h): h is string => h !== null),
    );
    const victims = victimData(values("url"), values("email"), linkedHosts);
    const items: IocItem[] = [];
    for (const type of IOC_TYPES) {
      for (const entry of this.bucket(type).values()) {
        items.push({
          type,
          value: entry.value,
          defanged: defang(entry.value),
          sources: entry.sources.map((s) => ({ ...s })),
          ...((type === "email" || type === "domain") && victims.has(entry.value) ? { victimData: true } : {}),
        });
      }
    }
    return {
      urls: values("url"),
      ips: values("ip"),
      emails: values("email"),
      domains: values("domain"),
      uncPaths: values("unc"),
      items,
    };
  }

  private bucket(type: IocType): Map<string, Entry> {
    return this.entries.get(type)!;
  }

  private add(type: IocType, value: string, src: IocSource): void {
    const bucket = this.bucket(type);
    let entry = bucket.get(value);
    if (entry === undefined) {
      if (bucket.size >= this.maxPerType) {
        this.droppedByType.set(type, (this.droppedByType.get(type) ?? 0) + 1);
        return;
      }
      entry = { value, sources: [] };
      bucket.set(value, entry);
    }
    if (entry.sources.length >= MAX_SOURCES_PER_IOC) return;
    if (entry.sources.some((s) => s.source === src.source && s.objectRef === src.objectRef)) return;
    const { objectRef, source } = src;
    entry.sources.push(objectRef === undefined ? { source } : { objectRef, source });
  }
}

/** The host of a normalised URL or UNC path (lower case, no port). */
function hostOf(value: string): string | null {
  const unc = /^\\\\([^\\]+)/.exec(value);
  if (unc) return unc[1]!.toLowerCase();
  try {
    return new URL(value).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function memoize<T>(memo: Map<string, T>, raw: string, normalize: (raw: string) => T): T {
  if (raw.length > MAX_MEMO_KEY_CHARS) return normalize(raw);
  if (memo.has(raw)) return memo.get(raw) as T;
  if (memo.size >= MAX_MEMO_ENTRIES) memo.clear();
  const result = normalize(raw);
  memo.set(raw, result);
  return result;
}
