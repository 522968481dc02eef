"use client";
// The beautified text of a script, made in a Web Worker when asked for (beautify.worker.ts), with a
// time limit: a worker still busy after BEAUTIFY_TIMEOUT_MS is terminated and the original stays.
import { useEffect, useState } from "react";
import { MAX_BEAUTIFY_CHARS } from "./beautify-javascript";

export const BEAUTIFY_TIMEOUT_MS = 10_000;

export type Beautified =
  { state: "off" } | { state: "working" } | { state: "done"; code: string } | { state: "failed"; reason: string };

export function useBeautified(code: string, wanted: boolean): Beautified {
  const [result, setResult] = useState<Beautified>({ state: "off" });
  useEffect(() => {
    if (!wanted) {
      setResult({ state: "off" });
      return;
    }
    if (code.length > MAX_BEAUTIFY_CHARS) {
      setResult({
        state: "failed",
        reason: `longer than ${MAX_BEAUTIFY_CHARS.toLocaleString("en")} characters: download it instead`,
      });
      return;
    }
    setResult({ state: "working" });
    const worker = new Worker(new URL("./beautify.worker.ts", import.meta.url));
    const timer = setTimeout(() => {
      worker.terminate();
      setResult({ state: "failed", reason: `not done within ${BEAUTIFY_TIMEOUT_MS / 1000} s` });
    }, BEAUTIFY_TIMEOUT_MS);
    worker.onmessage = (event: MessageEvent<{ ok: true; code: string } | { ok: false; error: string }>) => {
      clearTimeout(timer);
      worker.terminate();
      setResult(
        event.data.ok ? { state: "done", code: event.data.code } : { state: "failed", reason: event.data.error },
      );
    };
    worker.onerror = () => {
      clearTimeout(timer);
      worker.terminate();
      setResult({ state: "failed", reason: "the layout worker could not run" });
    };
    worker.postMessage({ code });
    return () => {
      clearTimeout(timer);
      worker.terminate();
    };
  }, [code, wanted]);
  return result;
}
