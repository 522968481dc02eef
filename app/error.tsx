"use client";
// The error page for a page that failed to render (a bug or an unreachable store): says so in plain
// words, offers a retry (re-renders the segment) and a way home. Next's default would be blank text.
import { PRIMARY_ACTION, SECONDARY_ACTION, StatusPage } from "./_components/status-page";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <StatusPage
      code="Error"
      title="This page failed to load"
      testId="error-page"
      actions={
        <>
          <button type="button" onClick={reset} className={PRIMARY_ACTION}>
            Try again
          </button>
          <a href="/" className={SECONDARY_ACTION}>
            ← Analyse a file
          </a>
        </>
      }
    >
      <p>
        Something went wrong on our side while showing this page. Trying again usually helps; the server logged the
        details.
      </p>
      {error.digest && (
        <p className="text-xs text-slate-600">
          Reference: <code>{error.digest}</code>
        </p>
      )}
    </StatusPage>
  );
}
