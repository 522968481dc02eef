// A small busy indicator; the text beside it says what is running.
export function Spinner() {
  return (
    <span
      className="inline-block h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-sky-600"
      aria-hidden
    />
  );
}
