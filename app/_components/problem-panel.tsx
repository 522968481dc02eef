// An RFC 9457 problem, readable: a plain sentence for its code first (app/_lib/problem-messages.ts),
// then the API's own title, status, code and detail in small print for whoever reports it.
import type { Problem } from "../_lib/api";
import { problemMessage } from "../_lib/problem-messages";

export function ProblemPanel({
  problem,
  context,
  testId = "error",
}: {
  problem: Problem;
  context?: string;
  testId?: string;
}) {
  return (
    <div
      className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
      role="alert"
      data-testid={testId}
      data-problem-code={problem.code}
    >
      <p className="font-semibold">
        {context ? `${context}: ` : ""}
        {problemMessage(problem)}
      </p>
      <p className="mt-1 text-xs text-red-800">
        {problem.title}
        {problem.status > 0 && (
          <>
            {" "}
            · HTTP {problem.status} · <code>{problem.code}</code>
          </>
        )}
        {problem.detail && problem.detail !== problem.title && <> · {problem.detail}</>}
      </p>
    </div>
  );
}
