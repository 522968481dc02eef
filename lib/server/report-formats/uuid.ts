// RFC 4122 name-based UUIDs (version 5, SHA-1) for deterministic STIX and MISP identifiers: exporting
// the same report twice yields the same ids, so a threat-intel platform deduplicates instead of
// importing copies. STIX 2.1 section 2.9 asks exactly this of cyber-observable ids.
import { createHash } from "node:crypto";

/** STIX 2.1 namespace for cyber-observable object ids (section 2.9). */
export const STIX_SCO_NAMESPACE = "00abedb4-aa42-466c-9c01-fed23315a9b7";
/** Our own namespace for the other objects (uuidv5 of "pdfscan" in the URL namespace). */
export const PDFSCAN_NAMESPACE = "024bc892-c033-55e3-bbf8-5fffd7dc77a5";

export function uuidv5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replaceAll("-", ""), "hex");
  const hash = createHash("sha1").update(ns).update(name, "utf8").digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** JSON with keys sorted at every level: RFC 8785 canonical form for the plain values used here. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
