// The frame of the 404 and error pages: a big code, a title, one explaining line and the ways out.
import type { ReactNode } from "react";

export function StatusPage({
  code,
  title,
  children,
  actions,
  testId,
}: {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  testId: string;
}) {
  return (
    <section
      className="mx-auto max-w-xl rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      data-testid={testId}
      aria-labelledby="status-title"
    >
      <p className="font-mono text-sm font-semibold text-sky-800">{code}</p>
      <h1 id="status-title" className="mt-1 text-2xl font-semibold tracking-tight">
        {title}
      </h1>
      <div className="mt-3 space-y-2 text-sm text-slate-700">{children}</div>
      <div className="mt-6 flex flex-wrap gap-3">{actions}</div>
    </section>
  );
}

export const PRIMARY_ACTION =
  "inline-flex items-center rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";
export const SECONDARY_ACTION =
  "inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600";
