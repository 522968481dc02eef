// Test fixtures: a document encrypted with RC4 40-bit (R2) and the empty user password, the kind a
// reader opens silently (Algorithms 1, 2 and 4 of ISO 32000-1 §7.6.3), and the /Encrypt entries of a
// document locked by a password the test does not know (lockedEncryption). Test-only.
import { createHash } from "node:crypto";
import { rc4 } from "../crypto/rc4";
import { PdfBuilder, bytes, concat } from "./pdf-builder";

const PADDING = Buffer.from("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a", "hex");
const OWNER = new Uint8Array(32).fill(0x11);
const ID = Buffer.from("00112233445566778899aabbccddeeff", "hex");
const md5 = (...parts: Uint8Array[]) => new Uint8Array(createHash("md5").update(concat(parts)).digest());

export interface Encryptors {
  /** a hex string operand: `s` encrypted for object `num` */
  encryptString(num: number, s: string): string;
  /** data encrypted for object `num` (stream data: add it with the object number given) */
  encryptBytes(num: number, data: Uint8Array | string): Uint8Array;
}

/**
 * `setup` adds the objects (encrypting their strings and stream data for the object numbers it
 * chooses) and returns the catalog's extra entries; the catalog and page tree come after.
 */
export function emptyPasswordDocument(setup: (b: PdfBuilder, enc: Encryptors) => string, pageExtra = ""): Uint8Array {
  const p = Buffer.alloc(4);
  p.writeInt32LE(-44);
  const key = md5(PADDING, OWNER, p, ID).subarray(0, 5);
  const objectKey = (num: number) =>
    md5(key, Uint8Array.of(num & 255, (num >> 8) & 255, num >> 16, 0, 0)).subarray(0, 10);
  const encryptBytes = (num: number, data: Uint8Array | string) =>
    rc4(objectKey(num), typeof data === "string" ? bytes(data) : data);
  const encryptString = (num: number, s: string) => `<${Buffer.from(encryptBytes(num, s)).toString("hex")}>`;
  const b = new PdfBuilder();
  const catalog = setup(b, { encryptString, encryptBytes });
  const enc = b.add(
    `<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${Buffer.from(OWNER).toString("hex")}> /U <${Buffer.from(rc4(key, PADDING)).toString("hex")}> >>`,
  );
  b.addCatalog(catalog, 1, pageExtra);
  return b.build({ trailerExtra: `/Encrypt ${enc} 0 R /ID [<${ID.toString("hex")}> <${ID.toString("hex")}>]` });
}

/**
 * Adds an AES-128 (V 4) /Encrypt dictionary whose keys no password opens (a user password the test
 * does not know) with these crypt filters (`/StmF /StdCF /StrF /Identity`...), and returns the
 * trailer's /Encrypt and /ID entries: what /Identity leaves in the clear is all a reader sees.
 */
export function lockedEncryption(b: PdfBuilder, filters: string): string {
  const enc = b.add(
    `<< /Filter /Standard /V 4 /R 4 /Length 128 /P -1028 /CF << /StdCF << /CFM /AESV2 /AuthEvent /DocOpen /Length 16 >> >> ${filters} /O <${"11".repeat(32)}> /U <${"22".repeat(32)}> >>`,
  );
  return `/Encrypt ${enc} 0 R /ID [<${ID.toString("hex")}> <${ID.toString("hex")}>]`;
}
