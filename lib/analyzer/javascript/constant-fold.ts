// Constant folding over an acorn AST: the values obfuscators assemble from pieces ("ev" + "al",
// String.fromCharCode(101, 118, 97, 108), "lave".split("").reverse().join(""), arr[3] + arr[0]).
// Nothing is ever executed: only a fixed set of pure string/array/number operations is applied to
// literal values, with a depth bound (hostile nesting) and size bounds (string doubling): budgets of
// lib/limits.ts (JS_MAX_FOLD_DEPTH, JS_MAX_FOLDED_CHARS, JS_MAX_FOLDED_ARRAY_ITEMS, JS_MAX_FOLDED_CALL_ARGUMENTS),
// hits recorded in the env's budget.
import type { Budget, BudgetName } from "../../limits";

/** acorn's ESTree nodes, read structurally (the analysis only looks at a few fields per type). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- ESTree has dozens of node shapes; the folds narrow by `type`
export type AnyNode = { type: string; start: number; end: number; [key: string]: any };

export type Folded = string | number | boolean | null | undefined | Folded[];

export const NOT_CONSTANT: unique symbol = Symbol("not constant");
type Result = Folded | typeof NOT_CONSTANT;

/** Constant values of variables and the known objects variables stand for (d = eval, z = app.doc). */
export interface FoldEnv {
  values: Map<string, Folded>;
  aliases: Map<string, string>;
  /** where the folding reads its bounds and records a value it left unfolded for them */
  budget: Budget;
}

export function newFoldEnv(budget: Budget): FoldEnv {
  return { values: new Map(), aliases: new Map(), budget };
}

/** `cut` (a value left unfolded for budget `name`), recorded in the env's budget. */
function cut(env: FoldEnv, name: BudgetName, over: boolean): boolean {
  if (over) env.budget.budgetHits.add(name);
  return over;
}
const tooLong = (env: FoldEnv, chars: number) =>
  cut(env, "JS_MAX_FOLDED_CHARS", chars > env.budget.limits.JS_MAX_FOLDED_CHARS);
const tooMany = (env: FoldEnv, items: number) =>
  cut(env, "JS_MAX_FOLDED_ARRAY_ITEMS", items > env.budget.limits.JS_MAX_FOLDED_ARRAY_ITEMS);
/** characters with a meaning in a regex pattern: a regex literal without them (unescaped) is plain text */
const REGEX_SYNTAX = "\\()[]{}*+?|^$.";

export function foldConstant(node: AnyNode | null | undefined, env: FoldEnv, depth = 0): Result {
  if (!node || cut(env, "JS_MAX_FOLD_DEPTH", depth > env.budget.limits.JS_MAX_FOLD_DEPTH)) return NOT_CONSTANT;
  switch (node.type) {
    case "Literal":
      return node.regex ? NOT_CONSTANT : typeof node.value === "bigint" ? NOT_CONSTANT : (node.value as Folded);
    case "TemplateLiteral": {
      let s = node.quasis[0]?.value.cooked ?? "";
      for (let i = 0; i < node.expressions.length; i++) {
        const v = foldConstant(node.expressions[i], env, depth + 1);
        if (v === NOT_CONSTANT) return NOT_CONSTANT;
        s += toStr(v) + (node.quasis[i + 1]?.value.cooked ?? "");
        if (tooLong(env, s.length)) return NOT_CONSTANT;
      }
      return s;
    }
    case "Identifier":
      if (node.name === "undefined") return undefined;
      return env.values.has(node.name) ? env.values.get(node.name) : NOT_CONSTANT;
    case "ArrayExpression": {
      if (tooMany(env, node.elements.length)) return NOT_CONSTANT;
      const out: Folded[] = [];
      for (const el of node.elements) {
        const v = el ? foldConstant(el, env, depth + 1) : undefined;
        if (v === NOT_CONSTANT) return NOT_CONSTANT;
        out.push(v);
      }
      return out;
    }
    case "SequenceExpression":
      return foldConstant(node.expressions[node.expressions.length - 1], env, depth + 1);
    case "ConditionalExpression": {
      const t = foldConstant(node.test, env, depth + 1);
      return t === NOT_CONSTANT ? NOT_CONSTANT : foldConstant(t ? node.consequent : node.alternate, env, depth + 1);
    }
    case "UnaryExpression": {
      const v = foldConstant(node.argument, env, depth + 1);
      if (v === NOT_CONSTANT || Array.isArray(v)) return NOT_CONSTANT;
      switch (node.operator) {
        case "-":
          return -Number(v);
        case "+":
          return Number(v);
        case "~":
          return ~Number(v);
        case "!":
          return !v;
        case "void":
          return undefined;
        case "typeof":
          return typeof v;
      }
      return NOT_CONSTANT;
    }
    case "BinaryExpression":
      return node.operator === "+" ? foldPlusChain(node, env, depth) : foldArithmetic(node, env, depth);
    case "MemberExpression":
      return foldMember(node, env, depth);
    case "CallExpression":
      return foldCall(node, env, depth);
  }
  return NOT_CONSTANT;
}

export function foldToString(node: AnyNode | null | undefined, env: FoldEnv): string | null {
  const v = foldConstant(node, env);
  return v === NOT_CONSTANT || Array.isArray(v) ? null : toStr(v);
}

export function isConstant(v: Result): v is Folded {
  return v !== NOT_CONSTANT;
}

/** a + b + c + ... is a left-deep tree thousands of levels deep: walked as a list, not recursively. */
function foldPlusChain(node: AnyNode, env: FoldEnv, depth: number): Result {
  const operands: AnyNode[] = [];
  let n: AnyNode = node;
  while (n.type === "BinaryExpression" && n.operator === "+") {
    operands.push(n.right);
    n = n.left;
  }
  operands.push(n);
  let acc: Folded | undefined;
  for (let i = operands.length - 1; i >= 0; i--) {
    const v = foldConstant(operands[i], env, depth + 1);
    if (v === NOT_CONSTANT) return NOT_CONSTANT;
    if (i === operands.length - 1) {
      acc = v;
      continue;
    }
    if (typeof acc === "number" && typeof v === "number") acc = acc + v;
    else {
      acc = toStr(acc) + toStr(v);
      if (tooLong(env, acc.length)) return NOT_CONSTANT;
    }
  }
  return acc;
}

function foldArithmetic(node: AnyNode, env: FoldEnv, depth: number): Result {
  const a = foldConstant(node.left, env, depth + 1);
  if (a === NOT_CONSTANT) return NOT_CONSTANT;
  const b = foldConstant(node.right, env, depth + 1);
  if (b === NOT_CONSTANT || Array.isArray(a) || Array.isArray(b)) return NOT_CONSTANT;
  const x = Number(a);
  const y = Number(b);
  switch (node.operator) {
    case "-":
      return x - y;
    case "*":
      return x * y;
    case "/":
      return x / y;
    case "%":
      return x % y;
    case "^":
      return x ^ y;
    case "|":
      return x | y;
    case "&":
      return x & y;
    case "<<":
      return x << y;
    case ">>":
      return x >> y;
    case ">>>":
      return x >>> y;
    // loose equality on purpose: the script's own semantics
    case "==":
      return a == b;
    case "!=":
      return a != b;
    case "===":
      return a === b;
    case "!==":
      return a !== b;
    case "<":
      return a! < b!;
    case ">":
      return a! > b!;
    case "<=":
      return a! <= b!;
    case ">=":
      return a! >= b!;
  }
  return NOT_CONSTANT;
}

function memberKey(node: AnyNode, env: FoldEnv, depth: number): Result {
  if (!node.computed) return node.property.type === "Identifier" ? node.property.name : NOT_CONSTANT;
  return foldConstant(node.property, env, depth + 1);
}

function foldMember(node: AnyNode, env: FoldEnv, depth: number): Result {
  const key = memberKey(node, env, depth);
  if (key === NOT_CONSTANT) return NOT_CONSTANT;
  const obj = foldConstant(node.object, env, depth + 1);
  if (obj === NOT_CONSTANT) return NOT_CONSTANT;
  if (typeof obj === "string" || Array.isArray(obj)) {
    if (key === "length") return obj.length;
    if (typeof key === "number" || (typeof key === "string" && /^\d+$/.test(key))) {
      const v = obj[Number(key)];
      return v === undefined ? undefined : v;
    }
  }
  return NOT_CONSTANT;
}

function foldCall(node: AnyNode, env: FoldEnv, depth: number): Result {
  const callee = node.callee;
  const args = (): Result[] =>
    node.arguments.map((a: AnyNode) => (a.type === "SpreadElement" ? NOT_CONSTANT : foldConstant(a, env, depth + 1)));
  // String.fromCharCode(...), unescape(...), parseInt(...): global functions by name (aliases included)
  const fname =
    callee.type === "Identifier" ? (env.aliases.get(callee.name) ?? callee.name) : staticMemberName(callee, env);
  if (fname) {
    const global = foldGlobalCall(
      fname,
      cut(env, "JS_MAX_FOLDED_CALL_ARGUMENTS", node.arguments.length > env.budget.limits.JS_MAX_FOLDED_CALL_ARGUMENTS)
        ? null
        : args(),
      env,
    );
    if (global !== NOT_CONSTANT) return global;
  }
  if (callee.type !== "MemberExpression") return NOT_CONSTANT;
  const method = memberKey(callee, env, depth);
  if (typeof method !== "string") return NOT_CONSTANT;
  const target = foldConstant(callee.object, env, depth + 1);
  if (target === NOT_CONSTANT) return NOT_CONSTANT;
  const a = args();
  if (a.some((v) => v === NOT_CONSTANT)) {
    // "a-b".replace(/-/g, "") has a regex literal argument: folded separately below
    if (!(method === "replace" || method === "split")) return NOT_CONSTANT;
  }
  if (typeof target === "string") return foldStringMethod(target, method, a, node.arguments, env);
  if (Array.isArray(target)) return foldArrayMethod(target, method, a, env);
  return NOT_CONSTANT;
}

function staticMemberName(node: AnyNode, env: FoldEnv): string | null {
  if (node.type !== "MemberExpression") return null;
  const key = node.computed ? foldToString(node.property, env) : node.property.name;
  const obj =
    node.object.type === "Identifier"
      ? (env.aliases.get(node.object.name) ?? node.object.name)
      : node.object.type === "ThisExpression"
        ? "this"
        : null;
  return key && obj ? `${obj}.${key}` : null;
}

function foldGlobalCall(name: string, args: Result[] | null, env: FoldEnv): Result {
  if (!args || args.some((v) => v === NOT_CONSTANT)) return NOT_CONSTANT;
  const bare = name.replace(/^(this|window|globalThis)\./, "");
  const [a0, a1] = args as Folded[];
  switch (bare) {
    case "String.fromCharCode": {
      if (tooLong(env, args.length)) return NOT_CONSTANT;
      let s = "";
      for (const v of args as Folded[]) s += String.fromCharCode(Number(v) & 0xffff);
      return s;
    }
    case "unescape":
      return typeof a0 === "string" ? unescape(a0) : NOT_CONSTANT;
    case "escape":
      // up to 6 characters per character (%uXXXX)
      return typeof a0 === "string" && !tooLong(env, a0.length * 6) ? escape(a0) : NOT_CONSTANT;
    case "decodeURIComponent":
    case "decodeURI":
      try {
        return typeof a0 === "string" ? (bare === "decodeURI" ? decodeURI(a0) : decodeURIComponent(a0)) : NOT_CONSTANT;
      } catch {
        return NOT_CONSTANT;
      }
    case "parseInt":
      return parseInt(toStr(a0), a1 === undefined ? undefined : Number(a1));
    case "parseFloat":
      return parseFloat(toStr(a0));
    case "String":
      return toStr(a0);
    case "Number":
      return Number(a0);
  }
  return NOT_CONSTANT;
}

function foldStringMethod(s: string, method: string, a: Result[], argNodes: AnyNode[], env: FoldEnv): Result {
  const n = (i: number, dflt?: number) => (a[i] === undefined ? dflt : Number(a[i]));
  switch (method) {
    case "split": {
      const sep = a[0] === NOT_CONSTANT ? plainRegex(argNodes[0]) : a[0];
      if (sep === null || Array.isArray(sep)) return NOT_CONSTANT;
      const parts = sep === undefined ? [s] : s.split(typeof sep === "string" ? sep : toStr(sep));
      return tooMany(env, parts.length) ? NOT_CONSTANT : parts;
    }
    case "replace":
    case "replaceAll": {
      const pattern = a[0] === NOT_CONSTANT ? plainRegex(argNodes[0]) : a[0];
      const replacement = a[1];
      if (pattern === null || typeof replacement !== "string" || /\$/.test(replacement)) return NOT_CONSTANT;
      const global = method === "replaceAll" || (argNodes[0]?.regex?.flags ?? "").includes("g");
      const p = toStr(pattern as Folded);
      const out = global ? s.split(p).join(replacement) : s.replace(p, replacement);
      return tooLong(env, out.length) ? NOT_CONSTANT : out;
    }
    case "substr":
      return s.substr(n(0, 0)!, n(1));
    case "substring":
      return s.substring(n(0, 0)!, n(1));
    case "slice":
      return s.slice(n(0, 0), n(1));
    case "charAt":
      return s.charAt(n(0, 0)!);
    case "charCodeAt":
      return s.charCodeAt(n(0, 0)!);
    case "toUpperCase":
      return s.toUpperCase();
    case "toLowerCase":
      return s.toLowerCase();
    case "trim":
      return s.trim();
    case "toString":
      return s;
    case "concat": {
      const out = s + (a as Folded[]).map(toStr).join("");
      return tooLong(env, out.length) ? NOT_CONSTANT : out;
    }
    case "repeat": {
      const times = n(0, 0)!;
      return times >= 0 && !tooLong(env, s.length * times) ? s.repeat(times) : NOT_CONSTANT;
    }
  }
  return NOT_CONSTANT;
}

function foldArrayMethod(arr: Folded[], method: string, a: Result[], env: FoldEnv): Result {
  switch (method) {
    case "join": {
      const sep = a[0] === undefined ? "," : toStr(a[0] as Folded);
      const out = arr.map((v) => (v === null || v === undefined ? "" : toStr(v))).join(sep);
      return tooLong(env, out.length) ? NOT_CONSTANT : out;
    }
    case "reverse":
      return [...arr].reverse();
    case "slice":
      return arr.slice(a[0] === undefined ? 0 : Number(a[0]), a[1] === undefined ? undefined : Number(a[1]));
    case "concat": {
      const out = arr.concat(...(a as Folded[]).map((v) => (Array.isArray(v) ? v : [v])));
      return tooMany(env, out.length) ? NOT_CONSTANT : out;
    }
    case "toString":
      return arr.map(toStr).join(",");
  }
  return NOT_CONSTANT;
}

/**
 * Regex literals used in .replace()/.split() are applied only when they are plain text (no ReDoS):
 * no syntax character, and every backslash escapes a punctuation character. A scan, not a regex: the
 * regex it replaces grew V8's backtrack stack with the pattern's length.
 */
function isPlainPattern(pattern: string): boolean {
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[++i];
      if (next === undefined || /[A-Za-z0-9]/.test(next)) return false;
    } else if (REGEX_SYNTAX.includes(c)) return false;
  }
  return true;
}

/** The text of a regex literal that matches itself literally (/AA/g), else null. */
function plainRegex(node: AnyNode | undefined): string | null {
  const re = node?.regex as { pattern: string; flags: string } | undefined;
  if (!re || !isPlainPattern(re.pattern) || /[^g]/.test(re.flags)) return null;
  return re.pattern.replace(/\\(.)/g, "$1");
}

export function toStr(v: Folded): string {
  if (Array.isArray(v)) return v.map((x) => (x === null || x === undefined ? "" : toStr(x))).join(",");
  return String(v);
}
