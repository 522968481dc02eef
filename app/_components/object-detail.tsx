"use client";
// One object of the inspector (object-inspector.tsx): its value in PDF syntax, the objects that
// refer to it, and its stream decoded by its filters or as stored, as text or hex. The bytes are the
// document's and may be hostile: they are shown as text nodes only (control characters as dots),
// never as markup, and never run.
import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { hexDump } from "../../lib/hex-dump";
import type { ObjectView } from "../../lib/server/scans/inspection-requests";
import { formatBytes } from "../_lib/format";
import { base64Bytes, printableBytes } from "../_lib/object-links";
import { fetchJson, type ProblemError } from "../_lib/scans";
import { ProblemPanel } from "./problem-panel";
import { Spinner } from "./spinner";

/** Bytes of a stream shown as hex (a hex dump is ~5 characters a byte): the text view shows up to the server's cap. */
const HEX_SHOWN_BYTES = 64 * 1024;

type Line = ObjectView["object"];

/** "12 0 obj  stream /XObject /Image  (1.2 KB, FlateDecode)" */
export function objectLabel(o: Line): string {
  const extra = [
    o.stream
      ? `${formatBytes(o.stream.rawBytes)}${o.stream.filters.length ? `, ${o.stream.filters.join(" ")}` : ""}`
      : "",
    o.container ? `in ${o.container} obj stream` : "",
  ]
    .filter(Boolean)
    .join("; ");
  return `${o.num} ${o.gen} obj  ${o.kind}${extra ? `  (${extra})` : ""}`;
}

export function ObjectDetail({
  scanUrl,
  num,
  onSelect,
  onReferrers,
}: {
  scanUrl: string;
  num: number;
  onSelect: (num: number) => void;
  onReferrers: (num: number) => void;
}) {
  const [view, setView] = useState<"decoded" | "raw">("decoded");
  const [hex, setHex] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const object = useSWR<ObjectView, ProblemError>(`${scanUrl}/objects/${num}?stream=${view}`, fetchJson, {
    revalidateOnFocus: false,
  });
  // a newly chosen object takes the focus, so that keyboard and screen-reader users land on it
  useEffect(() => heading.current?.focus(), [num]);

  return (
    <div className="space-y-2" data-testid="object-detail" data-object={num}>
      <h3 ref={heading} tabIndex={-1} className="font-mono text-sm font-semibold focus:outline-none">
        Object {num}
      </h3>
      {object.error && <ProblemPanel problem={object.error.problem} context={`Object ${num}`} />}
      {!object.data && !object.error && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Spinner /> Reading object {num}…
        </p>
      )}
      {object.data && (
        <>
          <p className="font-mono text-xs text-slate-600">{objectLabel(object.data.object)}</p>
          <pre
            className="max-h-80 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap break-all text-slate-800"
            tabIndex={0}
            role="region"
            aria-label={`Object ${num} in PDF syntax`}
            data-testid="object-text"
          >
            {object.data.text}
          </pre>
          <Referrers referrers={object.data.referrers} onSelect={onSelect} onAll={() => onReferrers(num)} />
          {object.data.stream && (
            <StreamView stream={object.data.stream} view={view} onView={setView} hex={hex} onHex={setHex} />
          )}
        </>
      )}
    </div>
  );
}

function Referrers({
  referrers,
  onSelect,
  onAll,
}: {
  referrers: Line[];
  onSelect: (num: number) => void;
  onAll: () => void;
}) {
  if (referrers.length === 0) return <p className="text-xs text-slate-600">No object refers to it.</p>;
  return (
    <div className="flex flex-wrap items-center gap-1 text-xs" data-testid="object-referrers">
      <span className="text-slate-600">Referred to by:</span>
      {referrers.map((r) => (
        <button
          key={r.num}
          type="button"
          onClick={() => onSelect(r.num)}
          className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sky-800 hover:underline"
          title={r.kind}
        >
          {r.num} {r.gen} R
        </button>
      ))}
      <button type="button" onClick={onAll} className="text-sky-800 underline">
        list them
      </button>
    </div>
  );
}

function StreamView({
  stream,
  view,
  onView,
  hex,
  onHex,
}: {
  stream: NonNullable<ObjectView["stream"]>;
  view: "decoded" | "raw";
  onView: (v: "decoded" | "raw") => void;
  hex: boolean;
  onHex: (h: boolean) => void;
}) {
  const bytes = base64Bytes(stream.base64);
  const shown = hex ? hexDump(bytes.subarray(0, HEX_SHOWN_BYTES)) : printableBytes(bytes);
  const cut = hex ? bytes.length > HEX_SHOWN_BYTES || stream.truncated : stream.truncated;
  return (
    <div className="space-y-1" data-testid="object-stream" data-view={view} data-hex={hex}>
      <div className="flex flex-wrap items-center gap-3 text-xs">
        <span className="font-medium text-slate-700">Stream</span>
        <Toggle
          label="Stream bytes"
          options={[
            ["decoded", "Decoded"],
            ["raw", "Raw"],
          ]}
          value={view}
          onChange={onView}
        />
        <Toggle
          label="Shown as"
          options={[
            ["text", "Text"],
            ["hex", "Hex"],
          ]}
          value={hex ? "hex" : "text"}
          onChange={(v) => onHex(v === "hex")}
        />
      </div>
      <p className="text-xs text-slate-600" data-testid="stream-note">
        {stream.note}
        {cut &&
          ` · the first ${formatBytes(hex ? Math.min(bytes.length, HEX_SHOWN_BYTES) : bytes.length)} of ${formatBytes(stream.totalBytes)} shown (pdfscan inspect --output writes all of it)`}
      </p>
      {/* a hex dump keeps its columns (it scrolls sideways on a phone); text wraps */}
      <pre
        className={`max-h-96 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs text-slate-800 ${hex ? "whitespace-pre" : "whitespace-pre-wrap break-all"}`}
        tabIndex={0}
        role="region"
        aria-label="Stream bytes"
        data-testid="stream-bytes"
      >
        {shown || "(empty)"}
      </pre>
    </div>
  );
}

function Toggle<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: [T, string][];
  value: T;
  onChange: (v: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-md border border-slate-300">
      {options.map(([v, text]) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={`px-2 py-0.5 ${value === v ? "bg-slate-900 text-white" : "bg-white text-slate-800 hover:bg-slate-50"}`}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
