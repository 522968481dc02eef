// Lays out one script off the page's thread (beautify-javascript.ts); the page terminates the worker
// when it takes too long.
import { beautifyJavaScript } from "./beautify-javascript";

// a dedicated worker's global scope (the project's TypeScript lib is the DOM's, where self is a Window)
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ code: string }>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  try {
    scope.postMessage({ ok: true, code: beautifyJavaScript(event.data.code) });
  } catch (error) {
    scope.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
