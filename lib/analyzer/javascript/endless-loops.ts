// Loops a script can never leave: `while (true)`, `for (;;)`, `do … while (1)` whose body holds no
// break, return, throw, yield or await that leaves it. Run by a viewer, such a script hangs it (the
// JavaScript engine runs on the viewer's main thread); with app.alert inside, every dialog the reader
// closes opens the next one; with a string doubled inside, memory runs out. The denial-of-service
// scripts of the PDF attack literature are this shape. Honest form scripts that loop "forever" leave by
// a break when the answer comes (app.response prompts), so an exit-free constant loop is precise.
//
// A cheap linear scan looks for a constant-true loop head first; only scripts that have one are read
// further, so the fast stage parses almost no script. Of those, only the loop statements are parsed:
// acorn's tokenizer walks the script once (it tells code from strings, comments, regular expressions
// and templates, at a third of a parse's cost) and finds where each constant loop's block ends, and
// that statement is parsed alone. A heap-spray script of 300 KB holds a loop of 200 bytes; parsing it
// whole was 15% of the fast stage's time over ../shared/corpus. What a statement alone cannot decide
// goes to the whole parse: a label, yield or await reaching outside it, a body that is not a block, a
// `do … while`, a script the tokenizer refuses. A loop that ends only because a call throws (a field
// that is not there) is counted as endless: the script text gives it no way out.
import type { Budget } from "../../limits";
import { ACORN_OPTIONS, children, isFunction, parseScript, type AnyNode } from "./ast-analysis";
import { tokenizer, tokTypes } from "acorn";
import { parseJs } from "./acorn-parser";
import { IDENT, skipSpaces } from "./js-chars";
import { indexOfText } from "../../pdf/fast-search";

export interface EndlessLoop {
  /** the loop head as written: "while (true)", "for (;;)", "do … while (1)" */
  excerpt: string;
  /** offset of the loop in the script */
  offset: number;
  /** the body calls alert (app.alert): a dialog that reopens as soon as it is closed */
  alerts: boolean;
  /** the body doubles a string (s += s, s = s + s): memory runs out */
  doubles: boolean;
}

/** a detection threshold, not a budget: anything past this many characters after `for (` is no empty condition (a loop head whose condition is a constant) */
const MAX_FOR_INIT_CHARS = 256;
/** presentation: characters of a loop's head shown */
const EXCERPT_CHARS = 80;
/** loop heads parsed one by one at most; a script with more is parsed whole (a choice of method, not a budget) */
const MAX_SEGMENT_HEADS = 64;

/** Endless loops of a script; [] without parsing when no loop head has a constant condition. */
export function findEndlessLoops(source: string, budget: Budget): EndlessLoop[] {
  const heads = constantLoopHeads(source, MAX_SEGMENT_HEADS + 1);
  if (!heads.length) return [];
  return (
    (heads.length <= MAX_SEGMENT_HEADS && loopsOfStatements(source, heads, budget)) ||
    loopsOfWholeScript(source, budget)
  );
}

function loopsOfWholeScript(source: string, budget: Budget): EndlessLoop[] {
  const parsed = parseScript(source);
  if ("error" in parsed) return [];
  const out: EndlessLoop[] = [];
  walkLoops(parsed.ast, parsed.text ?? source, 0, out, budget);
  return out;
}

/**
 * The loops of each constant loop statement parsed alone, or undefined when one of them cannot be
 * decided that way (the caller parses the whole script). Statements are walked last first and each
 * one's loops as the whole walk finds them, so the list (and the JS_MAX_ENDLESS_LOOPS cut) is the whole parse's.
 */
function loopsOfStatements(source: string, heads: readonly LoopHead[], budget: Budget): EndlessLoop[] | undefined {
  const statements = constantLoopStatements(source, heads);
  if (!statements) return undefined;
  const out: EndlessLoop[] = [];
  for (const { start, end } of statements.reverse()) {
    const text = source.slice(start, end);
    if (keywordIn(text, "yield") || keywordIn(text, "await")) return undefined;
    let ast: AnyNode;
    try {
      ast = parseJs(text, ACORN_OPTIONS);
    } catch {
      // a label or a break that belongs outside the statement
      return undefined;
    }
    if (ast.body.length !== 1 || !isLoopStatement(ast.body[0]) || ast.body[0].end !== text.length) return undefined;
    walkLoops(ast.body[0], text, start, out, budget);
  }
  return out;
}

/** Endless loops under `root` (parsed from `text`, which starts at `offset` in the script) into `out`. */
function walkLoops(root: AnyNode, text: string, offset: number, out: EndlessLoop[], budget: Budget): void {
  const { JS_MAX_LOOP_WALK_NODES: maxNodes, JS_MAX_ENDLESS_LOOPS: maxLoops } = budget.limits;
  const stack: { node: AnyNode; labels: string[] }[] = [{ node: root, labels: [] }];
  for (let nodes = 0; stack.length && nodes < maxNodes; nodes++) {
    const { node, labels } = stack.pop()!;
    if (isConstantLoop(node) && !leaves(node.body, labels, budget)) {
      if (out.length >= maxLoops) {
        budget.budgetHits.add("JS_MAX_ENDLESS_LOOPS");
        return;
      }
      out.push({
        excerpt: headOf(text, node),
        offset: offset + node.start,
        alerts: someNode(node.body, isAlertCall, budget),
        doubles: someNode(node.body, isStringDoubling, budget),
      });
    }
    // a label names the statement right below it: `continue outer` in that loop restarts it
    const own = node.type === "LabeledStatement" ? [...labels, node.label.name] : [];
    for (const kid of children(node)) stack.push({ node: kid, labels: own });
  }
  if (stack.length) budget.budgetHits.add("JS_MAX_LOOP_WALK_NODES");
}

/**
 * The outermost statements (keyword to closing `}`) of the loops whose heads the text scan found, in
 * text order, as acorn's tokenizer reads the script; undefined when one is not a `while`/`for` with a
 * block or empty body, the script has a `do` (its `while` tail looks like a head), or the tokenizer refuses it.
 * Heads the tokenizer reads inside a string, comment or regular expression are no loops.
 */
function constantLoopStatements(
  source: string,
  heads: readonly LoopHead[],
): { start: number; end: number }[] | undefined {
  const wanted = new Set(heads.map((h) => h.at));
  // past the last head's statement the rest of the script holds no statement wanted (a `do` there
  // has its `while` tail after it, and no head is there): the tokenizer stops
  const lastHead = Math.max(...wanted);
  const out: { start: number; end: number }[] = [];
  /** the statement being read: its start, and the brace depth its block closes at (0 while in its head) */
  let open: { start: number; closesAt: number; parens: number } | undefined;
  let braces = 0;
  try {
    const tokens = tokenizer(source, ACORN_OPTIONS);
    for (let t = tokens.getToken(); t.type !== tokTypes.eof; t = tokens.getToken()) {
      if (!open && t.start > lastHead) break;
      if (t.type === tokTypes._do) return undefined;
      if (open && open.closesAt === 0) {
        // in the head: its parentheses, then the block
        if (t.type === tokTypes.parenL) open.parens++;
        else if (t.type === tokTypes.parenR && --open.parens === 0) {
          const body = tokens.getToken();
          if (body.type === tokTypes.semi) {
            // `while (1);`: the hang that follows an exploit's spray
            out.push({ start: open.start, end: body.end });
            open = undefined;
          } else if (body.type === tokTypes.braceL) open.closesAt = ++braces;
          else return undefined;
        }
        continue;
      }
      if (t.type === tokTypes.braceL || t.type === tokTypes.dollarBraceL) braces++;
      else if (t.type === tokTypes.braceR) {
        if (open && braces === open.closesAt) {
          out.push({ start: open.start, end: t.end });
          open = undefined;
        }
        braces--;
      } else if (!open && wanted.has(t.start) && (t.type === tokTypes._while || t.type === tokTypes._for)) {
        open = { start: t.start, closesAt: 0, parens: 0 };
      }
    }
  } catch {
    // an unterminated string or comment, a stray character: the whole parse decides
    return undefined;
  }
  return open ? undefined : out;
}

function isLoopStatement(n: AnyNode): boolean {
  return n.type === "WhileStatement" || n.type === "ForStatement";
}

interface LoopHead {
  kind: "while" | "for";
  /** offset of the keyword */
  at: number;
}

/** A `while`/`for`/`do … while` head with a constant-true condition somewhere in the text (a linear scan). */
export function hasConstantLoopHead(text: string): boolean {
  return constantLoopHeads(text, 1).length > 0;
}

/** The first `max` loop heads with a constant-true condition, in text order. */
function constantLoopHeads(text: string, max: number): LoopHead[] {
  const heads: LoopHead[] = [];
  for (let i = text.indexOf("while"); i >= 0 && heads.length < max; i = text.indexOf("while", i + 5)) {
    if (!keywordAt(text, i, 5)) continue;
    const open = skipSpaces(text, i + 5);
    if (text.charCodeAt(open) !== 0x28) continue;
    const end = constantTrueEnd(text, skipSpaces(text, open + 1));
    if (end >= 0 && text.charCodeAt(skipSpaces(text, end)) === 0x29) heads.push({ kind: "while", at: i });
  }
  const whiles = heads.length;
  for (let i = text.indexOf("for"); i >= 0 && heads.length < whiles + max; i = text.indexOf("for", i + 3)) {
    if (!keywordAt(text, i, 3)) continue;
    const open = skipSpaces(text, i + 3);
    if (text.charCodeAt(open) !== 0x28) continue;
    // the first `;` of the head, looked for over a bounded stretch (a text of `for (` without one stays linear)
    let semi = open + 1;
    const stop = Math.min(text.length, open + MAX_FOR_INIT_CHARS);
    while (semi < stop && text.charCodeAt(semi) !== 0x3b) semi++;
    if (semi < stop && text.charCodeAt(skipSpaces(text, semi + 1)) === 0x3b) heads.push({ kind: "for", at: i });
  }
  return heads.sort((a, b) => a.at - b.at).slice(0, max);
}

/** `word` stands somewhere in `text` as a whole word (in code, a string or a comment alike). */
function keywordIn(text: string, word: string): boolean {
  for (let i = indexOfText(text, word); i >= 0; i = indexOfText(text, word, i + word.length))
    if (keywordAt(text, i, word.length)) return true;
  return false;
}

function keywordAt(text: string, at: number, length: number): boolean {
  return !IDENT[text.charCodeAt(at - 1)] && !IDENT[text.charCodeAt(at + length)];
}

/** Where a constant-true condition starting at `at` ends: true, a non-zero number, !0, !![], !!{}, !!1; -1 if none. */
function constantTrueEnd(text: string, at: number): number {
  for (const word of ["true", "!0", "!![]", "!!{}", "!!1"]) if (text.startsWith(word, at)) return at + word.length;
  let i = at;
  while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
  return i > at && /[1-9]/.test(text.slice(at, i)) ? i : -1;
}

function isConstantLoop(node: AnyNode): boolean {
  if (node.type === "ForStatement") return node.test === null || isTruthyConstant(node.test);
  return (node.type === "WhileStatement" || node.type === "DoWhileStatement") && isTruthyConstant(node.test);
}

/** A literal truthy value, or ! of a falsy one, or !! of a truthy one ([] and {} included). */
function isTruthyConstant(n: AnyNode): boolean {
  if (n.type === "Literal") return !!n.value && !n.regex;
  if (n.type === "ArrayExpression" || n.type === "ObjectExpression") return true;
  if (n.type === "UnaryExpression" && n.operator === "!") return isFalsyConstant(n.argument);
  return false;
}

function isFalsyConstant(n: AnyNode): boolean {
  if (n.type === "Literal") return !n.value && !n.regex;
  if (n.type === "UnaryExpression" && n.operator === "!") return isTruthyConstant(n.argument);
  return false;
}

const BREAKABLE = new Set([
  "ForStatement",
  "WhileStatement",
  "DoWhileStatement",
  "ForInStatement",
  "ForOfStatement",
  "SwitchStatement",
]);

/**
 * Whether the loop body can leave the loop: a break of it (unlabelled outside inner loops and switches,
 * or labelled with a label declared outside the body), a continue of an outer loop, a return, a throw
 * (even one a try inside catches: we do not follow it), yield or await. Nested functions are skipped:
 * their statements do not leave this loop.
 */
function leaves(body: AnyNode, ownLabels: string[], budget: Budget): boolean {
  const maxNodes = budget.limits.JS_MAX_LOOP_WALK_NODES;
  const stack: { node: AnyNode; inner: boolean; labels: Set<string> }[] = [
    { node: body, inner: false, labels: new Set() },
  ];
  for (let nodes = 0; stack.length && nodes < maxNodes; nodes++) {
    const { node, inner, labels } = stack.pop()!;
    switch (node.type) {
      case "ReturnStatement":
      case "ThrowStatement":
      case "YieldExpression":
      case "AwaitExpression":
        return true;
      case "BreakStatement":
        if (node.label ? !labels.has(node.label.name) : !inner) return true;
        break;
      case "ContinueStatement":
        if (node.label && !labels.has(node.label.name) && !ownLabels.includes(node.label.name)) return true;
        break;
    }
    if (isFunction(node)) continue;
    const nowInner = inner || BREAKABLE.has(node.type);
    const nowLabels = node.type === "LabeledStatement" ? new Set([...labels, node.label.name]) : labels;
    for (const kid of children(node)) stack.push({ node: kid, inner: nowInner, labels: nowLabels });
  }
  // a body too large to walk is given the benefit of the doubt
  if (stack.length) budget.budgetHits.add("JS_MAX_LOOP_WALK_NODES");
  return stack.length > 0;
}

function someNode(root: AnyNode, test: (n: AnyNode) => boolean, budget: Budget): boolean {
  const maxNodes = budget.limits.JS_MAX_LOOP_WALK_NODES;
  const stack = [root];
  for (let nodes = 0; stack.length && nodes < maxNodes; nodes++) {
    const n = stack.pop()!;
    if (test(n)) return true;
    if (!isFunction(n)) for (const kid of children(n)) stack.push(kid);
  }
  if (stack.length) budget.budgetHits.add("JS_MAX_LOOP_WALK_NODES");
  return false;
}

function isAlertCall(n: AnyNode): boolean {
  if (n.type !== "CallExpression") return false;
  const c = n.callee;
  return (
    (c.type === "Identifier" && c.name === "alert") ||
    (c.type === "MemberExpression" && !c.computed && c.property?.name === "alert")
  );
}

/** s += s, s = s + s, s = s.concat(s) */
function isStringDoubling(n: AnyNode): boolean {
  if (n.type !== "AssignmentExpression" || n.left.type !== "Identifier") return false;
  const name = n.left.name;
  const same = (x: AnyNode | undefined) => x?.type === "Identifier" && x.name === name;
  const r = n.right;
  if (n.operator === "+=") return same(r);
  if (n.operator !== "=") return false;
  if (r.type === "BinaryExpression" && r.operator === "+") return same(r.left) && same(r.right);
  return (
    r.type === "CallExpression" &&
    r.callee.type === "MemberExpression" &&
    same(r.callee.object) &&
    r.callee.property?.name === "concat" &&
    r.arguments.length === 1 &&
    same(r.arguments[0])
  );
}

function headOf(text: string, node: AnyNode): string {
  if (node.type === "DoWhileStatement")
    return `do … while (${text.slice(node.test.start, node.test.end)})`.slice(0, EXCERPT_CHARS);
  const bodyStart = node.body.start > node.start ? node.body.start : node.end;
  return text.slice(node.start, bodyStart).replace(/\s+/g, " ").trim().slice(0, EXCERPT_CHARS);
}
