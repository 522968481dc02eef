// What disarm removes, declared once (the disarm walk and the summary read these tables): action
// types that run code or reach outside the document, annotation types that carry media, files or
// rich content, and dictionary keys that trigger or hold active content wherever they appear.
// ISO 32000-2 §12.6.4 (action types), §12.5.6 (annotation types), §7.11.4 (embedded files).

/** The kinds a removal is counted under in the summary. */
export const REMOVAL_KINDS = [
  "javascript",
  "launch",
  "uri",
  "submit-form",
  "import-data",
  "remote-goto",
  "media",
  "automatic-action",
  "embedded-file",
  "xfa",
  "annotation",
  "portfolio",
  "xdp-package",
  "font-exploit",
  "payload",
  "external-content",
] as const;
export type RemovalKind = (typeof REMOVAL_KINDS)[number];

/**
 * Action types removed wherever they are (/A of a link or field, /Next of another action, an outline
 * item): they run code, start programs, send data, open other files or play media.
 */
export const REMOVED_ACTION_TYPES: ReadonlyMap<string, RemovalKind> = new Map([
  ["JavaScript", "javascript"],
  ["Launch", "launch"],
  ["URI", "uri"],
  ["SubmitForm", "submit-form"],
  ["ImportData", "import-data"],
  // another file, possibly a UNC path that leaks credentials (SMB) or an embedded PDF that runs its own
  ["GoToR", "remote-goto"],
  ["GoToE", "remote-goto"],
  ["Rendition", "media"],
  ["RichMediaExecute", "media"],
  ["Sound", "media"],
  ["Movie", "media"],
  ["GoTo3DView", "media"],
]);

/**
 * Annotations removed with everything only they reach: attached files, Flash/RichMedia, 3D models
 * (U3D/PRC exploits), and the media players (Screen carries Rendition actions).
 */
export const REMOVED_ANNOTATION_TYPES: ReadonlySet<string> = new Set([
  "FileAttachment",
  "RichMedia",
  "3D",
  "Screen",
  "Movie",
  "Sound",
]);

/**
 * Keys of a stream dictionary that take its data from outside the document: /F names the file whose
 * bytes replace the stream's own (§7.3.8.2), with its /FFilter and /FDecodeParms; a form's /Ref imports
 * a page of another PDF (§8.10.4). A reader that follows them fetches a URL or a share (the NTLM hash
 * goes with it) as the page is drawn, without an action.
 */
export const EXTERNAL_STREAM_KEYS: readonly string[] = ["F", "FFilter", "FDecodeParms", "Ref"];

/** Keys removed from every dictionary, with the kind of what they hold (actions are kinded by their type). */
export const REMOVED_KEYS: ReadonlyMap<string, RemovalKind | "action"> = new Map<string, RemovalKind | "action">([
  // triggers (§12.6.3): actions that run without a click, on open, page view, focus, print...
  ["OpenAction", "action"],
  ["AA", "action"],
  // a script on an action dictionary kept for its type (only JavaScript and Rendition actions have one)
  ["JS", "javascript"],
  // the name dictionary's document-level scripts and attachments (§7.7.4)
  ["JavaScript", "javascript"],
  ["EmbeddedFiles", "embedded-file"],
  // a file specification's embedded and related files (§7.11.4)
  ["EF", "embedded-file"],
  ["RF", "embedded-file"],
  // the XFA form and its scripts, the AcroForm fields staying (§12.7.8), and the catalog's request
  // to render the pages from it (§7.7.2)
  ["XFA", "xfa"],
  ["NeedsRendering", "xfa"],
  // a portfolio shows its attachments instead of the cover page (§12.3.5)
  ["Collection", "portfolio"],
]);

/**
 * Names that make a keyword triage (pdfid, the analyzer's keyword counts) see active content. Where
 * one is left after the removals above (a key or a value no reader acts on: a mangled /Type, a stray
 * key), it goes too, as pdfid -d renames them: a copy must not look active to a byte-level scan.
 */
export const ACTIVE_NAMES: ReadonlyMap<string, RemovalKind> = new Map<string, RemovalKind>([
  ...REMOVED_ACTION_TYPES,
  ["JS", "javascript"],
  ["AA", "automatic-action"],
  ["OpenAction", "automatic-action"],
  ["EmbeddedFile", "embedded-file"],
  ["EmbeddedFiles", "embedded-file"],
  ["XFA", "xfa"],
  ["RichMedia", "media"],
]);
