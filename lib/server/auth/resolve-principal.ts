// Who is calling. There is no authentication yet (a later issue adds API keys, contract.md
// "Authentication and access"): every request is the local principal. Every scan stores its owner and
// every read is owner-scoped, so that issue only has to change this one function.

export interface Principal {
  /** stored as scans.owner */
  id: string;
  kind: "local";
}

export const LOCAL_PRINCIPAL: Principal = Object.freeze({ id: "local", kind: "local" });

/** Resolves the caller of a request (route handlers) or of a page render (its request headers). */
export async function resolvePrincipal(_request: Request | { headers: Headers }): Promise<Principal> {
  return LOCAL_PRINCIPAL;
}
