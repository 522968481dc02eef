"use client";
// Sign-in form: POST /api/session {apiKey, replace}; the answer sets the session cookies, then we go on
// to `next` (checked again here: a plain path of this origin). A key in the URL fragment (the server's
// first-start link) is removed from the address bar and history at once and used only after the user
// confirms, seeing which key it is: a link from someone else must not sign the victim into the
// sender's account (issue 19). A live session is never replaced by a link: the panel says so and keeps
// it unless the user chooses to switch. A key typed by hand replaces the session, as the note says.
import { useEffect, useState } from "react";
import { keyDisplayPrefix } from "../../lib/server/auth/key-display";
import { safeNextPath } from "../../lib/server/auth/safe-next-path";
import type { Problem } from "../_lib/api";
import { ProblemPanel } from "./problem-panel";

export interface SignedInKey {
  keyPrefix: string;
  name: string;
}

const KEY_FRAGMENT = /^#key=(pdfscan_[A-Za-z0-9_-]{1,200})$/;
const buttonClass = "rounded-md px-3 py-1.5 text-sm font-medium disabled:opacity-50";
const primary = `${buttonClass} bg-sky-700 text-white hover:bg-sky-800`;
const secondary = `${buttonClass} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

export function SignInForm({ next, current }: { next: string; current: SignedInKey | null }) {
  const [apiKey, setApiKey] = useState("");
  const [linkKey, setLinkKey] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const goOn = () => window.location.assign(safeNextPath(next));

  async function signIn(key: string) {
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch("/api/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        // replacing the session is what the user chose: by typing a key, or with the link's "switch"
        body: JSON.stringify({ apiKey: key.trim(), replace: current !== null }),
      });
      if (res.ok) return goOn();
      const p = (await res.json().catch(() => ({}))) as Partial<Problem>;
      setProblem({
        title: p.title ?? `HTTP ${res.status}`,
        status: res.status,
        detail: p.detail ?? "",
        code: p.code ?? "unknown",
      });
    } catch {
      setProblem({ title: "Network error", status: 0, detail: "The server could not be reached.", code: "network" });
    }
    setBusy(false);
  }

  useEffect(() => {
    // after hydration (the fragment never reaches the server), and again when only the fragment
    // changes (a link opened in a tab already on this page does not reload it)
    const readFragment = () => {
      const m = KEY_FRAGMENT.exec(window.location.hash);
      if (window.location.hash !== "")
        window.history.replaceState(null, "", window.location.pathname + window.location.search);
      if (m) setLinkKey(m[1]);
    };
    readFragment();
    window.addEventListener("hashchange", readFragment);
    return () => window.removeEventListener("hashchange", readFragment);
  }, []);

  if (linkKey !== null) {
    const prefix = keyDisplayPrefix(linkKey);
    const same = current?.keyPrefix === prefix;
    return (
      <section
        className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900 shadow-sm"
        data-testid="sign-in-link"
        aria-labelledby="sign-in-link-title"
      >
        <h2 id="sign-in-link-title" className="font-semibold">
          {same
            ? "Already signed in with this key"
            : current
              ? "You are already signed in"
              : "Sign in with the key in this link?"}
        </h2>
        {current && (
          <p data-testid="sign-in-current">
            Signed in with <code data-testid="sign-in-current-key">{current.keyPrefix}…</code> ({current.name}).
            {!same && " This link did not change that."}
          </p>
        )}
        {!same && (
          <p>
            Continue only if you made this link or your administrator sent it: signing in with someone else&apos;s key
            puts your uploads in their account. The link holds the API key{" "}
            <code data-testid="sign-in-link-key">{prefix}…</code>
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {!same && (
            <button
              type="button"
              className={primary}
              disabled={busy}
              onClick={() => void signIn(linkKey)}
              data-testid="sign-in-link-accept"
            >
              {current ? `Switch to ${prefix}…` : `Sign in as ${prefix}…`}
            </button>
          )}
          <button
            type="button"
            className={same ? primary : secondary}
            disabled={busy}
            onClick={() => (current ? goOn() : setLinkKey(null))}
            data-testid="sign-in-link-keep"
          >
            {current ? `Continue as ${current.keyPrefix}…` : "Cancel"}
          </button>
        </div>
        {problem && <ProblemPanel problem={problem} context="Sign-in" testId="sign-in-error" />}
      </section>
    );
  }

  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        void signIn(apiKey);
      }}
    >
      {current && (
        <p className="text-sm text-slate-700" data-testid="sign-in-current">
          Signed in with <code data-testid="sign-in-current-key">{current.keyPrefix}…</code> ({current.name}). Signing
          in with another key ends that session.
        </p>
      )}
      <label className="block text-sm font-medium" htmlFor="api-key">
        API key
      </label>
      <input
        id="api-key"
        name="apiKey"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={apiKey}
        onChange={(e) => setApiKey(e.target.value)}
        className="w-full rounded-md border border-slate-300 px-2 py-1.5 font-mono text-sm"
        placeholder="pdfscan_…"
        data-testid="api-key"
        required
      />
      <button type="submit" disabled={busy || apiKey.trim() === ""} className={primary} data-testid="sign-in">
        Sign in
      </button>
      {problem && <ProblemPanel problem={problem} context="Sign-in" testId="sign-in-error" />}
    </form>
  );
}
