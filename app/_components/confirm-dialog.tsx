"use client";
// A modal yes/no question on the native <dialog>: showModal() makes the rest of the page inert, traps
// focus and closes on Escape. Focus starts on Cancel (the safe answer to a destructive question) and
// goes back to the control that opened the dialog when it closes.
import { useEffect, useId, useRef, type ReactNode } from "react";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busyLabel?: string;
  busy?: boolean;
  /** shown under the text when the action failed */
  error?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      el.showModal();
      cancel.current?.focus();
      return () => {
        if (el.open) el.close();
        if (opener?.isConnected) opener.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="confirm-dialog"
      // Escape closes a modal dialog natively; keep React's state in step with it
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      // text-left: the dialog sits in the DOM where it was opened and would inherit that place's alignment (issue 22: right-aligned text)
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-300 bg-white p-0 text-left text-slate-900 shadow-xl backdrop:bg-slate-900/60"
    >
      <div className="p-5">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <div id={`${id}-text`} className="mt-2 text-sm text-slate-700">
          {children}
        </div>
        {error && <div className="mt-3">{error}</div>}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button
            ref={cancel}
            type="button"
            onClick={onCancel}
            disabled={busy}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500 disabled:opacity-50"
          >
            Cancel
          </button>
          <button
            type="button"
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm-action"
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:ring-offset-2 disabled:opacity-60"
          >
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
