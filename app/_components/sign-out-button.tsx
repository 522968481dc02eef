"use client";
// Sign out: DELETE /api/session (with the CSRF header), then back to the sign-in page.
import { csrfHeaders } from "../_lib/csrf";

export function SignOutButton() {
  async function signOut() {
    await fetch("/api/session", { method: "DELETE", headers: csrfHeaders() }).catch(() => {});
    window.location.assign("/signin");
  }
  return (
    <button type="button" onClick={signOut} data-testid="sign-out" className="ml-auto rounded-md border border-slate-600 px-2.5 py-1 text-sm text-slate-200 hover:bg-slate-800">
      Sign out
    </button>
  );
}
