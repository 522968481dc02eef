// The caller of a request: whose scans it may see (resolve-principal.ts finds it).

export interface Principal {
  /** stored as scans.owner */
  id: string;
  kind: "key" | "session" | "local" | "share";
  keyId: string | null;
  /** admin keys may read and delete every scan (audit-logged) */
  admin: boolean;
  /** the session's CSRF token (kind "session") */
  csrfToken?: string;
}

/** Every caller when PDFSCAN_AUTH=off (loopback-only servers). */
export const LOCAL_PRINCIPAL: Principal = Object.freeze({ id: "local", kind: "local", keyId: null, admin: true });
