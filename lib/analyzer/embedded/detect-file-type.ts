// The type of an attachment from its content, never from its name: the file-type library first
// (signatures of ~180 formats, OOXML macro variants included), then the fast stage's own magic
// sniffing, then script and text sniffing for the formats no signature identifies.
import { fileTypeFromBuffer } from "file-type";
import { sniffPayload, type PayloadKind } from "../content/file-magic";
import { looksLikeXdp } from "../xdp";
import type { DetectedType, EmbeddedCategory } from "./embedded-analysis";
import { looksLikeText, sniffScript, type ScriptLanguage } from "./sniff-script";
import { ownEntry } from "../own-entry";

const CATEGORY_OF_TYPE: Record<string, EmbeddedCategory> = {};
const declare = (category: EmbeddedCategory, types: string) => {
  for (const t of types.split(" ")) CATEGORY_OF_TYPE[t] = category;
};
declare("executable", "exe elf macho lnk jar apk class chm msi reg wasm deb rpm crx xpi");
declare("script", "js vbs ps1 bat hta sh html");
declare(
  "office",
  "doc docx docm dotx dotm xls xlsx xlsm xltx xltm ppt pptx pptm potx potm ppsx ppsm cfb rtf odt ods odp ott ots otp odg otg vsdx",
);
declare("archive", "zip tar rar gz bz2 7z xz cab Z lz lzh arj cpio ace zst lz4 ar tar.gz iso dmg asar");
declare("pdf", "pdf xdp");
declare("flash", "swf");
declare(
  "image",
  "jpg png apng gif webp flif xcf tif bmp icns jxr psd heic avif jxl j2c jp2 jpm jpx ico cur bpg dng cr2 cr3 orf arw nef rw2 raf",
);
declare(
  "media",
  "mp4 mid mkv webm mov avi mpg mp2 mp3 m4a oga ogg ogv opus flac wav spx amr flv 3gp 3g2 aac aif m4v asf",
);
declare("document", "epub mobi ps eps xml ics vcf woff woff2 eot ttf otf ttc sqlite");

/** file-type answers that rest on a few bytes text can contain */
const WEAK_SIGNATURES = new Set(["mp1", "mp2", "mp3", "aac", "ac3", "mpc", "Z", "lz"]);

const SCRIPT_TYPE: Record<ScriptLanguage, string> = {
  vbscript: "vbs",
  jscript: "js",
  powershell: "ps1",
  batch: "bat",
  hta: "hta",
  shell: "sh",
};

const MAGIC_TYPE: Record<PayloadKind, string | null> = {
  "pe-executable": "exe",
  "elf-executable": "elf",
  "macho-executable": "macho",
  script: "sh",
  "ole-office": "cfb",
  zip: "zip",
  rar: "rar",
  "7z": "7z",
  pdf: "pdf",
  flash: "swf",
  rtf: "rtf",
  html: "html",
  unknown: null,
};

export function categoryOf(type: string): EmbeddedCategory {
  return ownEntry(CATEGORY_OF_TYPE, type) ?? "other";
}

/**
 * Detects the type of `data`. Never throws: a hostile file that trips the library falls back to the
 * magic sniffing. `maxSniffBytes` bounds the script/text sniffing.
 */
export async function detectFileType(data: Uint8Array, maxSniffBytes: number): Promise<DetectedType> {
  if (!data.length) return { type: "empty", category: "unknown", by: "none" };
  // an XDP package is XML to file-type, but it is a PDF in disguise (XFA 3.3 ch. 30)
  if (looksLikeXdp(data)) return { type: "xdp", mime: "application/vnd.adobe.xdp+xml", category: "pdf", by: "magic" };
  let library: { ext: string; mime: string } | undefined;
  try {
    library = await fileTypeFromBuffer(data);
  } catch {
    library = undefined;
  }
  const text = looksLikeText(data);
  // signatures text can hit by accident (an MPEG frame sync is FF Fx, as a UTF-16 BOM is FF FE)
  const weak = library !== undefined && (library.ext === "xml" || (text && WEAK_SIGNATURES.has(library.ext)));
  if (library && !weak)
    return { type: library.ext, mime: library.mime, category: categoryOf(library.ext), by: "file-type" };
  const magic = MAGIC_TYPE[sniffPayload(data)];
  if (magic && magic !== "html") return { type: magic, category: categoryOf(magic), by: "magic" };
  const lang = sniffScript(data, maxSniffBytes);
  if (lang) return { type: SCRIPT_TYPE[lang], category: "script", by: "script-sniff" };
  if (magic) return { type: magic, category: categoryOf(magic), by: "magic" };
  if (library && !text)
    return { type: library.ext, mime: library.mime, category: categoryOf(library.ext), by: "file-type" };
  if (library?.ext === "xml") return { type: "xml", mime: library.mime, category: "document", by: "file-type" };
  if (text && looksLikeText(data, 0.95)) return { type: "txt", mime: "text/plain", category: "text", by: "text" };
  return { type: "unknown", category: "unknown", by: "none" };
}

/** The script language behind a script type, for the report. */
export function scriptLanguageOf(type: string): string | undefined {
  return (
    (Object.entries(SCRIPT_TYPE).find(([, t]) => t === type)?.[0] as string | undefined) ??
    (type === "html" ? "html" : undefined)
  );
}
