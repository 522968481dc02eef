// Server-side: the signed-in caller of a page render, or a redirect to /signin (then back to `path`).
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { findPrincipal } from "../../lib/server/auth/resolve-principal";
import type { Principal } from "../../lib/server/auth/principal";

export async function currentPrincipal(): Promise<Principal | null> {
  return findPrincipal(await headers()).catch(() => null);
}

export async function requireSignIn(path: string): Promise<Principal> {
  const principal = await currentPrincipal();
  if (!principal) redirect(`/signin?next=${encodeURIComponent(path)}`);
  return principal;
}
