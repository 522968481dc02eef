"use client";
// What the dropped or picked files are for: a quick analysis on this page, or a stored scan (with
// its retention mode and optional offline enrichment). Every choice says in one line what it does.
import { RETENTION_OPTIONS, type RetentionOption } from "../_lib/scans";

export type UploadMode = "quick" | "scan";

export interface UploadChoices {
  mode: UploadMode;
  retention: RetentionOption;
  enrichment: boolean;
  keepThumbnails: boolean;
  /** the password of encrypted files (it came in the mail's body): sent with them, stored nowhere */
  password: string;
}

const MODES: { value: UploadMode; label: string; hint: string }[] = [
  { value: "quick", label: "Quick analysis", hint: "Fast stage only, results on this page; nothing is stored." },
  {
    value: "scan",
    label: "Scan",
    hint: "Both stages in the background, a shareable result page and exports (JSON, STIX, MISP, CSV, Markdown, HTML).",
  },
];

export function UploadOptions({
  choices,
  onChange,
  disabled,
}: {
  choices: UploadChoices;
  onChange: (c: UploadChoices) => void;
  disabled: boolean;
}) {
  return (
    <div className="space-y-4">
      <fieldset disabled={disabled} data-testid="upload-mode">
        <legend className="text-sm font-semibold">What to do with the files</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {MODES.map((m) => (
            <Choice
              key={m.value}
              name="mode"
              value={m.value}
              checked={choices.mode === m.value}
              label={m.label}
              hint={m.hint}
              onSelect={() => onChange({ ...choices, mode: m.value })}
            />
          ))}
        </div>
      </fieldset>
      <DocumentPassword
        value={choices.password}
        onChange={(password) => onChange({ ...choices, password })}
        disabled={disabled}
      />
      {choices.mode === "scan" && (
        <div className="grid gap-4 lg:grid-cols-[2fr_1fr]">
          <fieldset disabled={disabled} data-testid="scan-retention">
            <legend className="text-sm font-semibold">Uploaded file retention</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {RETENTION_OPTIONS.map((o) => (
                <Choice
                  key={o.value}
                  name="retention"
                  value={o.value}
                  checked={choices.retention === o.value}
                  label={o.label}
                  hint={o.hint}
                  onSelect={() => onChange({ ...choices, retention: o.value })}
                />
              ))}
            </div>
          </fieldset>
          <fieldset disabled={disabled} className="space-y-2">
            <legend className="text-sm font-semibold">Options</legend>
            <Toggle
              testId="scan-enrichment"
              checked={choices.enrichment}
              onChange={(enrichment) => onChange({ ...choices, enrichment })}
              label="Offline IOC enrichment"
              hint="Classifies the extracted URLs, domains and IPs locally; nothing is sent anywhere."
            />
            <Toggle
              testId="scan-keep-thumbnails"
              checked={choices.keepThumbnails}
              onChange={(keepThumbnails) => onChange({ ...choices, keepThumbnails })}
              label="Keep page pictures"
              hint="Keeps the thumbnails of the rendered pages with the report until you delete the scan, even when the file itself is deleted."
            />
          </fieldset>
        </div>
      )}
    </div>
  );
}

function DocumentPassword({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
}) {
  return (
    <div className="max-w-md space-y-1">
      <label htmlFor="document-password" className="text-sm font-semibold">
        Document password <span className="font-normal text-slate-600">(optional)</span>
      </label>
      <input
        id="document-password"
        data-testid="document-password"
        type="password"
        autoComplete="off"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby="document-password-hint"
        className="block w-full rounded-md border border-slate-400 px-2 py-1.5 text-sm"
      />
      <p id="document-password-hint" className="text-xs text-slate-600">
        For an encrypted PDF whose password came with it (often in the e-mail&apos;s text). It opens the file for the
        analysis only and is never stored or logged.
      </p>
    </div>
  );
}

function Toggle({
  testId,
  checked,
  onChange,
  label,
  hint,
}: {
  testId: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  hint: string;
}) {
  return (
    <label className="flex gap-2 rounded-md border border-slate-300 p-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-600">
      <input
        type="checkbox"
        data-testid={testId}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="mt-0.5 h-4 w-4 shrink-0 accent-sky-700"
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

function Choice({
  name,
  value,
  checked,
  label,
  hint,
  onSelect,
}: {
  name: string;
  value: string;
  checked: boolean;
  label: string;
  hint: string;
  onSelect: () => void;
}) {
  return (
    <label
      className={`flex cursor-pointer gap-2 rounded-md border p-2.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-sky-600 ${
        checked ? "border-sky-600 bg-sky-50" : "border-slate-300 bg-white"
      }`}
      data-testid={`${name}-${value}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="mt-0.5 h-4 w-4 shrink-0 accent-sky-700"
      />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
