"use client";
// The object inspector of a scan whose file is retained (issue 22 item 3): the document's objects as
// pdf-parser lists them, a search (-s: /JavaScript, a key, a string), the objects referring to one (-r),
// each revision's xref section and trailer, and one object at a time (object-detail.tsx). The server
// reads the retained file again in its analysis pool (GET /api/scans/:id/objects); nothing is parsed
// here and nothing of the document is rendered as markup. Opened by its button, or by a finding's
// evidence link (#object-N).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import useSWR from "swr";
import type { ObjectList } from "../../lib/server/scans/inspection-requests";
import { objectHash, objectOfHash } from "../_lib/object-links";
import { fetchJson, type ProblemError } from "../_lib/scans";
import { ObjectDetail, objectLabel } from "./object-detail";
import { ProblemPanel } from "./problem-panel";
import { Section } from "./section";
import { Spinner } from "./spinner";

type Filter = { search: string } | { refs: number } | null;

const queryOf = (filter: Filter) =>
  !filter ? "" : "search" in filter ? `?search=${encodeURIComponent(filter.search)}` : `?refs=${filter.refs}`;

export function ObjectInspector({ scanUrl }: { scanUrl: string }) {
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState<Filter>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState("");
  const sectionRef = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const list = useSWR<ObjectList, ProblemError>(open ? `${scanUrl}/objects${queryOf(filter)}` : null, fetchJson, {
    revalidateOnFocus: false,
    keepPreviousData: true,
  });

  // "#object-N" (a finding's evidence link, or a shared URL): open the inspector at that object
  const followHash = useCallback(() => {
    const num = objectOfHash(window.location.hash);
    if (num === null) return;
    setOpen(true);
    setSelected(num);
    sectionRef.current?.scrollIntoView({ block: "start" });
  }, []);
  useEffect(() => {
    followHash();
    window.addEventListener("hashchange", followHash);
    return () => window.removeEventListener("hashchange", followHash);
  }, [followHash]);

  const select = (num: number) => {
    setSelected(num);
    // the address says which object is open: a reload or a copied link opens it again
    window.history.replaceState(null, "", objectHash(num));
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    setFilter(text ? { search: text } : null);
  };

  return (
    <div ref={sectionRef} className="scroll-mt-4">
      <Section title="Objects" testId="object-inspector">
        {!open ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-600">
              Every object of the retained file, its dictionary and its streams (decoded, raw or hex), like pdf-parser.
            </p>
            <button
              type="button"
              onClick={() => setOpen(true)}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
              data-testid="open-inspector"
            >
              Open the object inspector
            </button>
          </div>
        ) : (
          <div className="space-y-3">
            <form onSubmit={search} className="flex flex-wrap items-end gap-2" role="search">
              <div className="min-w-0 flex-1">
                <label htmlFor={searchId} className="block text-xs font-medium text-slate-600">
                  Search objects (a name such as /JavaScript, a key, a string)
                </label>
                <input
                  id={searchId}
                  type="search"
                  value={draft}
                  onChange={(e) => setDraft(e.target.value)}
                  maxLength={200}
                  className="mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 font-mono text-sm"
                  data-testid="object-search"
                />
              </div>
              <button
                type="submit"
                className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
              >
                Search
              </button>
              {filter && (
                <button
                  type="button"
                  onClick={() => (setFilter(null), setDraft(""))}
                  className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
                >
                  Show all
                </button>
              )}
            </form>
            {list.error && <ProblemPanel problem={list.error.problem} context="Objects" />}
            {!list.data && !list.error && (
              <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <Spinner /> Reading the file's objects…
              </p>
            )}
            {list.data && (
              <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
                <ObjectListView list={list.data} filter={filter} selected={selected} onSelect={select} />
                <div className="min-w-0">
                  {selected === null ? (
                    <p className="text-sm text-slate-600">Choose an object to see its dictionary and stream.</p>
                  ) : (
                    <ObjectDetail
                      scanUrl={scanUrl}
                      num={selected}
                      onSelect={select}
                      onReferrers={(refs) => setFilter({ refs })}
                    />
                  )}
                </div>
              </div>
            )}
            {list.data && list.data.revisions.length > 0 && <Revisions revisions={list.data.revisions} />}
          </div>
        )}
      </Section>
    </div>
  );
}

function ObjectListView({
  list,
  filter,
  selected,
  onSelect,
}: {
  list: ObjectList;
  filter: Filter;
  selected: number | null;
  onSelect: (num: number) => void;
}) {
  const what = !filter
    ? ""
    : "search" in filter
      ? ` containing “${filter.search}”`
      : ` referring to object ${filter.refs}`;
  return (
    <div className="min-w-0">
      <p className="text-xs text-slate-600" role="status" data-testid="object-count">
        {filter ? `${list.objects.length} of ${list.total} objects${what}` : `${list.total} objects`}
        {list.encrypted && " · encrypted"}
        {list.truncated && ` · the first ${list.objects.length} listed`}
      </p>
      {list.objects.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No object{what}.</p>
      ) : (
        <ul
          className="mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200"
          aria-label="Objects"
          data-testid="object-list"
        >
          {list.objects.map((o) => (
            <li key={`${o.num}-${o.gen}`} className="border-b border-slate-100 last:border-0">
              <button
                type="button"
                onClick={() => onSelect(o.num)}
                aria-pressed={selected === o.num}
                className={`block w-full px-2 py-1 text-left font-mono text-xs hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 ${selected === o.num ? "bg-sky-50 text-sky-900" : "text-slate-800"}`}
              >
                {objectLabel(o)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Revisions({ revisions }: { revisions: ObjectList["revisions"] }) {
  return (
    <details className="rounded-md border border-slate-200 p-2 text-sm" data-testid="revisions">
      <summary className="cursor-pointer font-medium">
        Revisions: {revisions.length} xref section{revisions.length === 1 ? "" : "s"} and their trailers
      </summary>
      <ol className="mt-2 space-y-2">
        {revisions.map((r) => (
          <li key={r.index}>
            <p className="text-xs text-slate-600">
              xref {r.kind} at byte {r.offset.toLocaleString("en")} · {r.entries} entries
              {r.index === 0 ? " · the last revision" : ""}
            </p>
            <pre className="mt-1 font-mono text-xs whitespace-pre-wrap break-all text-slate-800">
              {r.trailer ?? "(no trailer)"}
            </pre>
          </li>
        ))}
      </ol>
    </details>
  );
}
