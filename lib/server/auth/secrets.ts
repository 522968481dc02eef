// Bearer secrets (API keys, session ids, share tokens): 256 random bits, base64url, behind a visible
// prefix (as GitHub's ghp_ tokens, so a leaked key is recognisable by secret scanners). Only the
// SHA-256 of a secret is stored: with 256-bit entropy a plain hash cannot be brute-forced, and a
// lookup by hash has no timing oracle (the database compares hashes, not secrets).
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

export const SECRET_BYTES = 32;

export const newSecret = (prefix: string): string => `${prefix}${randomBytes(SECRET_BYTES).toString("base64url")}`;

/** A short public id for listings and revocation (not a secret). */
export const newPublicId = (prefix: string): string => `${prefix}${randomBytes(9).toString("base64url")}`;

export const hashSecret = (secret: string): string => createHash("sha256").update(secret, "utf8").digest("hex");

/** Compares two short strings in constant time (CSRF tokens). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, "utf8");
  const y = Buffer.from(b, "utf8");
  return x.length === y.length && timingSafeEqual(x, y);
}
