// PostScript calculator functions (ISO 32000-1 §7.10.5, FunctionType 4) whose program overflows the
// operand stack. The language has no loops or recursion, so a program's stack use is known from its
// text; the spec's implementation limit is 100 entries (ISO 32000-1 Annex C, Table C.1), and pdf.js
// stops at the same depth ("PostScript function stack overflow", PostScriptStack.MAX_STACK_SIZE).
// A tint transform or shading needs a handful. A program that doubles the stack with `copy` (PDF101's
// D1, "copy stack exhaustion") or pushes past the limit is written to exhaust a reader that evaluates
// it, per pixel of a shading, without the check: a denial-of-service document.
//
// Read by abstract interpretation: literal numbers are known, results of the arithmetic that sizes a
// `copy` or `index` are computed when their operands are known, everything else is unknown. Each
// procedure of `if`/`ifelse` is interpreted once and the deeper outcome kept, so the work is linear in
// the program's tokens (CALCULATOR_MAX_TOKENS).
import type { BudgetName } from "../../limits";
import type { PdfDocument } from "../../pdf/document";
import { PdfStream, type PdfObject } from "../../pdf/objects";
import { serializeObject } from "../../pdf/writer/serialize-object";
import { bytesToText } from "../content/text";
import { printableRatio } from "../embedded/sniff-script";

/** the operand-stack limit of a calculator function (ISO 32000-1 Annex C; pdf.js's PostScriptStack): a detection threshold */
export const CALCULATOR_STACK_LIMIT = 100;

export interface CalculatorOverflowFact {
  objectRef: string;
  /** the operator at which the stack passed the limit: `copy`, `dup`, `index` or a pushed number */
  operator: string;
  /** how deep the stack would have grown at that operator */
  depth: number;
  /** the program's first characters */
  excerpt: string;
}

type Value = number | undefined;
type Proc = (string | number | Proc)[];

/** operators with a fixed stack effect: [operands popped, results pushed] (§7.10.5.2, Table 42) */
const EFFECTS: Partial<Record<string, readonly [number, number]>> = {
  abs: [1, 1],
  add: [2, 1],
  atan: [2, 1],
  ceiling: [1, 1],
  cos: [1, 1],
  cvi: [1, 1],
  cvr: [1, 1],
  div: [2, 1],
  exp: [2, 1],
  floor: [1, 1],
  idiv: [2, 1],
  ln: [1, 1],
  log: [1, 1],
  mod: [2, 1],
  mul: [2, 1],
  neg: [1, 1],
  round: [1, 1],
  sin: [1, 1],
  sqrt: [1, 1],
  sub: [2, 1],
  truncate: [1, 1],
  and: [2, 1],
  bitshift: [2, 1],
  eq: [2, 1],
  false: [0, 1],
  ge: [2, 1],
  gt: [2, 1],
  le: [2, 1],
  lt: [2, 1],
  ne: [2, 1],
  not: [1, 1],
  or: [2, 1],
  true: [0, 1],
  xor: [2, 1],
  pop: [1, 0],
};

/** arithmetic worked out on known operands: what sizes a `copy` is often computed (`2 2 mul copy`) */
const KNOWN: Partial<Record<string, (a: number, b: number) => number>> = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  idiv: (a, b) => (b === 0 ? NaN : Math.trunc(a / b)),
  mod: (a, b) => (b === 0 ? NaN : a % b),
  abs: (a) => Math.abs(a),
  neg: (a) => -a,
  cvi: (a) => Math.trunc(a),
  floor: (a) => Math.floor(a),
  ceiling: (a) => Math.ceil(a),
  round: (a) => Math.round(a),
  truncate: (a) => Math.trunc(a),
};

const TOKEN = /\{|\}|[^\s{}()<>[\]/%]+/g;
const EXCERPT_CHARS = 120;

export interface CalculatorInjectionFact {
  objectRef: string;
  /** where the code sits: "/Domain", "/Range" or "program" */
  where: string;
  /** the entries that are not numbers, or the program's script syntax and what follows it */
  excerpt: string;
}

/**
 * Script syntax in a calculator program, outside its comments: a call (`fetch(`, `alert(`) or a string
 * literal. The language is numbers, operators and braces (§7.10.5.1); none of it uses parentheses or
 * quotes, and a broken generator does not write a call.
 */
const SCRIPT_SYNTAX = /[A-Za-z_$][\w$.]{0,63}\s{0,20}\(|["'`]/;
const COMMENT = /%[^\r\n]*/g;
/** a program with less printable text than this share is damaged data, not text an attacker wrote */
const MIN_PRINTABLE_SHARE = 0.95;

/**
 * Calculator functions written to run code in a viewer that compiles them into JavaScript: pdf.js
 * before 2.0.550 turned a PostScript function into a JavaScript function built from its /Domain,
 * /Range and program without checking they were numbers (CVE-2018-5158, Mozilla bug 1452075), as it
 * later did with a font's /FontMatrix (CVE-2024-4367). A string, name or other non-number in /Domain
 * or /Range, or a call or string literal in the program (malicious-pdf test40: `{ fetch("...") }` as
 * an image's tint transform), is the injection. One fact per function stream.
 */
export function collectCalculatorInjections(
  doc: PdfDocument,
  functions: readonly { stream: PdfStream; ref: string }[],
): CalculatorInjectionFact[] {
  const out: CalculatorInjectionFact[] = [];
  const maxChars = doc.limits.CALCULATOR_MAX_TOKENS * 8;
  for (const { stream, ref } of functions) {
    const bound = (["Domain", "Range"] as const)
      .map((key) => ({ key, bad: nonNumbers(doc, stream.dict.get(key)) }))
      .find((b) => b.bad.length);
    if (bound) {
      const excerpt = bound.bad.map((x) => (x === undefined ? "null" : serializeObject(x, 1)).slice(0, 200)).join(" ");
      out.push({ objectRef: ref, where: `/${bound.key}`, excerpt });
      continue;
    }
    const decoded = doc.decode(stream);
    if (decoded.encrypted || printableRatio(decoded.data.subarray(0, maxChars)) < MIN_PRINTABLE_SHARE) continue;
    const text = bytesToText(decoded.data, maxChars);
    const code = text.replace(COMMENT, "");
    const m = SCRIPT_SYNTAX.exec(code);
    if (m)
      out.push({
        objectRef: ref,
        where: "program",
        excerpt: code
          .slice(Math.max(0, m.index - 20), m.index + EXCERPT_CHARS)
          .replace(/\s+/g, " ")
          .trim(),
      });
  }
  return out;
}

/** the entries of an array that are not numbers (none when it is no array) */
function nonNumbers(doc: PdfDocument, value: PdfObject | undefined): (PdfObject | undefined)[] {
  const v = doc.resolve(value);
  return Array.isArray(v) ? v.map((x) => doc.resolve(x)).filter((x) => typeof x !== "number") : [];
}

/** Calculator functions whose program overflows the operand stack, one fact per function stream. */
export function collectCalculatorOverflows(
  doc: PdfDocument,
  functions: readonly { stream: PdfStream; ref: string }[],
): CalculatorOverflowFact[] {
  const out: CalculatorOverflowFact[] = [];
  const { CALCULATOR_MAX_TOKENS: maxTokens, MAX_NESTING_DEPTH: maxDepth } = doc.limits;
  for (const { stream, ref } of functions) {
    const decoded = doc.decode(stream);
    if (decoded.encrypted) continue;
    const text = bytesToText(decoded.data, maxTokens * 8);
    const program = parseProgram(text, maxTokens, maxDepth, doc.budgetHits);
    if (!program) continue;
    const inputs = arrayLength(doc, stream, "Domain") / 2;
    const overflow = stackOverflow(program, Math.max(0, Math.floor(inputs)));
    if (overflow)
      out.push({ objectRef: ref, ...overflow, excerpt: text.replace(/\s+/g, " ").trim().slice(0, EXCERPT_CHARS) });
  }
  return out;
}

function arrayLength(doc: PdfDocument, stream: PdfStream, key: string): number {
  const v = doc.resolve(stream.dict.get(key));
  return Array.isArray(v) ? v.length : 0;
}

/** The program's outermost `{ ... }` as nested procedures; null when there is none. */
function parseProgram(text: string, maxTokens: number, maxDepth: number, budgetHits: Set<BudgetName>): Proc | null {
  const stack: Proc[] = [];
  let root: Proc | null = null;
  let tokens = 0;
  for (const m of text.matchAll(TOKEN)) {
    if (++tokens > maxTokens) {
      budgetHits.add("CALCULATOR_MAX_TOKENS");
      break;
    }
    const t = m[0];
    if (t === "{") {
      if (stack.length >= maxDepth) {
        budgetHits.add("MAX_NESTING_DEPTH");
        break;
      }
      const proc: Proc = [];
      if (stack.length) stack[stack.length - 1].push(proc);
      else root ??= proc;
      stack.push(proc);
    } else if (t === "}") {
      stack.pop();
      if (!stack.length && root) break;
    } else if (stack.length) {
      const n = Number(t);
      stack[stack.length - 1].push(Number.isFinite(n) && /^[+-]?(\d|\.\d)/.test(t) ? n : t);
    }
  }
  return root;
}

class Overflow {
  constructor(
    readonly operator: string,
    readonly depth: number,
  ) {}
}

/** Interprets the program on `inputs` unknown operands; where the stack first passes the limit, if it does. */
function stackOverflow(program: Proc, inputs: number): { operator: string; depth: number } | null {
  try {
    run(program, Array<Value>(inputs).fill(undefined));
    return null;
  } catch (e) {
    if (e instanceof Overflow) return { operator: e.operator, depth: e.depth };
    throw e;
  }
}

function push(stack: Value[], v: Value, operator: string): void {
  if (stack.length >= CALCULATOR_STACK_LIMIT) throw new Overflow(operator, stack.length + 1);
  stack.push(v);
}

/** Runs `proc` on `stack` (changed in place); the procedures of a conditional each on a copy, the deeper kept. */
function run(proc: Proc, stack: Value[]): Value[] {
  const pending: Proc[] = [];
  for (const item of proc) {
    if (Array.isArray(item)) pending.push(item);
    else if (typeof item === "number") push(stack, item, String(item));
    else stack = operate(item, stack, pending);
  }
  return stack;
}

function operate(op: string, stack: Value[], pending: Proc[]): Value[] {
  switch (op) {
    case "if": {
      const then = pending.pop();
      stack.pop();
      return then ? deeper(stack, run(then, stack.slice())) : stack;
    }
    case "ifelse": {
      const otherwise = pending.pop();
      const then = pending.pop();
      stack.pop();
      return deeper(
        then ? run(then, stack.slice()) : stack.slice(),
        otherwise ? run(otherwise, stack.slice()) : stack.slice(),
      );
    }
    case "dup":
      push(stack, stack.at(-1), op);
      return stack;
    case "exch": {
      const [b, a] = [stack.pop(), stack.pop()];
      stack.push(b, a);
      return stack;
    }
    case "copy": {
      const n = stack.pop();
      if (n === undefined || !Number.isInteger(n) || n <= 0) return stack;
      // pdf.js checks the depth the copy would reach before it copies; so does this
      if (stack.length + n > CALCULATOR_STACK_LIMIT) throw new Overflow(op, stack.length + n);
      stack.push(...stack.slice(Math.max(0, stack.length - n)));
      return stack;
    }
    case "index": {
      const n = stack.pop();
      push(stack, n !== undefined && Number.isInteger(n) && n >= 0 ? stack[stack.length - 1 - n] : undefined, op);
      return stack;
    }
    case "roll": {
      stack.pop();
      const n = stack.pop();
      // which entries move is not followed: the ones that could have are unknown from here
      const moved = n !== undefined && Number.isInteger(n) && n >= 0 ? Math.min(n, stack.length) : stack.length;
      stack.fill(undefined, stack.length - moved);
      return stack;
    }
  }
  // own keys only: a program's `constructor` or `toString` is an unknown operator, not Object's
  const effect = Object.hasOwn(EFFECTS, op) ? EFFECTS[op] : undefined;
  // an operator the language does not have: pdf.js stops on it; its effect is not guessed
  if (!effect) return stack;
  const operands = stack.splice(Math.max(0, stack.length - effect[0]));
  const known = Object.hasOwn(KNOWN, op) ? KNOWN[op] : undefined;
  const result =
    known && operands.length === effect[0] && operands.every((v) => v !== undefined)
      ? known(operands[0]!, operands[1]!)
      : undefined;
  for (let i = 0; i < effect[1]; i++) push(stack, Number.isFinite(result) ? result : undefined, op);
  return stack;
}

const deeper = (a: Value[], b: Value[]): Value[] => (b.length > a.length ? b : a);
