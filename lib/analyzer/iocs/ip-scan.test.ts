// scanIpv4 and scanIpv6 look only at the runs around a hint (extract-indicators.ts). These tests hold
// them to the scan they replaced, which checked every maximal run of the address characters: the
// same addresses, in the same order, on random text dense in digits, dots, colons and hex words.
import { isIP } from "node:net";
import { describe, expect, it } from "vitest";
import type { IocCollector } from "./collector";
import { ipv6RunsWithHint, scanIpv4, scanIpv6 } from "./extract-indicators";
import type { IocSource } from "./ioc-source";
import { isAddressInContext } from "./ipv4-context";

const table = (chars: string) => (code: number) => code < 128 && chars.includes(String.fromCharCode(code));
const WORD = table("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
const LETTER_OR_UNDERSCORE = table("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");
const NON_HEX_WORD = table("ghijklmnopqrstuvwxyzGHIJKLMNOPQRSTUVWXYZ_");

/** the replaced scans, verbatim but for the tables */
function referenceIpv4(text: string, src: IocSource, add: (ip: string) => void): void {
  if (!/\d\.\d{1,3}\.\d{1,3}\.\d/.test(text)) return;
  const re = /[0-9.]+/g;
  for (let match = re.exec(text); match !== null; match = re.exec(text)) {
    const run = match[0];
    if (run.length < 7) continue;
    let start = 0;
    let end = run.length;
    while (start < end && run.charCodeAt(start) === 0x2e) start++;
    while (end > start && run.charCodeAt(end - 1) === 0x2e) end--;
    if (end - start < 7 || end - start > 15) continue;
    const before = text.charCodeAt(match.index - 1);
    const after = text.charCodeAt(match.index + run.length);
    if ((start > 0 ? WORD : LETTER_OR_UNDERSCORE)(before)) continue;
    if ((end < run.length ? WORD : LETTER_OR_UNDERSCORE)(after)) continue;
    const candidate = run.slice(start, end);
    if (candidate.split(".").length !== 4) continue;
    if (!isAddressInContext(text, match.index + start, match.index + end, src.source)) continue;
    add(candidate);
  }
}

function referenceIpv6(text: string, add: (ip: string) => void): void {
  if (!/[0-9a-f]:[0-9a-f]{0,4}:|::[0-9a-f]/i.test(text)) return;
  const re = /[0-9a-f:.]+/gi;
  for (let match = re.exec(text); match !== null; match = re.exec(text)) {
    const run = match[0];
    if (run.length < 5 || run.length > 64) continue;
    const firstColon = run.indexOf(":");
    if (firstColon === -1 || run.indexOf(":", firstColon + 1) === -1) continue;
    let start = 0;
    let end = run.length;
    while (end > start && run.charCodeAt(end - 1) === 0x2e) end--;
    if (run.startsWith(":") && !run.startsWith("::")) start++;
    if (run.endsWith(":", end) && !run.endsWith("::", end)) end--;
    if (start === 0 && NON_HEX_WORD(text.charCodeAt(match.index - 1))) continue;
    if (end === run.length && NON_HEX_WORD(text.charCodeAt(match.index + run.length))) continue;
    const candidate = run.slice(start, end);
    if (!candidate.includes("::") && !/[a-f]/i.test(candidate)) continue;
    const groups = candidate.split(":").filter((g) => g !== "");
    const groupCount = groups.length + (groups.length > 0 && groups[groups.length - 1].includes(".") ? 1 : 0);
    if (groupCount < 3) continue;
    add(candidate);
  }
}

/** the addresses a scan hands to the collector, valid ones only (the collector drops the rest) */
function collected(
  scan: (text: string, src: IocSource, sink: IocCollector) => void,
  text: string,
  src: IocSource,
): string[] {
  const out: string[] = [];
  scan(text, src, { addIp: (ip: string) => out.push(ip) } as unknown as IocCollector);
  return out.filter((ip) => isIP(ip) !== 0);
}

/** addresses (valid and not: 300 in a part, five parts, `:::`), numbers and words, glued or apart */
function randomText(seed: number, length: number): string {
  let s = seed;
  const next = (n: number) => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return (s >> 4) % n;
  };
  const hex = () =>
    next(70000)
      .toString(16)
      .slice(0, 1 + next(4));
  const tokens = [
    () => Array.from({ length: 3 + next(3) }, () => String(next(300))).join("."),
    () =>
      Array.from({ length: 2 + next(7) }, hex)
        .join(":")
        .replace(/:/, next(2) ? "::" : ":"),
    () => `::ffff:${next(256)}.${next(256)}.${next(256)}.${next(256)}`,
    () => String(next(100000)),
    () => `${next(10)}.${next(100)}`,
    () => ["fe80", "db8", "Td", "port", "v", "x", "face", "1st"][next(8)],
  ];
  const glue = [" ", " ", " ", "", ".", ":", "\n", "(", "/", "-", "_", "a"];
  let text = "";
  while (text.length < length) text += tokens[next(tokens.length)]() + glue[next(glue.length)];
  return text;
}

describe("scanIpv4 and scanIpv6 match the whole-run scans they replaced", () => {
  it.each(["string", "stream", "javascript", "uri-action"] as const)("on 400 random texts (%s)", (kind) => {
    const src: IocSource = { source: kind };
    let found = 0;
    for (let seed = 1; seed <= 400; seed++) {
      const text = randomText(seed, 40 + (seed % 7) * 60);
      const v4: string[] = [];
      const v6: string[] = [];
      referenceIpv4(text, src, (ip) => isIP(ip) && v4.push(ip));
      referenceIpv6(text, (ip) => isIP(ip) && v6.push(ip));
      expect(collected(scanIpv4, text, src), text).toEqual(v4);
      expect(collected(scanIpv6, text, src), text).toEqual(v6);
      found += v4.length + v6.length;
    }
    // the texts do hold addresses (and runs that only look like them)
    expect(found).toBeGreaterThan(400);
  });
});

describe("ipv6RunsWithHint finds the runs the IPv6 hint regex found", () => {
  /** the replaced search: a global regex of the hint, each match widened to its run */
  function referenceRuns(text: string): Array<{ run: string; index: number }> {
    const hint = /[0-9a-f]:[0-9a-f]{0,4}:|::[0-9a-f]/gi;
    const runChar = (i: number) => /[0-9a-fA-F:.]/.test(text.charAt(i));
    const out: Array<{ run: string; index: number }> = [];
    for (let match = hint.exec(text); match !== null; match = hint.exec(text)) {
      let start = match.index;
      while (start > 0 && runChar(start - 1)) start--;
      let end = match.index + match[0].length;
      while (end < text.length && runChar(end)) end++;
      out.push({ run: text.slice(start, end), index: start });
      hint.lastIndex = end;
    }
    return out;
  }

  it("on 2,000 random texts of hex digits, colons, dots and other characters", () => {
    let state = 7;
    const next = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const alphabet = "0123456789abcdefABCDEF::::..gxZ _-/\n";
    let runs = 0;
    for (let i = 0; i < 2000; i++) {
      let text = "";
      const length = 1 + next(80);
      while (text.length < length) text += alphabet[next(alphabet.length)];
      const expected = referenceRuns(text);
      expect([...ipv6RunsWithHint(text)], text).toEqual(expected);
      runs += expected.length;
    }
    expect(runs).toBeGreaterThan(1000);
  });

  it.each([
    ["four hex digits between colons", "1:0db8:", true],
    ["five hex digits between colons", "1:0db85:", false],
    ["no hex digit before the colon", "g:12:", false],
    ["double colon before a hex digit", "::f", true],
    ["double colon before a non-hex letter", "::g", false],
  ])("%s", (_name, text, found) => {
    expect([...ipv6RunsWithHint(text)].length > 0).toBe(found);
  });
});
