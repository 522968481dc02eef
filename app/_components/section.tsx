// A titled card used for each part of the result.
import type { ReactNode } from "react";

export function Section({
  title,
  count,
  children,
  testId,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid={testId} aria-label={title}>
      <h2 className="flex items-center gap-2 border-b border-slate-200 px-4 py-2.5 text-base font-semibold">
        {title}
        {count !== undefined && (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">{count}</span>
        )}
      </h2>
      <div className="p-4">{children}</div>
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-500">{children}</p>;
}
