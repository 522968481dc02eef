// pdf.js's worker half (pdfjs-dist ships no types for it): load-pdfjs.ts imports it beside pdf.mjs so that
// its core-js runs before the built-ins are put back; nothing of it is used by name.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
