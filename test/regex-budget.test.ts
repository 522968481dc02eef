// A complexity guard for every regular expression of the core (issue 19, item 6): three real XFA
// documents crashed the analysis because one regex overflowed V8's backtrack stack on a 16 MiB base64
// image, and a regex that rescans to the end from every start position turns a megabyte of hostile
// text into minutes. Each regex literal of lib/analyzer and lib/pdf (found in the source at test time,
// so new ones are covered) and each regex those files construct runs on adversarial inputs derived
// from its own pattern (test/support/regex-adversary.ts): 1 MiB each, and 16 MiB for a pattern with a
// repeated group (the stack-overflow shape). A run fails on any exception, or when it takes longer than
// 100 times a linear scan of the same input measured here (a load-independent bound: a quadratic run
// of 1 MiB is ~10^12 steps, hours, against a bound of seconds).
import { readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { beforeAll, describe, expect, it } from "vitest";
import { ANY_CALLBACK_API } from "../lib/analyzer/javascript/callback-apis";
import { ANY_FILE_WRITE } from "../lib/analyzer/javascript/file-writes";
import { ANY_EXPLOIT_API } from "../lib/analyzer/javascript/script-signals";
import {
  COMMAND_HOST_IN_TEXT,
  COMMAND_HOSTS,
  COMMAND_LINE,
  EXECUTABLE_TARGET,
} from "../lib/analyzer/rules/action-targets";
import { withUnicodeBoundaries } from "../lib/analyzer/pages/lure-signals";
import { adversarialInputs, patternParts, repeatTo } from "./support/regex-adversary";
import { coreSourceFiles, regexConstructorSites, regexLiterals } from "./support/regex-inventory";

const ROOT = path.resolve(__dirname, "..");
const FILES = coreSourceFiles(ROOT, ["lib/analyzer", "lib/pdf"]);
const LITERALS = regexLiterals(ROOT, FILES);
const MiB = 1024 * 1024;
const SMALL = 1 * MiB;
const LARGE = 16 * MiB;
/** how many times a linear scan of the same size a run may take */
const BOUND_FACTOR = 100;

/**
 * Every `new RegExp(...)` of the core, by file, with what it builds: the literal scan cannot see a
 * constructed pattern, so a new site fails "every constructed regex is listed" until it is added here.
 */
const CONSTRUCTED: Record<string, { sites: number; build: () => RegExp[] }> = {
  // the phrase tables of every file that calls it, each `\b` made a Unicode boundary, and the same without boundaries
  "lib/analyzer/pages/lure-signals.ts": {
    sites: 2,
    build: () => {
      const callers = new Set(
        FILES.filter((f) => /\bwithUnicodeBoundaries\(/.test(readFileSync(path.join(ROOT, f), "utf8"))),
      );
      return LITERALS.filter((l) => callers.has(l.file) && l.re.source.includes("\\b")).flatMap(
        (l) => withUnicodeBoundaries(l.re).patterns,
      );
    },
  },
  // the API names joined into one alternation, looked for before one search per name
  "lib/analyzer/javascript/callback-apis.ts": { sites: 1, build: () => [ANY_CALLBACK_API] },
  "lib/analyzer/javascript/script-signals.ts": { sites: 1, build: () => [ANY_EXPLOIT_API] },
  // the file-writing methods' names as one alternation
  "lib/analyzer/javascript/file-writes.ts": { sites: 1, build: () => [ANY_FILE_WRITE] },
  // the runnable extensions of lib/analyzer/file-kinds.ts as one alternation; the command hosts' names, three times
  "lib/analyzer/rules/action-targets.ts": {
    sites: 4,
    build: () => [EXECUTABLE_TARGET, COMMAND_HOSTS, COMMAND_LINE, COMMAND_HOST_IN_TEXT],
  },
};

interface Case {
  name: string;
  re: RegExp;
}

function allCases(): Case[] {
  const byKey = new Map<string, Case>();
  const add = (re: RegExp, where: string) => {
    const key = `/${re.source}/${re.flags}`;
    if (!byKey.has(key)) byKey.set(key, { name: `${where} ${key.length > 90 ? `${key.slice(0, 90)}…` : key}`, re });
  };
  for (const l of LITERALS) add(l.re, `${l.file}:${l.line}`);
  for (const [file, c] of Object.entries(CONSTRUCTED)) for (const re of c.build()) add(re, `${file} (constructed)`);
  return [...byKey.values()];
}

const context = vm.createContext({});
/** Runs `re` over `input` as the code does (every match of a global regex, else the first), stopped at `timeoutMs`. */
function run(re: RegExp, input: string, timeoutMs: number): void {
  const fresh = new RegExp(re.source, re.flags);
  context.run = () => (fresh.global ? input.replace(fresh, "") : fresh.exec(input));
  vm.runInContext("run()", context, { timeout: Math.ceil(timeoutMs) });
}

/** The linear reference: a match attempt at every character, the most a linear pattern does. */
const LINEAR = /[\s\S]/g;
const boundMs = new Map<number, number>();
function measureBaseline(chars: number): number {
  const input = repeatTo("ab", chars);
  const times: number[] = [];
  for (let k = 0; k < 3; k++) {
    const t = performance.now();
    input.replace(LINEAR, "");
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[1];
}

/**
 * The failures of `re` on its adversarial inputs at `chars` each; with `firstOnly`, the first one (a
 * quadratic pattern runs into the bound on every input: the guard's own tests need one, not each
 * input's full bound, which on a loaded machine added up past the test's timeout).
 */
function failuresOf(re: RegExp, chars: number, firstOnly = false): string[] {
  const out: string[] = [];
  for (const input of adversarialInputs(re)) {
    if (firstOnly && out.length) break;
    const text = input.build(chars);
    const bound = boundMs.get(chars)!;
    const started = performance.now();
    try {
      run(re, text, bound);
    } catch (e) {
      const ms = Math.round(performance.now() - started);
      out.push(
        `${input.name} at ${chars / MiB} MiB: ${(e as Error).message} (${ms} ms, bound ${Math.round(bound)} ms)`,
      );
    }
  }
  return out;
}

beforeAll(() => {
  for (const chars of [SMALL, LARGE]) boundMs.set(chars, BOUND_FACTOR * measureBaseline(chars));
});

describe("the regex inventory", () => {
  it("finds the regex literals of lib/analyzer and lib/pdf", () => {
    // a scanner that found nothing would make every check below pass
    expect(FILES.length).toBeGreaterThan(150);
    expect(LITERALS.length).toBeGreaterThan(300);
    expect(LITERALS.some((l) => l.file === "lib/pdf/parser.ts" || l.file.startsWith("lib/pdf/"))).toBe(true);
  });

  it("every constructed regex is listed, with the number of its sites", () => {
    const sites = Object.fromEntries(regexConstructorSites(ROOT, FILES));
    expect(sites).toEqual(Object.fromEntries(Object.entries(CONSTRUCTED).map(([f, c]) => [f, c.sites])));
    for (const c of Object.values(CONSTRUCTED)) expect(c.build().length).toBeGreaterThan(0);
  });
});

describe("the guard itself", () => {
  it("fails the regex that crashed issue 19's files (backtrack stack overflow at 16 MiB)", () => {
    const crashed = /Qk[A-Za-z0-9+/]{2}(?:[A-Za-z0-9+/=\s]|&#x?[0-9a-fA-F]+;){30,}/g;
    expect(patternParts(crashed.source, crashed.flags).repeatedGroup).toBe(true);
    expect(failuresOf(crashed, LARGE, true).join("\n")).toMatch(/Maximum call stack size exceeded/);
  });

  it("fails a regex that rescans from every start (quadratic)", () => {
    expect(failuresOf(/<[^>]*>/g, SMALL, true).join("\n")).toMatch(/timed out/);
  });

  it("fails a quadratic list behind a name after \\b (reached only when the lead's name starts with a letter)", () => {
    // script-signals' string-array regex until 2026-12: `x=[''` and a run of spaces split two ways per space
    const list = /\b([A-Za-z_$][\w$]*)\s*=\s*\[((?:\s*["'][^"'\n]{0,16}["']\s*,?){2,64})\]/g;
    expect(failuresOf(list, SMALL, true).join("\n")).toMatch(/timed out/);
  });

  it("passes a linear regex", () => {
    expect(failuresOf(/<[^<>]*>/g, SMALL)).toEqual([]);
  });
});

describe("every regex of the core is linear on adversarial input", () => {
  it.each(allCases().map((c) => [c.name, c] as const))("%s", (_, c) => {
    const failures = failuresOf(c.re, SMALL);
    // a repeated group is the shape whose backtrack stack grows with the match: the long inputs
    if (patternParts(c.re.source, c.re.flags).repeatedGroup) failures.push(...failuresOf(c.re, LARGE));
    expect(failures).toEqual([]);
  });
});
