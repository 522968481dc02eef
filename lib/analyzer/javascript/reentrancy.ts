// The triggers of the reader use-after-free and type-confusion bugs of 2019-2023: a script that makes the
// reader call back into it in the middle of the reader's own work. Getters and setters installed on an
// object (__defineGetter__, Object.defineProperty), Proxy traps, a prototype swapped under an object, a
// valueOf replaced by a function: a reader API that reads such an object (a field's value, event.target, a
// parameter) runs the script's function before it is done, and that function frees what the reader holds
// or hands it an object of another type. A field action installed by script (field.setAction) whose code
// deletes pages, fields or the document runs the same way, while the reader formats or calculates.
// hacksysteam's public proofs of concept are built this way: CVE-2023-21608 (getters on event and a field,
// then resetForm), CVE-2022-28672 (a Format action that calls deletePages, set off by a Calculate action).
// Form scripts do none of it: over the 1,790 files of the three corpora no script installs a getter, a
// Proxy or a prototype, replaces valueOf, or calls setAction. Text level, each shape tried only when its
// anchor word occurs.

import { shapeAt, type ScriptShape } from "./script-shape";
import { includesText, indexOfText } from "../../pdf/fast-search";

export type ReentrancyKind = "accessor" | "proxy" | "prototype-swap" | "conversion-override" | "action-frees";

export type ReentrancyShape = ScriptShape<ReentrancyKind>;

/** a detection window, not a budget: how much of a named callback's body is read for a freeing call */
const CALLBACK_BODY_CHARS = 2048;
/** a detection window, not a budget: the first actions set by script are read (each may search the text once) */
const MAX_SET_ACTIONS = 16;

const ACCESSOR = /__define[GS]etter__\s*\(|\bObject\s*\.\s*define(?:Property|Properties)\s*\(/;
const PROXY = /\bnew\s+Proxy\s*\(/;
const PROTOTYPE_SWAP = /\b__proto__\s*=[^=]|\b(?:Object|Reflect)\s*\.\s*setPrototypeOf\s*\(/;
/** valueOf replaced by a function: a number conversion that runs the script (toString is left to libraries) */
const CONVERSION_OVERRIDE = /\bvalueOf\s*[:=]\s*function\b|\bvalueOf\s*\(\s*\)\s*\{|\bvalueOf\s*[:=]\s*\(\s*\)\s*=>/;
/**
 * field.setAction("Format", "code"): the code as a string literal, for the triggers the reader runs while
 * it works on a value (format, keystroke, validate, calculate, focus); a click's action (a "Clear form"
 * button's resetForm) runs when the reader is idle
 */
const SET_ACTION =
  /\.\s*setAction\s*\(\s*["'](?:Format|Keystroke|Validate|Calculate|OnFocus|OnBlur)["']\s*,\s*(["'])((?:(?!\1)[^\\\n]|\\.){0,512})\1/g;
/** reader calls that free document objects: pages, fields, the form's values, data objects, the document */
const FREES =
  /\b(?:deletePages|removeField|resetForm|closeDoc|removeDataObject|removeTemplate|removeIcon|removeScript|removeLinks|removeWeblinks|flattenPages|replacePages)\s*\(|\.\s*destroy\s*\(\s*\)/;
/** the call of a named function at the head of an action's code: "callback0()" */
const CALLED_NAME = /^\s*([A-Za-z_$][\w$]{0,63})\s*\(/;

/** the reader's own objects, which the shapes are aimed at: a script library that never touches them is left alone */
const READER_OBJECT = /\b(?:this|event|app|Collab|util|xfa)\s*[.[]|\bgetField\s*\(/;

/** Each shape: the words it cannot occur without, and where it first occurs (-1: nowhere). */
const SHAPES: readonly { kind: ReentrancyKind; anchors: readonly string[]; find: (text: string) => number }[] = [
  { kind: "accessor", anchors: ["define"], find: (t) => firstMatch(ACCESSOR, t) },
  { kind: "proxy", anchors: ["Proxy"], find: (t) => firstMatch(PROXY, t) },
  { kind: "prototype-swap", anchors: ["__proto__", "setPrototypeOf"], find: (t) => firstMatch(PROTOTYPE_SWAP, t) },
  { kind: "conversion-override", anchors: ["valueOf"], find: (t) => firstMatch(CONVERSION_OVERRIDE, t) },
  { kind: "action-frees", anchors: ["setAction"], find: (t) => actionThatFrees(t) },
];

/** The re-entrancy shapes `text` shows, each kind once with its first evidence; none in a script that never touches the reader's objects. */
export function findReentrancyShapes(text: string): ReentrancyShape[] {
  const candidates = SHAPES.filter((s) => s.anchors.some((a) => includesText(text, a)));
  if (!candidates.length || !READER_OBJECT.test(text)) return [];
  return candidates.flatMap(({ kind, find }) => {
    const i = find(text);
    return i >= 0 ? [shapeAt(kind, text, i)] : [];
  });
}

function firstMatch(re: RegExp, text: string): number {
  return re.exec(text)?.index ?? -1;
}

/** Where a field action set by script frees document objects, itself or through the function it calls; -1 if none. */
function actionThatFrees(text: string): number {
  SET_ACTION.lastIndex = 0;
  let seen = 0;
  for (let m = SET_ACTION.exec(text); m && seen++ < MAX_SET_ACTIONS; m = SET_ACTION.exec(text)) {
    const code = m[2];
    if (FREES.test(code)) return m.index;
    const name = CALLED_NAME.exec(code)?.[1];
    if (name && FREES.test(functionBody(text, name))) return m.index;
  }
  return -1;
}

/** The first CALLBACK_BODY_CHARS after `function name(`, or "" when the script declares no such function. */
function functionBody(text: string, name: string): string {
  for (let i = indexOfText(text, name); i >= 0; i = indexOfText(text, name, i + name.length)) {
    if (/\bfunction\s+$/.test(text.slice(Math.max(0, i - 16), i)))
      return text.slice(i + name.length, i + name.length + CALLBACK_BODY_CHARS);
  }
  return "";
}
