// Worker thread that parses one script with a large stack (resourceLimits.stackSizeMb): acorn is
// recursive descent, and hostile scripts nest thousands of levels ('a'+'b'+... x 100k, (((...)))).
// The AST goes back flattened: an array of shallow nodes whose children are {$: index} references.
// A 100k-deep tree can be neither structured-cloned nor JSON.stringified in reasonable time (V8
// falls back to a slow path: 11 s for 100k levels); the flat table clones in milliseconds and the
// main thread relinks it without recursion. Plain .mjs so no TypeScript loader is needed.
// Options: keep in step with ACORN_OPTIONS in lib/analyzer/javascript/ast-analysis.ts.
import { parentPort, workerData } from "node:worker_threads";
import { Parser } from "acorn";

const ACORN_OPTIONS = {
  ecmaVersion: "latest",
  sourceType: "script",
  allowReturnOutsideFunction: true,
  allowHashBang: true,
  allowReserved: true,
  locations: false,
};

// stack overflows unwind to the catch below instead of acorn's catchStackOverflow, whose regex V8 would
// compile with no stack left and abort on (lib/analyzer/javascript/acorn-parser.ts)
const StackOverflowPassingParser = Parser.extend(
  (Base) =>
    class extends Base {
      catchStackOverflow(f) {
        return f();
      }
    },
);

const isNode = (v) => v !== null && typeof v === "object" && typeof v.type === "string";

/** Breadth-first copy of the tree into a table; index 0 is the root. */
function flatten(root, maxNodes) {
  const table = [];
  const queue = [root];
  const index = new Map([[root, 0]]);
  const ref = (n) => {
    let i = index.get(n);
    if (i === undefined) {
      i = queue.length;
      index.set(n, i);
      queue.push(n);
    }
    return { $: i };
  };
  for (let q = 0; q < queue.length; q++) {
    if (q >= maxNodes) throw new Error(`AST larger than ${maxNodes} nodes`);
    const node = queue[q];
    const copy = {};
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (isNode(v)) copy[key] = ref(v);
      else if (Array.isArray(v)) copy[key] = v.map((x) => (isNode(x) ? ref(x) : x));
      // RegExp and BigInt literal values do not clone; the node keeps `regex` / `bigint`
      else if (v instanceof RegExp) copy[key] = null;
      else if (typeof v === "bigint") copy[key] = String(v);
      else copy[key] = v;
    }
    table.push(copy);
  }
  return table;
}

try {
  const ast = StackOverflowPassingParser.parse(workerData.text, ACORN_OPTIONS);
  parentPort.postMessage({ table: flatten(ast, workerData.maxNodes) });
} catch (e) {
  parentPort.postMessage({ error: String(e && e.message ? e.message : e).slice(0, 200) });
}
