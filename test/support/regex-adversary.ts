// Adversarial inputs for one regular expression, derived from the pattern itself: long runs of each
// character a repeated atom accepts (one representative per group of characters the same atoms
// accept), each run behind the text that leads the pattern to that atom, that leading text repeated,
// the pattern's literal strings repeated, and mixes. These are the inputs that make a backtracking
// engine go quadratic (a run that every start position scans to the end, or two quantified atoms that
// can share a run), exponential (nested quantifiers), or overflow its backtrack stack (one long match
// of a repeated group with alternatives: the 16 MiB base64 XFA image of issue 19).

export interface AdversarialInput {
  name: string;
  build(chars: number): string;
}

/** Characters each atom is tried on: ASCII, then the non-ASCII kinds a class can treat differently. */
const CANDIDATES: readonly string[] = [
  ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i)),
  ..."\t\n\v\f\r\0\x01\x1b\x7f".split(""),
  ..."\x80\xa0\xad\xe9\xff\u0130\u03a9\u0430\u200b\u2028\u3000\ufeff\ufffd".split(""),
  "\u{1f600}",
];

export interface PatternAtom {
  /** source of a single-character atom: a class, an escape, `.`, a literal character */
  source: string;
  /** a quantifier that repeats without a small bound applies to it or to a group around it */
  repeated: boolean;
  /** atoms that lead to this one on its branch (lookarounds and other alternatives left out) */
  path: number[];
}

export interface PatternParts {
  atoms: PatternAtom[];
  /** runs of consecutive literal characters, in pattern order */
  literals: string[];
  /**
   * a group is repeated: V8 pushes a backtrack entry per iteration of such a loop when its body has
   * alternatives or captures, so one long match can overflow the backtrack stack (the issue-19 crash)
   */
  repeatedGroup: boolean;
}

const QUANTIFIER = /^\{(\d+)(,(\d*))?\}/;
/** `{n,m}` counts at least this large are treated like `+` */
const LONG_REPEAT = 64;
const ESCAPED_CHARS: Readonly<Record<string, string>> = { n: "\n", r: "\r", t: "\t", f: "\f", v: "\v", "0": "\0" };

/** Splits a pattern into atoms and literal strings (a tokenizer, not a validator: the engine compiled it). */
export function patternParts(source: string, flags = ""): PatternParts {
  const nestedClasses = flags.includes("v");
  const atoms: PatternAtom[] = [];
  const literals: string[] = [];
  const groups: { start: number; pathAtOpen: number[]; lookaround: boolean }[] = [];
  let path: number[] = [];
  /** first atom of the element a quantifier applies to (the last atom, or the group just closed) */
  let element = -1;
  let elementIsGroup = false;
  let repeatedGroup = false;
  let literal = "";
  const flush = () => {
    if (literal) literals.push(literal);
    literal = "";
  };
  const atom = (text: string) => {
    element = atoms.length;
    elementIsGroup = false;
    atoms.push({ source: text, repeated: false, path: path.slice() });
    path.push(element);
  };
  const lit = (text: string, ch: string) => {
    atom(text);
    literal += ch;
  };
  const boundary = () => {
    flush();
    element = -1;
  };
  const quantifier = (repeats: boolean) => {
    flush();
    if (repeats && element >= 0) for (let k = element; k < atoms.length; k++) atoms[k].repeated = true;
    if (repeats && elementIsGroup) repeatedGroup = true;
    element = -1;
  };
  for (let i = 0; i < source.length;) {
    const c = source[i];
    const rest = source.slice(i);
    if (c === "\\") {
      const e = source[i + 1] ?? "";
      if ("dDwWsS".includes(e)) {
        flush();
        atom(`\\${e}`);
        i += 2;
      } else if ((e === "p" || e === "P") && source[i + 2] === "{") {
        flush();
        const end = source.indexOf("}", i);
        atom(source.slice(i, end + 1));
        i = end + 1;
      } else if (e === "k" && source[i + 2] === "<") {
        boundary(); // a backreference: its text is whatever the group matched
        i = source.indexOf(">", i) + 1;
      } else if (/[1-9bB]/.test(e)) {
        boundary();
        i += 2;
        while (/\d/.test(source[i] ?? "")) i++;
      } else if (e === "x" && /^\\x[0-9a-fA-F]{2}/.test(rest)) {
        lit(rest.slice(0, 4), String.fromCharCode(parseInt(rest.slice(2, 4), 16)));
        i += 4;
      } else if (e === "u" && source[i + 2] === "{") {
        const end = source.indexOf("}", i);
        lit(source.slice(i, end + 1), String.fromCodePoint(parseInt(source.slice(i + 3, end), 16)));
        i = end + 1;
      } else if (e === "u" && /^\\u[0-9a-fA-F]{4}/.test(rest)) {
        lit(rest.slice(0, 6), String.fromCharCode(parseInt(rest.slice(2, 6), 16)));
        i += 6;
      } else if (e === "c" && /[A-Za-z]/.test(source[i + 2] ?? "")) {
        lit(rest.slice(0, 3), String.fromCharCode(source.charCodeAt(i + 2) % 32));
        i += 3;
      } else {
        lit(rest.slice(0, 2), ESCAPED_CHARS[e] ?? e);
        i += 2;
      }
    } else if (c === "[") {
      flush();
      let j = i + 1;
      for (let depth = 1; j < source.length && depth; j++) {
        if (source[j] === "\\") j++;
        else if (source[j] === "[" && nestedClasses) depth++;
        else if (source[j] === "]") depth--;
      }
      atom(source.slice(i, j));
      i = j;
    } else if (c === "(") {
      flush();
      const open = /^\((?:\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>))?/.exec(rest)![0];
      groups.push({ start: atoms.length, pathAtOpen: path.slice(), lookaround: /^\(\?<?[=!]/.test(open) });
      element = -1;
      i += open.length;
    } else if (c === ")") {
      flush();
      const g = groups.pop();
      element = g?.start ?? 0;
      elementIsGroup = true;
      // text a lookaround looked at is not consumed: the path goes on from before it
      if (g?.lookaround) path = g.pathAtOpen.slice();
      i++;
    } else if (c === "|") {
      boundary();
      path = groups.length ? groups[groups.length - 1].pathAtOpen.slice() : [];
      i++;
    } else if (c === "*" || c === "+") {
      quantifier(true);
      i += source[i + 1] === "?" ? 2 : 1;
    } else if (c === "?") {
      quantifier(false);
      i++;
    } else if (c === "{" && QUANTIFIER.test(rest)) {
      const [q, , comma, max] = QUANTIFIER.exec(rest)!;
      // a bounded count repeats little: only a large or open one makes long runs
      quantifier(Number(comma ? max || Infinity : q.slice(1, -1)) >= LONG_REPEAT);
      i += q.length + (source[i + q.length] === "?" ? 1 : 0);
    } else if (c === "^" || c === "$") {
      boundary();
      i++;
    } else if (c === ".") {
      flush();
      atom(".");
      i++;
    } else {
      const ch = String.fromCodePoint(source.codePointAt(i)!);
      lit(ch.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&"), ch);
      i += ch.length;
    }
  }
  flush();
  return { atoms, literals, repeatedGroup };
}

/** Which candidates each atom accepts, compiled with the pattern's flags (`i`, `u`, `s` matter). */
function acceptance(re: RegExp, parts: PatternParts): boolean[][] {
  const flags = re.flags.replace(/[gyd]/g, "");
  return parts.atoms.map((a) => {
    let tester: RegExp | null = null;
    try {
      tester = new RegExp(`^(?:${a.source})$`, flags);
    } catch {
      // an atom that only means something in its context: accepts nothing here
    }
    return CANDIDATES.map((ch) => !!tester?.test(ch));
  });
}

/**
 * One representative character per group of characters that the same repeated atoms accept (only a
 * repeated atom makes a long run; any other character fails within a few steps of where a match
 * starts), split once more by whether some other atom accepts it (the character that ends a run is not
 * the one that feeds it) and by being a line break. Order: ASCII first.
 */
function representatives(parts: PatternParts, accepts: boolean[][]): number[] {
  const groups = new Map<string, number>();
  CANDIDATES.forEach((_, c) => {
    const feeds = parts.atoms.map((a, k) => (a.repeated && accepts[k][c] ? "1" : "0")).join("");
    if (!feeds.includes("1")) return;
    // a line break is also where `^` and `$` of a multiline pattern match
    const sig = `${feeds}/${parts.atoms.some((a, k) => !a.repeated && accepts[k][c])}/${"\n\r\u2028\u2029".includes(CANDIDATES[c])}`;
    if (!groups.has(sig)) groups.set(sig, c);
  });
  return [...groups.values()];
}

/**
 * The character a lead uses for an atom: a letter or digit where the atom takes one, else the first
 * candidate it accepts. A word character is what a name class ([A-Za-z_$]) is usually fed, and the
 * one a `\b` before it needs at the start of the text: led by "$", `\b([A-Za-z_$][\w$]*)\s*=\s*\[...`
 * never reached its quadratic list of literals.
 */
const LEAD_PREFERRED = [..."a0A"].map((c) => CANDIDATES.indexOf(c));
function leadCandidate(accepted: readonly boolean[]): number {
  return LEAD_PREFERRED.find((c) => accepted[c]) ?? Math.max(0, accepted.indexOf(true));
}

/** `unit` repeated to `chars` code units (at least once). */
export function repeatTo(unit: string, chars: number): string {
  return unit.repeat(Math.max(1, Math.ceil(chars / unit.length))).slice(0, Math.max(chars, unit.length));
}

/** Deterministic mix of `parts` (xorshift): the same input on every run. */
function mixed(parts: readonly string[], chars: number): string {
  let x = 0x9e3779b9;
  const chunk: string[] = [];
  let len = 0;
  // a 64 Ki chunk repeated: random enough for the engine, cheap to build at 16 MiB
  while (len < Math.min(chars, 65_536)) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const p = parts[(x >>> 0) % parts.length];
    chunk.push(p);
    len += p.length;
  }
  return repeatTo(chunk.join(""), chars);
}

/** The adversarial inputs of `re`, deduplicated (names are stable: a failure message names the input). */
export function adversarialInputs(re: RegExp): AdversarialInput[] {
  const parts = patternParts(re.source, re.flags);
  const accepts = acceptance(re, parts);
  const reps = representatives(parts, accepts);
  // the text that leads to an atom: one accepted character per atom on its path (the first candidate,
  // a literal's own character)
  const sample = (k: number) => CANDIDATES[leadCandidate(accepts[k])];
  const lead = (k: number) => parts.atoms[k].path.map(sample).join("");
  const inputs = new Map<string, AdversarialInput>();
  const add = (name: string, build: (n: number) => string) => {
    if (!inputs.has(name)) inputs.set(name, { name, build });
  };
  for (const c of reps) add(`run ${JSON.stringify(CANDIDATES[c])}`, (n) => repeatTo(CANDIDATES[c], n));
  parts.atoms.forEach((a, k) => {
    if (!a.repeated) return;
    const before = lead(k);
    // one long match (or attempt) of the rest: the stack and the ambiguous-neighbour cases
    if (before)
      for (const c of reps)
        if (accepts[k][c])
          add(
            `${JSON.stringify(before)} then run ${JSON.stringify(CANDIDATES[c])}`,
            (n) => before + repeatTo(CANDIDATES[c], n - before.length),
          );
    // many starts, each scanning to the end for what never comes
    if (before) add(`repeat ${JSON.stringify(before + sample(k))}`, (n) => repeatTo(before + sample(k), n));
  });
  for (const l of new Set(parts.literals)) if (l.length > 1) add(`repeat ${JSON.stringify(l)}`, (n) => repeatTo(l, n));
  const runChars = reps.map((c) => CANDIDATES[c]);
  if (runChars.length > 1) add("mixed accepted characters", (n) => mixed(runChars, n));
  if (parts.literals.length) add("mixed characters and literals", (n) => mixed([...runChars, ...parts.literals], n));
  return [...inputs.values()];
}
