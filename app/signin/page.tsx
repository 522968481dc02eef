// GET /signin - exchange an API key for a session cookie. The first-start URL carries the key in the
// fragment (#key=...), which never reaches the server or its logs; the form submits it once.
import type { Metadata } from "next";
import { SignInForm } from "../_components/sign-in-form";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "Sign in · pdfscan" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = typeof next === "string" && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">Sign in</h1>
      <p className="text-sm text-slate-600">
        Paste an API key (<code>pdfscan_…</code>). The server printed an admin key on its first start; more keys come from{" "}
        <code>npx pdfscan keys create</code>.
      </p>
      <SignInForm next={target} />
    </div>
  );
}
