// Scan ids (contract: random, unguessable, 128 bits or more, URL-safe): 16 random bytes, base64url.
import { randomBytes } from "node:crypto";

export const SCAN_ID_BYTES = 16;
/** 16 bytes in base64url without padding are exactly 22 characters. */
export const SCAN_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newScanId(): string {
  return randomBytes(SCAN_ID_BYTES).toString("base64url");
}

export const isScanId = (value: string): boolean => SCAN_ID_PATTERN.test(value);
