// TrueType/OpenType font programs (/FontFile2, /FontFile3 /OpenType): the table directory, read for
// the SING table (Adobe "SING Gaiji" glyphlet format): 16 bytes of fixed fields, then uniqueName[28].
// CVE-2010-2883: Adobe CoolType copied uniqueName with strcat into a fixed stack buffer, so a name
// without its NUL in 28 bytes overflows the stack (exploited in the wild in 2010).
import { DEFAULT_LIMITS } from "../../../limits";

const UNIQUE_NAME_OFFSET = 16;
const UNIQUE_NAME_SIZE = 28;

export interface SfntFacts {
  /** table tags in directory order */
  tables: string[];
  /** a SING table whose uniqueName is not NUL-terminated within its 28 bytes (or is cut off) */
  singNameOverlong: boolean;
}

/**
 * Null when `font` is too short to hold a table directory. At most `maxTables` records are read (real
 * fonts have about 20): a directory that declares more is a budget hit (sfntTablesCut).
 */
export function parseSfnt(font: Uint8Array, maxTables = DEFAULT_LIMITS.MAX_SFNT_TABLES): SfntFacts | null {
  if (font.length < 12) return null;
  const dv = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = Math.min(dv.getUint16(4), maxTables);
  const tables: string[] = [];
  let singNameOverlong = false;
  for (let i = 0; i < numTables && 12 + i * 16 + 16 <= font.length; i++) {
    const rec = 12 + i * 16;
    const tag = String.fromCharCode(font[rec], font[rec + 1], font[rec + 2], font[rec + 3]);
    tables.push(tag);
    if (tag !== "SING" || singNameOverlong) continue;
    const start = dv.getUint32(rec + 8) + UNIQUE_NAME_OFFSET;
    // truncated right where the name should be, or no NUL in the 28 bytes
    singNameOverlong =
      start + UNIQUE_NAME_SIZE > font.length || !font.subarray(start, start + UNIQUE_NAME_SIZE).includes(0);
  }
  return { tables, singNameOverlong };
}

/** Whether parseSfnt(font, maxTables) left table records of the directory unread. */
export function sfntTablesCut(font: Uint8Array, maxTables: number): boolean {
  return (
    font.length >= 12 + (maxTables + 1) * 16 &&
    new DataView(font.buffer, font.byteOffset, font.byteLength).getUint16(4) > maxTables
  );
}
