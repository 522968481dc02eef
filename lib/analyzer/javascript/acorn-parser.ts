// acorn with stack overflows left to the caller. acorn (8.19) wraps every expression it parses in
// catchStackOverflow, which tests a caught RangeError's message with a regex at the level that caught
// it: the deepest level of a hostile nesting, with no stack left. V8 compiles that regex there and,
// out of stack for its compiler, aborts the whole process ("RegExpCompiler Allocation failed - process
// out of memory": fuzz seed 1411, and 5,000 levels of `this[` did it on the main thread of
// `pdfscan analyze --deep`). Without the wrapper the RangeError unwinds to the caller's catch, where
// the stack is back (parseScript reads it as too deep and hands the script to the worker parser).
// lib/engines/sandbox/parse-worker.mjs does the same (keep both in step).
import { Parser, type Options } from "acorn";
import type { AnyNode } from "./constant-fold";

const StackOverflowPassingParser = Parser.extend(
  (Base) =>
    class extends Base {
      catchStackOverflow<T>(f: () => T): T {
        return f();
      }
    },
);

export function parseJs(source: string, options: Options): AnyNode {
  return StackOverflowPassingParser.parse(source, options) as unknown as AnyNode;
}
