// Scripts that write a file to a path they name (JavaScript for Acrobat API Reference: Doc.saveAs,
// exportAsFDF, exportAsXFDF, exportAsText, exportXFAData and extractPages take a cPath; XFA's
// xfa.host.exportData a file name). Acrobat
// allows a document's own script such a write only from a privileged context; Foxit PDF Reader let
// exportXFAData write a file of any type (CVE-2023-27363, ZDI-23-491: the public proof of concept writes
// an .hta into the Startup folder, which Windows runs at the next logon). Found in the text for the fast
// stage; the sandbox sees the calls a script really makes, with the path it built at run time.
import type { Budget } from "../../limits";
import { fileKindOfExtension, RUNNABLE_KINDS } from "../file-kinds";
import { afterDialog, matchingParen, readStringLiteral } from "./callback-apis";
import { IDENT, skipSpaces, skipString, SPACE } from "./js-chars";
import { runsOnLoad } from "./runs-on-load";

export interface FileWriteApi {
  /** the name the sandbox records (acrobat-stubs.ts) */
  api: string;
  member: string;
  /** position of cPath among the positional arguments (the API reference's order) */
  pathIndex: number;
  /** the object it must be called on, where the method name alone is too common (xfa.host.exportData) */
  receiver?: string;
}

export const FILE_WRITE_APIS: readonly FileWriteApi[] = [
  { api: "this.saveAs", member: "saveAs", pathIndex: 0 },
  { api: "this.exportAsFDF", member: "exportAsFDF", pathIndex: 4 },
  { api: "this.exportAsXFDF", member: "exportAsXFDF", pathIndex: 3 },
  { api: "this.exportAsText", member: "exportAsText", pathIndex: 2 },
  { api: "this.exportXFAData", member: "exportXFAData", pathIndex: 0 },
  { api: "this.extractPages", member: "extractPages", pathIndex: 2 },
  // XFA 3.3 host model: exportData(filename, bXDP) writes the form's data to a file
  { api: "xfa.host.exportData", member: "exportData", pathIndex: 0, receiver: "host" },
];

const API_BY_MEMBER = new Map(FILE_WRITE_APIS.map((a) => [a.member, a]));
const API_BY_NAME = new Map(FILE_WRITE_APIS.map((a) => [a.api, a]));
export const ANY_FILE_WRITE = new RegExp(`\\b(${FILE_WRITE_APIS.map((a) => a.member).join("|")})\\s*\\(`, "g");

/**
 * What the written file does on the victim's machine: "logon", it lies in a folder whose files run
 * at logon (ATT&CK T1547.001 Startup folder, macOS LaunchAgents/LaunchDaemons, XDG autostart); "open",
 * its type runs when opened (lib/analyzer/file-kinds.ts); null, neither.
 */
export type WrittenFileRuns = "logon" | "open" | null;

export interface FileWrite {
  api: string;
  /** the path written, as far as the text or the run spells it (pieces it could not resolve are left out) */
  path?: string;
  runs: WrittenFileRuns;
  /** the call as written (static) or as the sandbox recorded it, clipped */
  text: string;
  /** runs when the script runs: not only inside a function the script defines for a button (runs-on-load.ts) */
  onLoad: boolean;
  /** runs only after the reader answered a dialog (callback-apis.ts afterDialog) */
  afterDialog: boolean;
}

/** presentation: characters of the call kept as its text, and of a path */
const CALL_TEXT_CHARS = 160;
const PATH_CHARS = 260;
/** a detection window, not a budget: how far past the call's "(" its arguments are read */
const ARGUMENT_WINDOW = 400;
/** a detection window, not a budget: how far before a call the assignment of a variable it passes is looked for */
const ASSIGNMENT_WINDOW = 4000;
/** variables resolved through other variables: `p = dir + name` */
const MAX_RESOLVE_DEPTH = 3;
/** a detection window, not a budget: variable lookups per path (a + a + a + ... must not fan out) */
const MAX_RESOLVE_LOOKUPS = 32;

const AUTOSTART_FOLDERS = [
  /\/start menu\/programs\/startup\//,
  /\/library\/launch(agents|daemons)\//,
  /\/\.config\/autostart\//,
];

export function writtenFileRuns(path: string | undefined): WrittenFileRuns {
  if (!path) return null;
  const p = `/${path.toLowerCase().replace(/\\+/g, "/")}`;
  if (AUTOSTART_FOLDERS.some((re) => re.test(p))) return "logon";
  const name = p.slice(p.lastIndexOf("/") + 1).trim();
  const dot = name.lastIndexOf(".");
  const kind = dot > 0 ? fileKindOfExtension(name.slice(dot + 1)) : null;
  return kind !== null && RUNNABLE_KINDS.has(kind) ? "open" : null;
}

/** The file-writing calls of a script's text, JS_MAX_CALLS_PER_API in all (a hit when more are left unread). */
export function findFileWrites(text: string, budget: Budget): FileWrite[] {
  const out: FileWrite[] = [];
  ANY_FILE_WRITE.lastIndex = 0;
  let m = ANY_FILE_WRITE.exec(text);
  if (!m) return out;
  const layout = runsOnLoad(text, budget);
  for (; m && out.length < budget.limits.JS_MAX_CALLS_PER_API; m = ANY_FILE_WRITE.exec(text)) {
    const api = API_BY_MEMBER.get(m[1])!;
    // a Doc method is called on a document (this., event.target., app.doc.): a bare name is the
    // script's own function, or its definition
    if (layout.inComment(m.index) || !calledAsMember(text, m.index, api.receiver)) continue;
    const args = argumentsOf(text, m.index + m[0].length - 1);
    // saveAs() with nothing to write to is Acrobat's Save As dialog: the reader picks the place.
    // Arguments that run past the window are a write all the same, to a path left unresolved
    if (args !== null && args.trim() === "") continue;
    const path = args === null ? undefined : pathOf(text, m.index, args, api.pathIndex);
    out.push({
      api: api.api,
      path,
      runs: writtenFileRuns(path),
      text: text.slice(m.index, m.index + CALL_TEXT_CHARS),
      onLoad: layout.runs(m.index),
      afterDialog: afterDialog(text, m.index),
    });
  }
  if (m) budget.budgetHits.add("JS_MAX_CALLS_PER_API");
  return out;
}

/** The name at `nameAt` follows a "." (and `receiver` before it, when given): `x.name(`, not `name(`. */
function calledAsMember(text: string, nameAt: number, receiver?: string): boolean {
  let i = nameAt - 1;
  while (i >= 0 && SPACE[text.charCodeAt(i)]) i--;
  if (text.charCodeAt(i) !== 0x2e) return false;
  if (receiver === undefined) return true;
  i--;
  while (i >= 0 && SPACE[text.charCodeAt(i)]) i--;
  const start = i - receiver.length + 1;
  return start >= 0 && text.startsWith(receiver, start) && !IDENT[text.charCodeAt(start - 1)];
}

/** A write the sandbox recorded (acrobat-stubs.ts: objects as JSON, other arguments as strings), or null for other calls. */
export function fileWriteOfCall(call: {
  api: string;
  args: string[];
}): Omit<FileWrite, "onLoad" | "afterDialog"> | null {
  const api = API_BY_NAME.get(call.api);
  if (!api || call.args.length === 0) return null;
  const first = call.args[0];
  let path: unknown = call.args[api.pathIndex];
  if (first?.startsWith("{")) {
    try {
      path = (JSON.parse(first) as { cPath?: unknown }).cPath;
    } catch {
      path = undefined;
    }
  }
  const written =
    typeof path === "string" && path !== "undefined" && path !== "" ? path.slice(0, PATH_CHARS) : undefined;
  return {
    api: api.api,
    path: written,
    runs: writtenFileRuns(written),
    text: `${api.api}(${call.args.join(", ")})`.slice(0, CALL_TEXT_CHARS),
  };
}

/** The text between the "(" at `open` and its ")", within ARGUMENT_WINDOW; null when it does not close there. */
function argumentsOf(text: string, open: number): string | null {
  const close = matchingParen(text, open, Math.min(text.length, open + ARGUMENT_WINDOW));
  return close === -1 ? null : text.slice(open + 1, close);
}

/** The cPath of an object argument ({cPath: ...}), else the positional argument at `index`, as far as it resolves. */
function pathOf(text: string, callAt: number, args: string, index: number): string | undefined {
  const trimmed = args.trim();
  let expression: string | undefined;
  if (trimmed.startsWith("{")) {
    const key = /\bcPath\s*:/.exec(trimmed);
    expression = key ? splitTopLevel(trimmed.slice(key.index + key[0].length), ",}")[0] : undefined;
  } else expression = splitTopLevel(trimmed, ",")[index];
  if (expression === undefined) return undefined;
  const value = evaluate(text, callAt, expression, 0, { lookups: MAX_RESOLVE_LOOKUPS });
  return value ? value.slice(0, PATH_CHARS) : undefined;
}

/**
 * A string expression's value where it is made of literals and variables joined by "+" (the way
 * droppers spell a path: "C:\\Users\\" + user + "\\...\\Startup\\x.hta"); parts that do not resolve
 * count as empty. Never runs the script: literals and assignments are read as text.
 */
function evaluate(text: string, before: number, expression: string, depth: number, left: { lookups: number }): string {
  let value = "";
  for (const raw of splitTopLevel(expression, "+")) {
    const part = raw.trim();
    const q = part.charCodeAt(0);
    if (q === 0x22 || q === 0x27) value += readStringLiteral(part, 0, PATH_CHARS);
    else if (depth < MAX_RESOLVE_DEPTH && left.lookups > 0 && /^[A-Za-z_$][\w$]*$/.test(part)) {
      left.lookups--;
      const assigned = lastAssignment(text, before, part);
      if (assigned) value += evaluate(text, assigned.at, assigned.expression, depth + 1, left);
    }
    if (value.length >= PATH_CHARS) break;
  }
  return value;
}

/** The expression last assigned to `name` (name = ...; var/let/const too) before `before`, within ASSIGNMENT_WINDOW. */
function lastAssignment(text: string, before: number, name: string): { at: number; expression: string } | null {
  const from = Math.max(0, before - ASSIGNMENT_WINDOW);
  for (let at = text.lastIndexOf(name, before - 1); at >= from; at = at === 0 ? -1 : text.lastIndexOf(name, at - 1)) {
    if ((at > 0 && IDENT[text.charCodeAt(at - 1)]) || IDENT[text.charCodeAt(at + name.length)]) continue;
    if (at > 0 && text.charCodeAt(at - 1) === 0x2e) continue; // obj.name = ... is another variable
    const j = skipSpaces(text, at + name.length);
    if (text.charCodeAt(j) !== 0x3d || text.charCodeAt(j + 1) === 0x3d) continue;
    const end = statementEnd(text, j + 1, before);
    return { at, expression: text.slice(j + 1, end) };
  }
  return null;
}

/** Where the statement starting at `from` ends (";" or a line break outside string literals), at most `limit`. */
function statementEnd(text: string, from: number, limit: number): number {
  for (let i = from; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3b || c === 0x0a) return i;
    if (c === 0x22 || c === 0x27) i = skipString(text, i) - 1;
  }
  return limit;
}

/** `s` cut at the separators that stand outside literals, parentheses, brackets and braces. */
function splitTopLevel(s: string, separators: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"' || c === "'") i = skipString(s, i) - 1;
    else if (depth === 0 && separators.includes(c)) {
      parts.push(s.slice(start, i));
      start = i + 1;
      if (c === "}") return parts;
    } else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") depth--;
  }
  parts.push(s.slice(start));
  return parts;
}
