// What the advanced stage learns about each attachment, on top of the fast-stage EmbeddedFileFact:
// the detected type, archive listing, macros, disguise and the verdict of a nested PDF. The
// report's EmbeddedFileEntry is derived from it; the embedded-* advanced rules read it.
import type { EmbeddedFileFact } from "./embedded-file-fact";
import type { Finding, Verdict } from "../report";

/** What a file is, coarsely: the classes that change the risk. */
export type EmbeddedCategory =
  | "executable"
  | "script"
  | "office"
  | "archive"
  | "pdf"
  | "flash"
  | "document"
  | "image"
  | "media"
  | "text"
  | "other"
  | "unknown";

export interface DetectedType {
  /** short type name: file-type's extension ("exe", "docm", "zip") or our own ("js", "vbs", "xdp", "txt") */
  type: string;
  mime?: string;
  category: EmbeddedCategory;
  /** which detector answered */
  by: "file-type" | "magic" | "script-sniff" | "text" | "none";
}

export interface ArchiveListing {
  format: string;
  /** entry names, at most MAX_ARCHIVE_ENTRIES */
  names: string[];
  /** names that are programs or scripts (executable extension) */
  executables: string[];
  /** entries whose data is encrypted (names stay readable in a zip) */
  encrypted: number;
  /** the listing stopped early: budget hit or damaged directory */
  truncated: boolean;
  /** names could not be read for this format (rar, 7z, iso): the archive is listed as opaque */
  opaque: boolean;
}

/** A summary of one finding of a nested document, kept so the parent can cite it. */
export interface NestedFindingSummary {
  ruleId: string;
  title: string;
  severity: Finding["severity"];
  cve: string[];
}

export type NestedOutcome =
  | {
      status: "analysed";
      depth: number;
      verdict: Verdict;
      score: number;
      findings: NestedFindingSummary[];
      /** the strongest verdict its own evidence supports (analyze-embedded-files.ts provenVerdict): the outer document inherits no more */
      proven: Verdict;
    }
  | { status: "skipped"; reason: "MAX_EMBED_DEPTH" | "MAX_NESTED_PDF_ANALYSES" | "MAX_EMBEDDED_FILES" }
  | { status: "failed"; message: string };

export interface EmbeddedAnalysis {
  /** the fast-stage fact (name, object, path, size, hashes, sniffed kind, decoded bytes) */
  file: EmbeddedFileFact;
  /** where it was attached: the document's name tree, an annotation, a RichMedia asset, or an unreferenced stream */
  source: "attachment" | "annotation" | "richmedia" | "unreferenced";
  detected: DetectedType;
  /** a script language recognised by content (also set for executables' script siblings) */
  scriptLanguage?: string;
  /** an Office document that carries VBA macros */
  macros: boolean;
  archive?: ArchiveListing;
  /** the name (or declared MIME type) claims a harmless type the content is not */
  disguise?: { claimed: string; actual: string };
  nested?: NestedOutcome;
}
