// The primitives of the memory-corruption exploits that reader scripts run since the string heap sprays
// went out of use (the use-after-free and type-confusion proofs of concept of 2019-2024: CVE-2020-9715's
// public exploit, corpus a34b82b399e8; the Acrobat and Foxit exploit write-ups after it). They groom the
// heap with ArrayBuffers or typed arrays made in a loop and punch holes in it (every other element let
// go, for the freed object's replacement to land in), read and write memory through a DataView or a
// typed array once a length is corrupted, test for that corruption (`byteLength == -1`) and write
// pointers as denormal doubles (2.12e-314 is 0x0000000100000000 read as a float). Form scripts use none
// of them: over the 1,790 files of the three corpora, one script names ArrayBuffer or DataView, and it is
// that exploit; none lets every other element of an array go. Text level, each primitive tried only when
// its anchor word occurs.

import { shapeAt, type ScriptShape } from "./script-shape";
import { includesText } from "../../pdf/fast-search";

export type MemoryPrimitiveKind =
  "typed-array-spray" | "heap-holes" | "raw-memory-access" | "corrupted-length-check" | "pointer-as-double";

export type MemoryPrimitive = ScriptShape<MemoryPrimitiveKind>;

/** a detection window, not a budget: how far before an allocation the loop that repeats it may start */
const LOOP_WINDOW = 400;

const TYPED_ALLOCATION =
  /\bnew\s+(?:ArrayBuffer|SharedArrayBuffer|DataView|(?:Ui|I)nt(?:8|16|32)Array|Uint8ClampedArray|Float(?:32|64)Array|Big(?:Ui|I)nt64Array)\s*\(/g;
const LOOP_HEAD = /\b(?:for|while)\s*\(/g;
/**
 * a loop that steps by two (`i += 2`, `i = i + 2`): it visits every other element. Each clause is read
 * for at most 100 characters, so a text of unclosed `for (` heads costs a bounded scan from each.
 */
const EVERY_OTHER_LOOP = /\bfor\s*\([^;)]{0,100};[^;)]{0,100};\s*[\w$]+\s*(?:\+=\s*2|=\s*[\w$]+\s*\+\s*2)\s*\)/g;
/**
 * an array element let go: `delete a[i]`, or the end of `a[i] = null` / `= undefined`, whose index
 * INDEX_BEFORE checks (a pattern that began with the array's name would rescan a long word from each
 * of its characters)
 */
const ELEMENT_FREED = /\bdelete\s+[\w$.]+\s*\[\s*[\w$]+\s*\]|\]\s*=\s*(?:null|undefined)\b/g;
/** what comes before the `]` of a freed element: `name[index` (read in a window of INDEX_WINDOW characters) */
const INDEX_BEFORE = /[\w$\])]\s*\[\s*[\w$]+\s*$/;
const INDEX_WINDOW = 80;
/** a test of an index's parity (`i % 2 == 0`), which picks every other element */
const PARITY_TEST = /%\s*2\s*[!=]==?\s*[01]\b/;
/** detection windows, not budgets: how far after an every-other loop, or after a parity test, the element is let go */
const HOLE_LOOP_WINDOW = 200;
const HOLE_TEST_WINDOW = 60;
/** DataView's accessors (typed arrays are read by index, which any array does too) */
const RAW_ACCESS = /\.\s*(?:get|set)(?:Ui|I)nt(?:8|16|32)\s*\(|\.\s*(?:get|set)(?:Float(?:32|64)|Big(?:Ui|I)nt64)\s*\(/;
/** a length compared with what only a corrupted object has */
const CORRUPTED_LENGTH = /\b(?:byteLength|length)\s*[!=]==?\s*(?:-\s*1\b|0x[fF]{8}\b|0x7[fF]{7}\b|4294967295\b)/;
/** a double literal in the denormal range the exploits write pointers with (about 1e-308 to 5e-324) */
const DENORMAL_DOUBLE = /\b\d(?:\.\d+)?[eE]-3(?:09|1\d|2[0-4])\b/;

/** The primitive kinds a script's text shows, each once with its first evidence. */
export function findMemoryPrimitives(text: string): MemoryPrimitive[] {
  const out: MemoryPrimitive[] = [];
  const at = (kind: MemoryPrimitiveKind, index: number) => out.push(shapeAt(kind, text, index));
  if (text.includes("Array") || includesText(text, "DataView")) {
    const spray = allocationInLoop(text);
    if (spray !== -1) at("typed-array-spray", spray);
    const raw = RAW_ACCESS.exec(text);
    if (raw) at("raw-memory-access", raw.index);
  }
  if (text.includes("null") || text.includes("undefined") || text.includes("delete")) {
    const hole = everyOtherElementFreed(text);
    if (hole !== -1) at("heap-holes", hole);
  }
  if (text.includes("ength")) {
    const length = CORRUPTED_LENGTH.exec(text);
    if (length) at("corrupted-length-check", length.index);
  }
  if (text.includes("e-3") || text.includes("E-3")) {
    const double = DENORMAL_DOUBLE.exec(text);
    if (double) at("pointer-as-double", double.index);
  }
  return out;
}

/** Where a typed allocation first follows a loop head within LOOP_WINDOW characters, or -1. */
function allocationInLoop(text: string): number {
  return firstAfterHead(text, LOOP_HEAD, TYPED_ALLOCATION, LOOP_WINDOW, (_, afterLoop) => afterLoop);
}

/**
 * Where an array element is first let go for every other index (after a loop stepping by two, or
 * under a parity test), or -1: the holes a use-after-free exploit punches between the objects it
 * sprayed, so that the freed object is replaced by one it controls.
 */
function everyOtherElementFreed(text: string): number {
  return firstAfterHead(text, EVERY_OTHER_LOOP, ELEMENT_FREED, HOLE_LOOP_WINDOW, (m, afterLoop) => {
    if (m[0][0] === "]" && !INDEX_BEFORE.test(text.slice(Math.max(0, m.index - INDEX_WINDOW), m.index))) return false;
    return afterLoop || PARITY_TEST.test(text.slice(Math.max(0, m.index - HOLE_TEST_WINDOW), m.index));
  });
}

/**
 * Where the first match of `target` that `accepts` takes lies, or -1; `accepts` is told whether a
 * match of `head` (a loop head) begins at most `window` characters before it. Both global regexes
 * walk the text once, forward.
 */
function firstAfterHead(
  text: string,
  head: RegExp,
  target: RegExp,
  window: number,
  accepts: (match: RegExpExecArray, afterHead: boolean) => boolean,
): number {
  head.lastIndex = 0;
  target.lastIndex = 0;
  let lastHead = -Infinity;
  let next = head.exec(text);
  for (let m = target.exec(text); m; m = target.exec(text)) {
    while (next && next.index < m.index) {
      lastHead = next.index;
      next = head.exec(text);
    }
    if (accepts(m, m.index - lastHead <= window)) return m.index;
  }
  return -1;
}
