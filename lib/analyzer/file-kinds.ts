// What a file name's extension makes of the file on the victim's machine: the one table read by the
// embedded-file rules (an attachment named to run), the Launch rules (a target that runs) and the link
// classification (a download that runs). Three lists of their own had drifted apart (27, 21 and 48
// extensions, issue 23): a .url shortcut or an .appx package counted in one place and not another.
// Kinds follow what opening the file does on Windows (ATT&CK T1204.002 user execution; containers
// T1553.005 mark-of-the-web bypass); a document or page extension is none of these.
import { ownEntry } from "./own-entry";

export type FileKind = "executable" | "script" | "archive" | "disk-image" | "shortcut";

/**
 * Extensions that are also top-level domains (.com, .sh, .app): in a URL, "example.com" as a path
 * segment or a query value is a site far more often than a download, so links do not read them.
 */
const ALSO_DOMAINS = new Set(["com", "sh", "app"]);

const FILE_KINDS: Record<string, FileKind> = {
  ...kinds(
    "executable",
    "exe com scr pif msi msix msixbundle appx appxbundle dll cpl jar apk xll application appref-ms elf app",
  ),
  ...kinds("script", "js jse vbs vbe wsf wsh wsc hta ps1 psm1 bat cmd sct reg sh"),
  ...kinds("archive", "zip rar 7z cab gz tgz tar bz2 xz ace arj lzh r00 z"),
  ...kinds("disk-image", "iso img vhd vhdx dmg"),
  ...kinds("shortcut", "lnk url scf library-ms search-ms settingcontent-ms"),
};

function kinds(kind: FileKind, extensions: string): Record<string, FileKind> {
  return Object.fromEntries(extensions.split(" ").map((e) => [e, kind]));
}

/** File kinds a click runs (after at most one confirmation): what "executable" means for a name or a download. */
export const RUNNABLE_KINDS: ReadonlySet<FileKind> = new Set(["executable", "script", "disk-image", "shortcut"]);

/** The kind of a lower-case extension (no dot); `inUrl`: extensions that are also domains are none. */
export function fileKindOfExtension(extension: string, { inUrl = false } = {}): FileKind | null {
  if (inUrl && ALSO_DOMAINS.has(extension)) return null;
  return ownEntry(FILE_KINDS, extension) ?? null;
}

/** Extensions of the runnable kinds, for patterns over command lines. */
export const RUNNABLE_EXTENSIONS: readonly string[] = Object.keys(FILE_KINDS).filter((e) =>
  RUNNABLE_KINDS.has(FILE_KINDS[e]),
);

/** A file name whose extension runs when opened ("invoice.pdf.exe", "setup.msi", "readme.url"). */
export function isExecutableName(name: string): boolean {
  const trimmed = name.trim();
  const dot = trimmed.lastIndexOf(".");
  if (dot < 0) return false;
  const kind = fileKindOfExtension(trimmed.slice(dot + 1).toLowerCase());
  return kind !== null && RUNNABLE_KINDS.has(kind);
}
