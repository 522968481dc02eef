"use client";
// One script text (a script's source or a deobfuscated layer) read-only: highlighted, with line
// numbers, a Copy button and a Download button; Beautify lays it out (in a Web Worker,
// app/_lib/use-beautified.ts) and Wrap folds long lines. The text is only ever shown and saved, never run.
import { useMemo, useState } from "react";
import { hexDump } from "../../lib/hex-dump";
import { escapedByteRuns } from "../../lib/analyzer/javascript/escaped-bytes";
import { defaultBudget } from "../../lib/limits";
import { useBeautified } from "../_lib/use-beautified";
import { highlightJavaScript, lineCount } from "../_lib/highlight-javascript";
import { downloadText } from "../_lib/download-text";
import { CopyButton } from "./copy-button";

/** highlight.js token classes on the dark code background, every colour above 4.5:1 on slate-900 */
const TOKEN_COLOURS = [
  "[&_.hljs-keyword]:text-sky-300 [&_.hljs-literal]:text-sky-300",
  "[&_.hljs-string]:text-amber-200 [&_.hljs-regexp]:text-amber-200 [&_.hljs-subst]:text-slate-100",
  "[&_.hljs-number]:text-emerald-300 [&_.hljs-title]:text-violet-300 [&_.hljs-property]:text-slate-100",
  "[&_.hljs-comment]:text-slate-400 [&_.hljs-comment]:italic [&_.hljs-attr]:text-pink-300 [&_.hljs-variable]:text-slate-100",
].join(" ");

export function ScriptCode({
  title,
  code: original,
  fileName,
  truncated = false,
  testId,
}: {
  title: string;
  code: string;
  fileName: string;
  truncated?: boolean;
  testId?: string;
}) {
  const [beautify, setBeautify] = useState(false);
  const [wrap, setWrap] = useState(false);
  const beautified = useBeautified(original, beautify);
  // what is shown, copied and saved: the layout once it is ready, else the text as written
  const code = beautified.state === "done" ? beautified.code : original;
  const html = useMemo(() => highlightJavaScript(code), [code]);
  const lines = useMemo(() => lineCount(code), [code]);
  const numbers = useMemo(() => Array.from({ length: lines }, (_, i) => i + 1).join("\n"), [lines]);
  // shellcode kept as %u / \x escapes, shown as the bytes it stands for (read from the text, never run)
  // the report's limits; the viewer has no budget hits to report (the analysis reported its own)
  const byteRuns = useMemo(() => escapedByteRuns(original, defaultBudget()), [original]);
  const shownName = beautified.state === "done" ? fileName.replace(/\.js$/, ".beautified.js") : fileName;
  return (
    <figure className="mt-3" data-testid={testId}>
      <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">{title}</span>
        <span>
          {lines} line{lines === 1 ? "" : "s"} · {code.length.toLocaleString("en")} characters
          {truncated && " · cut at the report's limit"}
          {html === null && " · too large to highlight"}
        </span>
        <span className="text-slate-600" role="status" data-testid="beautify-state" data-state={beautified.state}>
          {beautified.state === "working" && "laying out…"}
          {beautified.state === "done" && "beautified (layout only: the text is the same code)"}
          {beautified.state === "failed" && `not beautified: ${beautified.reason}`}
        </span>
        <span className="ml-auto flex gap-2">
          <Toggle
            pressed={beautify}
            onClick={() => setBeautify((b) => !b)}
            label="Beautify"
            title="Lay the code out with indentation and line breaks (never run)"
          />
          <Toggle
            pressed={wrap}
            onClick={() => setWrap((w) => !w)}
            label="Wrap"
            title="Fold long lines to the width of the view"
          />
          <CopyButton value={code} title={`Copy ${title.toLowerCase()} to the clipboard`} />
          <button
            type="button"
            onClick={() => downloadText(shownName, code)}
            aria-label={`Download ${title.toLowerCase()} as ${shownName}`}
            title={`Save as ${shownName} (plain text, not run)`}
            className="shrink-0 rounded border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
          >
            Download
          </button>
        </span>
      </figcaption>
      {/* tabIndex: the scrolling region must be reachable by keyboard */}
      <div
        className="mt-1 flex max-h-96 overflow-auto rounded bg-slate-900 font-mono text-xs leading-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        tabIndex={0}
        role="region"
        aria-label={`${title}, read-only`}
      >
        {!wrap && (
          <pre
            className="sticky left-0 shrink-0 select-none border-r border-slate-700 bg-slate-900 px-2 py-2 text-right text-slate-400"
            aria-hidden
            data-testid="line-numbers"
          >
            {numbers}
          </pre>
        )}
        {html === null ? (
          <pre
            className={`grow px-3 py-2 text-slate-100 ${wrap ? WRAPPED : "whitespace-pre"}`}
            data-testid="script-text"
          >
            <code>{code}</code>
          </pre>
        ) : (
          <pre
            className={`grow px-3 py-2 text-slate-100 ${wrap ? WRAPPED : "whitespace-pre"} ${TOKEN_COLOURS}`}
            data-testid="script-text"
          >
            {/* highlight.js output only: it escapes the script text (app/_lib/highlight-javascript.ts) */}
            <code dangerouslySetInnerHTML={{ __html: html }} />
          </pre>
        )}
      </div>
      {byteRuns.map((run) => (
        <details key={run.offset} className="mt-2 text-xs" data-testid="escaped-bytes">
          <summary className="cursor-pointer text-slate-700">
            {run.kind} escapes at character {run.offset.toLocaleString("en")} as bytes (
            {run.bytes.length.toLocaleString("en")}
            {run.cut ? ", the first shown" : ""}): shellcode is read this way
          </summary>
          <pre
            className="mt-1 max-h-64 overflow-auto rounded bg-slate-900 px-3 py-2 font-mono text-slate-100"
            tabIndex={0}
            aria-label={`bytes of the ${run.kind} escapes`}
          >
            {hexDump(run.bytes)}
          </pre>
        </details>
      ))}
    </figure>
  );
}

/** folded lines: break anywhere (a script line has no spaces to break at) */
const WRAPPED = "min-w-0 whitespace-pre-wrap break-all";

function Toggle({
  pressed,
  onClick,
  label,
  title,
}: {
  pressed: boolean;
  onClick: () => void;
  label: string;
  title: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      title={title}
      className={`shrink-0 rounded border px-2 py-0.5 text-xs focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 ${pressed ? "border-sky-700 bg-sky-700 text-white" : "border-slate-300 bg-white text-slate-600 hover:bg-slate-100"}`}
    >
      {label}
    </button>
  );
}
