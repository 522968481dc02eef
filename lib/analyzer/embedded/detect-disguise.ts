// Attachments that pretend to be something harmless: a program named like a document (T1036.008
// masquerade file type), a document extension followed by a program extension ("invoice.pdf.exe",
// T1036.007), or a right-to-left override that reverses the visible end of the name (T1036.002).
import { isExecutableName } from "../file-kinds";
import { categoryOf } from "./detect-file-type";
import type { DetectedType } from "./embedded-analysis";

/** Extensions a user opens without a second thought. */
const HARMLESS_EXTENSIONS = new Set([
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "odt",
  "ods",
  "rtf",
  "txt",
  "csv",
  "log",
  "xml",
  "json",
  "jpg",
  "jpeg",
  "png",
  "gif",
  "bmp",
  "tif",
  "tiff",
  "webp",
  "heic",
  "svg",
  "mp3",
  "mp4",
  "wav",
  "mov",
  "avi",
]);

const HARMLESS_MIME =
  /^(application\/(pdf|msword|vnd\.openxmlformats|vnd\.oasis|rtf|xml|json)|text\/(plain|csv|xml)|image\/|audio\/|video\/)/i;
const RIGHT_TO_LEFT_OVERRIDE = /[\u202e\u202b\u200f]/;

export interface Disguise {
  claimed: string;
  actual: string;
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,8})\s*$/.exec(name);
  return m ? m[1].toLowerCase() : "";
}

/**
 * The disguise of an attachment named `name` (declared MIME `subtype`) whose content is `detected`,
 * or null. Content that is itself harmless is never a disguise, whatever its name.
 */
export function detectDisguise(name: string, subtype: string | undefined, detected: DetectedType): Disguise | null {
  const dangerous = detected.category === "executable" || detected.category === "script";
  if (RIGHT_TO_LEFT_OVERRIDE.test(name))
    return { claimed: `name with a right-to-left override (${JSON.stringify(name)})`, actual: detected.type };
  const double = /\.([A-Za-z0-9]{2,5})\s*\.([A-Za-z0-9]{2,5})\s*$/.exec(name);
  if (double && HARMLESS_EXTENSIONS.has(double[1].toLowerCase()) && isExecutableName(`x.${double[2]}`)) {
    return {
      claimed: `.${double[1].toLowerCase()} (double extension)`,
      actual: dangerous ? detected.type : `.${double[2].toLowerCase()}`,
    };
  }
  if (!dangerous) return null;
  const ext = extensionOf(name);
  if (HARMLESS_EXTENSIONS.has(ext) && categoryOf(ext) !== detected.category)
    return { claimed: `.${ext}`, actual: detected.type };
  const mime = subtype?.replace(/#2F/gi, "/");
  if (mime && HARMLESS_MIME.test(mime)) return { claimed: mime, actual: detected.type };
  return null;
}
