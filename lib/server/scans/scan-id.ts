// Scan ids (contract: random, unguessable, 128 bits or more, URL-safe): 22 base64url characters, each
// from 6 random bits (132 bits). The first is never "-": an id written after a command
// (`pdfscan status <id>`) would read as an option, and 1 scan in 64 could not be named on a command
// line (test/cli/client.test.ts failed on such an id). That leaves log2(63) + 21 * 6 = 131.98 bits.
import { randomBytes } from "node:crypto";

/** The base64url alphabet (RFC 4648 §5), "-" at index 62. */
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const ID_CHARS = 22;
export const SCAN_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newScanId(): string {
  for (;;) {
    // byte & 63 is uniform over the alphabet: 256 is a multiple of 64
    const bytes = randomBytes(ID_CHARS);
    if (ALPHABET[bytes[0] & 63] === "-") continue;
    let id = "";
    for (const b of bytes) id += ALPHABET[b & 63];
    return id;
  }
}

export const isScanId = (value: string): boolean => SCAN_ID_PATTERN.test(value);
