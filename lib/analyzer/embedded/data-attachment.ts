// Attachments that are data: what an invoice, a report or a form carries beside itself (the XML of a
// Factur-X / ZUGFeRD e-invoice, a CSV of figures, the Word or Excel source, a photo). Nothing in them
// runs: no program, script, shortcut or disk image, no archive to unpack, no web page, no RTF (the Office
// exploit format) and no macros. Whether something that runs is attached is decided by the rules that
// look for it (embedded-executable, embedded-script-content, embedded-archive-executable,
// embedded-active-content, embedded-type-mismatch); an attachment of data is context for the
// embedded-file rule, not evidence.
import { hasOfficeMacros, type PayloadKind } from "../content/file-magic";
import { extensionOf } from "./detect-disguise";

/** Extensions of data files whose sniffed bytes are no container (kind "unknown": text, XML, images). */
const PLAIN_DATA = new Set(["xml", "csv", "tsv", "txt", "json", "png", "jpg", "jpeg", "gif", "tif", "tiff"]);
/** Office and OpenDocument formats: ZIP containers, data unless they hold a VBA project. */
const OFFICE_ZIP = new Set(["docx", "xlsx", "pptx", "odt", "ods", "odp"]);

/**
 * Whether an attachment named `name` whose bytes sniff as `kind` is a data file (see above). A name
 * without an extension, or none at all (the unnamed streams LiveCycle forms keep, named "(object 12)"
 * by facts/embedded.ts), runs as nothing either; a script that saves such a stream under a name of its
 * choosing is read by the script rules.
 * A PDF is not counted: the fast stage does not read inside it (the advanced stage does, and carries
 * up what it finds: embedded-nested-pdf).
 */
export function isDataAttachment(name: string, kind: PayloadKind, data: Uint8Array, incomplete: boolean): boolean {
  if (incomplete) return false;
  // extensionOf reads 1-8 letters or digits: a longer or odd extension (".joboptions") is unknown, not absent
  const extension = extensionOf(name);
  if (extension === "" ? !name.includes(".") : PLAIN_DATA.has(extension)) return kind === "unknown";
  return OFFICE_ZIP.has(extension) && kind === "zip" && !hasOfficeMacros(data, kind);
}
