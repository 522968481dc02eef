// GET /signin - exchange an API key for a session cookie. The first-start URL carries the key in the
// fragment (#key=...), which never reaches the server or its logs; the form asks before it uses it and
// never replaces a live session on its own (issue 19). `next` must be a plain path of this origin
// (lib/server/auth/safe-next-path.ts), anything else becomes "/".
import type { Metadata } from "next";
import { headers } from "next/headers";
import { SignInForm, type SignedInKey } from "../_components/sign-in-form";
import { findSession } from "../../lib/server/auth/resolve-principal";
import { safeNextPath } from "../../lib/server/auth/safe-next-path";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in · pdfscan" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const live = await findSession(await headers()).catch(() => null);
  const current: SignedInKey | null = live ? { keyPrefix: live.session.key.prefix, name: live.session.key.name } : null;
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="text-sm text-slate-600">
        Paste an API key (<code>pdfscan_…</code>). The server printed an admin key on its first start; more keys come
        from <code>npx pdfscan keys create</code>.
      </p>
      <SignInForm next={safeNextPath(next)} current={current} />
    </div>
  );
}
