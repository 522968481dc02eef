// Entry of the render process (create-pdf-renderer.ts forks it): renders one document per message
// with pdf.js in this process, so the host can stop a render stuck in pdf.js's synchronous drawing,
// and get all its memory back, by killing the process. Progress (the document opened, each page
// done) is sent as it happens, so what was rendered before a stop is kept. Bundled as
// dist/render-process.mjs (scripts/build-worker.mjs).
import type { RenderBudget, RenderFacts } from "../../analyzer";
import { loadPdfjs } from "./load-pdfjs";
import { createInThreadRenderer } from "./render-document";
import { warmUpDocument } from "./warm-up-document";

export interface RenderRequest {
  id: number;
  bytes: Uint8Array;
  budget: RenderBudget;
  qr: boolean;
  /** the analyst's password of an encrypted document: for this render only, never written anywhere */
  password?: string;
}

export type RenderReply =
  /** pdf.js is loaded and the render begins: the host's clock for the document starts here */
  | { id: number; started: true }
  /** progress (done false) or the result (done true) */
  | { id: number; facts: RenderFacts; done: boolean };

// pdf.js rejects promises nobody awaits any more (a destroyed task, XRefEntryException from a
// background fetch): they are not this render's failure, and unhandled they would end the process
process.on("unhandledRejection", () => {});
// the host went away, its process or only its thread (piscina terminates a worker thread on a hard
// timeout; the IPC channel closes with it, test/engine-children-orphaned.integration.test.ts): nothing left to render for
process.on("disconnect", () => process.exit(0));
/** the warm-up render (warm-up-document.ts), once per process, before the first document's clock starts */
let warmedUp: Promise<unknown> | null = null;
/** generous: the warm-up only has to finish, and a process that cannot render it fails its first document as it would anyway */
const WARM_UP_BUDGET: RenderBudget = { maxPages: 1, scale: 1, timeoutMs: 10_000 };

// every step below catches its own failure: the promise is never rejected
process.on("message", (message: RenderRequest) => void handleMessage(message));

async function handleMessage(request: RenderRequest): Promise<void> {
  const post = (facts: RenderFacts, done: boolean) =>
    process.send?.({ id: request.id, facts, done } satisfies RenderReply);
  // loading pdf.js and compiling its code paths (first request only) is not the document's time: say
  // when the render begins
  await loadPdfjs().catch(() => undefined);
  warmedUp ??= createInThreadRenderer({ qr: request.qr })(warmUpDocument(), WARM_UP_BUDGET).catch(() => undefined);
  await warmedUp;
  process.send?.({ id: request.id, started: true } satisfies RenderReply);
  const render = createInThreadRenderer({ qr: request.qr, onProgress: (facts) => post(facts, false) });
  const facts = await render(request.bytes, request.budget, undefined, { password: request.password }).catch(
    (e: unknown): RenderFacts => ({
      pagesRendered: 0,
      pageCount: null,
      pages: [],
      qrCodes: [],
      durationMs: 0,
      error: `renderer failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500),
      pdfjs: { pageCount: null, hasCatalog: false },
    }),
  );
  post(facts, true);
}
