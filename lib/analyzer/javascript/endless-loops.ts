// Loops a script can never leave: `while (true)`, `for (;;)`, `do … while (1)` whose body holds no
// break, return, throw, yield or await that leaves it. Run by a viewer, such a script hangs it (the
// JavaScript engine runs on the viewer's main thread); with app.alert inside, every dialog the reader
// closes opens the next one; with a string doubled inside, memory runs out. The denial-of-service
// scripts of the PDF attack literature are this shape. Honest form scripts that loop "forever" leave by
// a break when the answer comes (app.response prompts), so an exit-free constant loop is precise.
//
// A cheap linear scan looks for a constant-true loop head first; only scripts that have one are parsed
// (acorn, as the advanced stage does), so the fast stage parses almost no script. A loop that ends
// only because a call throws (a field that is not there) is counted as endless: the script text gives
// it no way out.
import { children, isFunction, parseScript, type AnyNode } from "./ast-analysis";
import { IDENT, skipSpaces } from "./js-chars";

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

/** loop heads whose condition is a constant: anything past this many characters after `for (` is no empty condition */
const MAX_FOR_INIT_CHARS = 256;
const EXCERPT_CHARS = 80;
/** nodes of one script walked (hostile scripts are megabytes of AST) */
const MAX_WALK_NODES = 3_000_000;
const MAX_LOOPS = 16;

/** Endless loops of a script; [] without parsing when no loop head has a constant condition. */
export function findEndlessLoops(source: string): EndlessLoop[] {
  if (!hasConstantLoopHead(source)) return [];
  const parsed = parseScript(source);
  if ("error" in parsed) return [];
  const text = parsed.text ?? source;
  const out: EndlessLoop[] = [];
  const stack: { node: AnyNode; labels: string[] }[] = [{ node: parsed.ast, labels: [] }];
  for (let nodes = 0; stack.length && nodes < MAX_WALK_NODES && out.length < MAX_LOOPS; nodes++) {
    const { node, labels } = stack.pop()!;
    if (isConstantLoop(node) && !leaves(node.body, labels)) {
      out.push({ excerpt: headOf(text, node), offset: node.start, alerts: someNode(node.body, isAlertCall), doubles: someNode(node.body, isStringDoubling) });
    }
    // a label names the statement right below it: `continue outer` in that loop restarts it
    const own = node.type === "LabeledStatement" ? [...labels, node.label.name] : [];
    for (const kid of children(node)) stack.push({ node: kid, labels: own });
  }
  return out;
}

/** A `while`/`for`/`do … while` head with a constant-true condition somewhere in the text (a linear scan). */
export function hasConstantLoopHead(text: string): boolean {
  for (let i = text.indexOf("while"); i >= 0; i = text.indexOf("while", i + 5)) {
    if (!keywordAt(text, i, 5)) continue;
    const open = skipSpaces(text, i + 5);
    if (text.charCodeAt(open) !== 0x28) continue;
    const end = constantTrueEnd(text, skipSpaces(text, open + 1));
    if (end >= 0 && text.charCodeAt(skipSpaces(text, end)) === 0x29) return true;
  }
  for (let i = text.indexOf("for"); i >= 0; i = text.indexOf("for", i + 3)) {
    if (!keywordAt(text, i, 3)) continue;
    const open = skipSpaces(text, i + 3);
    if (text.charCodeAt(open) !== 0x28) continue;
    // the first `;` of the head, looked for over a bounded stretch (a text of `for (` without one stays linear)
    let semi = open + 1;
    const stop = Math.min(text.length, open + MAX_FOR_INIT_CHARS);
    while (semi < stop && text.charCodeAt(semi) !== 0x3b) semi++;
    if (semi < stop && text.charCodeAt(skipSpaces(text, semi + 1)) === 0x3b) return true;
  }
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

const BREAKABLE = new Set(["ForStatement", "WhileStatement", "DoWhileStatement", "ForInStatement", "ForOfStatement", "SwitchStatement"]);
const INNER_LOOPS = new Set(["ForStatement", "WhileStatement", "DoWhileStatement", "ForInStatement", "ForOfStatement"]);

/**
 * Whether the loop body can leave the loop: a break of it (unlabelled outside inner loops and switches,
 * or labelled with a label declared outside the body), a continue of an outer loop, a return, a throw
 * (even one a try inside catches: we do not follow it), yield or await. Nested functions are skipped:
 * their statements do not leave this loop.
 */
function leaves(body: AnyNode, ownLabels: string[]): boolean {
  const stack: { node: AnyNode; inner: boolean; labels: Set<string> }[] = [{ node: body, inner: false, labels: new Set() }];
  for (let nodes = 0; stack.length && nodes < MAX_WALK_NODES; nodes++) {
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
  return stack.length > 0;
}

function someNode(root: AnyNode, test: (n: AnyNode) => boolean): boolean {
  const stack = [root];
  for (let nodes = 0; stack.length && nodes < MAX_WALK_NODES; nodes++) {
    const n = stack.pop()!;
    if (test(n)) return true;
    if (!isFunction(n)) for (const kid of children(n)) stack.push(kid);
  }
  return false;
}

function isAlertCall(n: AnyNode): boolean {
  if (n.type !== "CallExpression") return false;
  const c = n.callee;
  return (c.type === "Identifier" && c.name === "alert") || (c.type === "MemberExpression" && !c.computed && c.property?.name === "alert");
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
  return r.type === "CallExpression" && r.callee.type === "MemberExpression" && same(r.callee.object) && r.callee.property?.name === "concat" && r.arguments.length === 1 && same(r.arguments[0]);
}

function headOf(text: string, node: AnyNode): string {
  if (node.type === "DoWhileStatement") return `do … while (${text.slice(node.test.start, node.test.end)})`.slice(0, EXCERPT_CHARS);
  const bodyStart = node.body.start > node.start ? node.body.start : node.end;
  return text.slice(node.start, bodyStart).replace(/\s+/g, " ").trim().slice(0, EXCERPT_CHARS);
}
