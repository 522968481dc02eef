"use client";
// The document's scripts as the advanced stage saw them: where each one sits and what triggers it,
// what its run did, and a viewer of its full text and of every layer it decoded at run time. The
// full text comes from the advanced result's javascript entries (source, full_layers); results stored
// before those existed, or past the report's text budget, show their excerpts instead.
import { useId, useState } from "react";
import { DeepResult, type JavaScriptEntry, type Stage } from "../../lib/analyzer/report";
import { formatBytes } from "../_lib/format";
import { ScriptCode } from "./script-code";
import { ShellcodeList } from "./shellcode-view";
import { Empty, Section } from "./section";

export function ScriptsSection({
  scanId,
  details,
  stage,
}: {
  scanId: string;
  details: Record<string, unknown>;
  stage: Stage;
}) {
  if (stage !== "advanced" || details.javascript === undefined) return null;
  const parsed = DeepResult.shape.javascript.safeParse(details.javascript);
  if (!parsed.success) return null;
  const scripts = parsed.data;
  return (
    <Section title="JavaScript (advanced stage)" count={scripts.length} testId="javascript">
      {scripts.length === 0 ? (
        <Empty>No scripts.</Empty>
      ) : (
        <ol className="space-y-3">
          {scripts.map((s, i) => (
            <ScriptCard key={`${s.sha256}-${i}`} scanId={scanId} script={s} n={i + 1} texts={textsOf(scripts, i)} />
          ))}
        </ol>
      )}
    </Section>
  );
}

/** The id of script n's card (the object tree links to it). */
export const scriptAnchor = (n: number) => `script-${n}`;

interface ScriptTexts {
  source: string;
  layers: string[];
  /** the full text is in the report (else: excerpts) */
  full: boolean;
  truncated: boolean;
  /** the same script, shown in full on an earlier card */
  sameAs?: number;
}

/** A repeated script carries no text of its own: it is read from the first entry with its hash. */
function textsOf(scripts: JavaScriptEntry[], i: number): ScriptTexts {
  const s = scripts[i];
  const first = s.source === undefined ? scripts.findIndex((x) => x.sha256 === s.sha256 && x.source !== undefined) : i;
  const owner = first >= 0 ? scripts[first] : undefined;
  if (owner?.source === undefined)
    return { source: s.excerpt, layers: s.deobfuscated_layers, full: false, truncated: true };
  return {
    source: owner.source,
    layers: owner.full_layers ?? owner.deobfuscated_layers,
    full: true,
    truncated: owner.full_text_truncated ?? false,
    sameAs: first === i ? undefined : first + 1,
  };
}

function ScriptCard({
  scanId,
  script: s,
  n,
  texts,
}: {
  scanId: string;
  script: JavaScriptEntry;
  n: number;
  texts: ScriptTexts;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const base = `${scanId}-script-${n}`;
  return (
    <li
      id={scriptAnchor(n)}
      className="scroll-mt-4 rounded-md border border-slate-200 p-3 text-sm"
      data-testid="script"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-800">Script {n}</span>
        <span className="font-mono break-all">
          {s.location.objectRef ? `obj ${s.location.objectRef} · ` : ""}
          {s.location.path}
        </span>
        <span>
          trigger <span className="font-medium">{s.trigger}</span>
          {s.automatic && <span className="ml-1 rounded bg-red-100 px-1 text-red-800">automatic</span>}
        </span>
        <span>{formatBytes(s.size)}</span>
        <span>
          emulation: {s.emulation.status}
          {s.emulation.detail ? ` (${s.emulation.detail})` : ""}
        </span>
        <span>
          {s.deobfuscated_layers.length} deobfuscated layer{s.deobfuscated_layers.length === 1 ? "" : "s"}
        </span>
      </div>
      {(s.apis.length > 0 || s.cves.length > 0) && (
        <p className="mt-1 text-xs">
          {s.apis.length > 0 && (
            <span className="mr-4">
              APIs: <code className="break-all">{s.apis.join(", ")}</code>
            </span>
          )}
          {s.cves.length > 0 && (
            <span>
              CVE: <code>{s.cves.join(", ")}</code>
            </span>
          )}
        </p>
      )}
      {s.shellcode && s.shellcode.length > 0 && <ShellcodeList entries={s.shellcode} />}
      {!open && <p className="mt-2 truncate font-mono text-xs text-slate-600 print:hidden">{s.excerpt}</p>}
      {!open && <PrintedTexts texts={texts} />}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="mt-2 rounded-md border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-sky-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
        data-testid="script-toggle"
      >
        {open ? "Hide script" : texts.full ? "View full script" : "View script excerpts"}
      </button>
      {open && (
        <div id={panelId} data-testid="script-viewer">
          <p className="mt-2 text-xs text-slate-600">
            Read-only: shown and downloadable as text, never run in your browser.
            {texts.sameAs !== undefined && ` Same script as script ${texts.sameAs}.`}
            {!texts.full &&
              " Only excerpts are in this report (analysed before full texts were kept, or the report's text budget was spent)."}
          </p>
          <ScriptCode
            title={texts.full ? "Source" : "Source excerpt"}
            code={texts.source}
            fileName={`${base}.js`}
            truncated={texts.truncated && texts.full}
            testId="script-source"
          />
          {texts.layers.map((layer, k) => (
            <ScriptCode
              key={k}
              title={`Deobfuscated layer ${k + 1}`}
              code={layer}
              fileName={`${base}-layer-${k + 1}.js`}
              testId="script-layer"
            />
          ))}
        </div>
      )}
    </li>
  );
}

/** Characters of each text a printed report holds (the full text is in the JSON export and the viewer). */
const PRINT_SCRIPT_CHARS = 20_000;

/** The script and its layers as plain text, for the printed report only (the viewer is closed on screen). */
function PrintedTexts({ texts }: { texts: ScriptTexts }) {
  const all = [
    ["Source", texts.source] as const,
    ...texts.layers.map((l, k) => [`Deobfuscated layer ${k + 1}`, l] as const),
  ];
  return (
    <div className="hidden print:block" data-testid="script-print">
      {all.map(([title, text]) => (
        <div key={title} className="mt-2">
          <p className="text-xs font-semibold">{title}</p>
          <pre className="font-mono text-xs whitespace-pre-wrap break-all">{text.slice(0, PRINT_SCRIPT_CHARS)}</pre>
          {text.length > PRINT_SCRIPT_CHARS && (
            <p className="text-xs">
              {(text.length - PRINT_SCRIPT_CHARS).toLocaleString("en")} more characters in the JSON export.
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
