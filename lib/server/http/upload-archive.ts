// The PDFs inside an uploaded ZIP (issue 20: samples travel as password ZIPs, "infected" by
// convention). Members are decrypted one at a time into memory (lib/zip/password-zip.ts: never to
// disk) and handed on as they come; every member is bounded (the upload cap, a compression ratio that
// gives zip bombs away, the archive's inflated total), and what is not a PDF is skipped with its reason,
// never an error. Nested archives are not opened.
import { HTTP_LIMITS } from "../../limits";
import { isPdfOrXdp } from "../../pdf/sniff";
import { openZip, readZipMember, SAMPLE_ZIP_PASSWORD, type ZipMember } from "../../zip/password-zip";
import { z } from "zod";
import { ApiError } from "../errors";

/** The form field (or query parameter of a raw body) with the archive's password. */
export const ZIP_PASSWORD_FIELD = "zipPassword";
export { SAMPLE_ZIP_PASSWORD };

/** APPNOTE 4.3.7: a local file header (or 4.3.16, the end record of an empty archive) opens a ZIP. */
export function isZip(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 4 &&
    bytes[0] === 0x50 &&
    bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6))
  );
}

export interface ArchiveMember {
  /** the member's path inside the archive */
  name: string;
  bytes: ArrayBuffer;
}

export const SkippedMember = z.object({
  name: z.string().meta({ description: "the member's path in the archive" }),
  reason: z.string(),
});
export type SkippedMember = z.infer<typeof SkippedMember>;

export interface ArchiveBounds {
  /** PDF members accepted; one more is a 400 */
  maxPdfMembers: number;
  /** the upload cap: no member may be larger than a file uploaded alone */
  maxMemberBytes: number;
}

/**
 * The archive's members that are PDFs, read lazily in archive order; `skipped` fills as it goes. 400
 * invalid_request for an unreadable archive, a wrong password, or more PDF members than allowed.
 */
export async function openUploadedArchive(
  bytes: Uint8Array,
  password: string,
  bounds: ArchiveBounds,
): Promise<{ members: AsyncGenerator<ArchiveMember>; skipped: SkippedMember[] }> {
  let entries: ZipMember[];
  try {
    entries = await openZip(bytes, password);
  } catch (error) {
    throw new ApiError("invalid_request", `The ZIP archive cannot be read: ${(error as Error).message}.`, {
      errors: [{ field: "file", message: "not a readable ZIP archive" }],
    });
  }
  if (entries.length > HTTP_LIMITS.ARCHIVE_MAX_ENTRIES) {
    throw new ApiError(
      "invalid_request",
      `The ZIP archive has ${entries.length} entries; at most ${HTTP_LIMITS.ARCHIVE_MAX_ENTRIES} are read.`,
      {
        errors: [{ field: "file", message: `more than ${HTTP_LIMITS.ARCHIVE_MAX_ENTRIES} entries` }],
      },
    );
  }
  const skipped: SkippedMember[] = [];
  return { members: pdfMembers(entries, password, bounds, skipped), skipped };
}

async function* pdfMembers(
  entries: ZipMember[],
  password: string,
  bounds: ArchiveBounds,
  skipped: SkippedMember[],
): AsyncGenerator<ArchiveMember> {
  let total = 0;
  let pdfs = 0;
  let wrongPassword = 0;
  for (const entry of entries) {
    const skip = (reason: string) => skipped.push({ name: entry.name, reason });
    if (entry.declaredSize > bounds.maxMemberBytes) {
      skip(`larger than the upload limit (${entry.declaredSize} bytes)`);
      continue;
    }
    if (entry.declaredSize > HTTP_LIMITS.ARCHIVE_MAX_RATIO * Math.max(entry.compressedSize, 1)) {
      skip(`compressed more than ${HTTP_LIMITS.ARCHIVE_MAX_RATIO} times (a zip bomb?)`);
      continue;
    }
    if (total + entry.declaredSize > HTTP_LIMITS.ARCHIVE_MAX_TOTAL_BYTES) {
      skip(`the archive's members together pass ${HTTP_LIMITS.ARCHIVE_MAX_TOTAL_BYTES} bytes`);
      continue;
    }
    let data: Uint8Array;
    try {
      data = await readZipMember(entry, password, Math.min(bounds.maxMemberBytes, entry.declaredSize));
    } catch (error) {
      const reason = (error as Error).message;
      if (/password/i.test(reason)) wrongPassword++;
      skip(`cannot be read: ${reason}`);
      continue;
    }
    total += data.byteLength;
    if (data.byteLength === 0) skip("empty");
    else if (isZip(data)) skip("a nested archive (not opened)");
    else if (!isPdfOrXdp(data)) skip("not a PDF");
    else {
      if (++pdfs > bounds.maxPdfMembers) {
        throw new ApiError(
          "invalid_request",
          `The ZIP archive holds more than ${bounds.maxPdfMembers} PDFs; send them in smaller archives.`,
          {
            errors: [{ field: "file", message: `more than ${bounds.maxPdfMembers} PDF members` }],
          },
        );
      }
      yield {
        name: entry.name,
        bytes: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer,
      };
    }
  }
  if (pdfs === 0) {
    if (wrongPassword > 0) {
      throw new ApiError("invalid_request", "The ZIP archive's password is wrong.", {
        errors: [
          { field: ZIP_PASSWORD_FIELD, message: `does not open the archive (default "${SAMPLE_ZIP_PASSWORD}")` },
        ],
      });
    }
    throw new ApiError("missing_file", `The ZIP archive holds no PDF (${skipped.length} members skipped).`, {
      errors: [{ field: "file", message: "no PDF member" }],
      extensions: { skipped },
    });
  }
}

/** The archive password field (default "infected"), and the fields without it. */
export function takeZipPassword(fields: ReadonlyMap<string, string[]>): {
  zipPassword: string;
  fields: Map<string, string[]>;
} {
  const rest = new Map(fields);
  const values = rest.get(ZIP_PASSWORD_FIELD);
  rest.delete(ZIP_PASSWORD_FIELD);
  if (values === undefined || values[0] === "") return { zipPassword: SAMPLE_ZIP_PASSWORD, fields: rest };
  if (values.length > 1 || values[0]!.length > 256) {
    throw new ApiError("invalid_request", "The ZIP password is invalid.", {
      errors: [{ field: ZIP_PASSWORD_FIELD, message: "send it once, at most 256 characters" }],
    });
  }
  return { zipPassword: values[0]!, fields: rest };
}
