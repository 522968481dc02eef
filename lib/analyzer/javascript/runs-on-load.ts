// Which parts of a script run when the script itself runs. A document-level script (the /Names
// JavaScript tree, an XFA script object) is often a library: it defines functions that buttons and
// fields call later. A call inside such a function is the reader's choice; a call at top level, in an
// anonymous function (invoked at once, or handed to another call), or in a named function that running
// code calls, is not. One linear pass over the text (strings, comments and regex literals skipped) finds
// the function bodies and the calls; a fixed point over "called from code that runs" decides.
// The scan's bounds are budgets of lib/limits.ts (JS_MAX_LOAD_SCAN_*): past them every position counts as
// running (the conservative answer), and the hit is recorded.
import type { Budget, BudgetName } from "../../limits";
import { IDENT, skipString, SPACE } from "./js-chars";

const NOT_CALLS = new Set([
  "if",
  "for",
  "while",
  "switch",
  "catch",
  "return",
  "typeof",
  "function",
  "with",
  "do",
  "else",
  "in",
  "of",
  "void",
  "delete",
  "instanceof",
]);

interface FunctionBody {
  name?: string;
  start: number;
  end: number;
  /** innermost enclosing function, -1 at top level */
  parent: number;
}

export interface ScriptLayout {
  /** does the code at `offset` run when the script runs? Text inside a comment never does */
  runs(offset: number): boolean;
  /** is `offset` inside a comment? */
  inComment(offset: number): boolean;
}

const UNKNOWN_LAYOUT: ScriptLayout = { runs: () => true, inComment: () => false };

export function runsOnLoad(text: string, budget: Budget): ScriptLayout {
  const scan = scanFunctions(text, budget);
  if ("hit" in scan) {
    budget.budgetHits.add(scan.hit);
    return UNKNOWN_LAYOUT;
  }
  const { functions, calls, comments } = scan;
  const inComment = (offset: number) => {
    // comments are in text order: binary search for the last one starting before the offset
    let lo = 0;
    let hi = comments.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (comments[mid][0] <= offset) lo = mid + 1;
      else hi = mid - 1;
    }
    return hi >= 0 && offset < comments[hi][1];
  };
  if (!functions.length) return { runs: (offset) => !inComment(offset), inComment };
  const running = new Uint8Array(functions.length);
  // a named function runs when code that runs calls its name (its own calls cannot start it: they run only once it does)
  const called = new Set<string>();
  /** one round of the fixed point: does another function run now? (`apply`: mark it) */
  const round = (apply: boolean): boolean => {
    let changed = false;
    for (const c of calls) if ((c.fn === -1 || running[c.fn] === 1) && !called.has(c.name)) called.add(c.name);
    functions.forEach((f, i) => {
      if (running[i] || (changed && !apply)) return;
      if (f.name === undefined ? f.parent === -1 || running[f.parent] === 1 : called.has(f.name)) {
        if (apply) running[i] = 1;
        changed = true;
      }
    });
    return changed;
  };
  let changed = true;
  for (let n = 0; changed && n < budget.limits.JS_MAX_LOAD_SCAN_ROUNDS; n++) changed = round(true);
  // stopped by the bound while still changing: a hit only if one more round would have found more
  if (changed && round(false)) budget.budgetHits.add("JS_MAX_LOAD_SCAN_ROUNDS");
  const runs = (offset: number) => {
    if (inComment(offset)) return false;
    let inner = -1;
    for (let i = 0; i < functions.length; i++) {
      const f = functions[i];
      if (f.start < offset && offset < f.end && (inner === -1 || f.start > functions[inner].start)) inner = i;
    }
    return inner === -1 || running[inner] === 1;
  };
  return { runs, inComment };
}

function scanFunctions(
  text: string,
  budget: Budget,
):
  | { functions: FunctionBody[]; calls: { name: string; pos: number; fn: number }[]; comments: [number, number][] }
  | { hit: BudgetName } {
  const {
    JS_MAX_LOAD_SCAN_FUNCTIONS: maxFunctions,
    JS_MAX_LOAD_SCAN_CALLS: maxCalls,
    JS_MAX_LOAD_SCAN_COMMENTS: maxComments,
  } = budget.limits;
  const functions: FunctionBody[] = [];
  const comments: [number, number][] = [];
  const calls: { name: string; pos: number; fn: number }[] = [];
  /** open braces: the index of the function whose body each opens, or -1 for a block */
  const braces: number[] = [];
  const fnStack: number[] = [];
  let parens = 0;
  let pending: { name?: string; parens: number } | null = null;
  /** the last token, for telling a regex literal from a division and naming function expressions */
  let last: "ident" | "value" | "punct" = "punct";
  let lastChar = "";
  let lastIdent = "";
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (SPACE[c]) {
      i++;
      continue;
    }
    if (c === 0x2f) {
      const d = text.charCodeAt(i + 1);
      if (d === 0x2f || d === 0x2a) {
        const close = d === 0x2f ? text.indexOf("\n", i) : text.indexOf("*/", i + 2);
        const end = close === -1 ? n : d === 0x2f ? close : close + 2;
        if (comments.length >= maxComments) return { hit: "JS_MAX_LOAD_SCAN_COMMENTS" };
        comments.push([i, end]);
        i = end;
        continue;
      }
      if (last === "punct") {
        i = skipRegex(text, i);
        last = "value";
        continue;
      }
    }
    if (c === 0x22 || c === 0x27 || c === 0x60) {
      i = skipString(text, i);
      last = "value";
      continue;
    }
    if (IDENT[c] && !(c >= 0x30 && c <= 0x39)) {
      const start = i;
      while (i < n && IDENT[text.charCodeAt(i)]) i++;
      const word = text.slice(start, i);
      if (word === "function") {
        let j = i;
        while (j < n && (SPACE[text.charCodeAt(j)] || text.charCodeAt(j) === 0x2a)) j++;
        let k = j;
        while (k < n && IDENT[text.charCodeAt(k)]) k++;
        // function f() {}, or f = function () {} / f: function () {} (a function expression takes the name it is stored under)
        const name = k > j ? text.slice(j, k) : lastChar === "=" || lastChar === ":" ? lastIdent : undefined;
        pending = { name, parens };
        i = k;
        last = "punct";
        continue;
      }
      let j = i;
      while (j < n && SPACE[text.charCodeAt(j)]) j++;
      if (text.charCodeAt(j) === 0x28 && !NOT_CALLS.has(word)) {
        if (calls.length >= maxCalls) return { hit: "JS_MAX_LOAD_SCAN_CALLS" };
        calls.push({ name: word, pos: start, fn: fnStack.length ? fnStack[fnStack.length - 1] : -1 });
      }
      lastIdent = word;
      lastChar = "";
      last = NOT_CALLS.has(word) ? "punct" : "ident";
      continue;
    }
    if (c >= 0x30 && c <= 0x39) {
      i++;
      last = "value";
      continue;
    }
    const ch = text[i];
    if (ch === "(") parens++;
    else if (ch === ")") parens--;
    else if (ch === "{") {
      const arrow = lastChar === "=>";
      if ((pending && parens === pending.parens) || arrow) {
        if (functions.length >= maxFunctions) return { hit: "JS_MAX_LOAD_SCAN_FUNCTIONS" };
        functions.push({
          name: arrow ? undefined : pending?.name,
          start: i,
          end: n,
          parent: fnStack.length ? fnStack[fnStack.length - 1] : -1,
        });
        braces.push(functions.length - 1);
        fnStack.push(functions.length - 1);
        pending = null;
      } else braces.push(-1);
    } else if (ch === "}") {
      const fn = braces.pop();
      if (fn !== undefined && fn !== -1) {
        functions[fn].end = i;
        fnStack.pop();
      }
    }
    if (ch === "=" && text[i + 1] === ">") {
      lastChar = "=>";
      i += 2;
      last = "punct";
      continue;
    }
    // "==" is a comparison, not a store: the name before it does not name a function
    lastChar = ch === "=" && (text[i + 1] === "=" || "=!<>".includes(text[i - 1])) ? "" : ch;
    last = ch === ")" || ch === "]" ? "value" : "punct";
    i++;
  }
  return { functions, calls, comments };
}

/** Past the regex literal opening at `i` (character classes and escapes honoured, ends at a line end). */
function skipRegex(text: string, i: number): number {
  let inClass = false;
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 0x5c) j++;
    else if (c === 0x0a) return j;
    else if (c === 0x5b) inClass = true;
    else if (c === 0x5d) inClass = false;
    else if (c === 0x2f && !inClass) {
      let k = j + 1;
      while (k < text.length && IDENT[text.charCodeAt(k)]) k++;
      return k;
    }
  }
  return text.length;
}
