"use client";
// Last resort when the root layout itself fails: it replaces the whole document, so it brings its
// own <html> and the global styles, and keeps to the same plain wording and retry as app/error.tsx.
import "./globals.css";
import ErrorPage from "./error";

export default function GlobalError(props: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <main className="mx-auto max-w-6xl px-4 py-10">
          <ErrorPage {...props} />
        </main>
      </body>
    </html>
  );
}
