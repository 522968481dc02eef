"use client";
// Sign out: DELETE /api/session (with the CSRF header), then back to the sign-in page.
import { csrfHeaders } from "../_lib/csrf";

export function SignOutButton() {
  async function signOut() {
    await fetch("/api/session", { method: "DELETE", headers: csrfHeaders() }).catch(() => {});
    window.location.assign("/signin");
  }
  return (
    <button
      type="button"
      onClick={signOut}
      data-testid="sign-out"
      className="ml-auto rounded-md border border-[#45556c] px-2.5 py-1 text-sm text-[#e2e8f0] hover:bg-[#1d293d]"
    >
      Sign out
    </button>
  );
}
