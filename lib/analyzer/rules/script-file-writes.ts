// The file writes of a document's scripts, as the fast stage reads them in the text and as the
// sandbox saw them made (file-writes.ts), each once: the facts both file-write rules read.
import type { FileWrite } from "../javascript/file-writes";
import type { RuleFacts } from "./rule";
import type { Stage } from "../report";

export interface ScriptFileWrite {
  objectRef?: string;
  path: string;
  trigger: string;
  write: Omit<FileWrite, "onLoad" | "afterDialog">;
  /** the write happens without the reader choosing it: the script runs on its own, and the call is not behind a button's function or a dialog */
  withoutConsent: boolean;
  /** read in the script's text (fast), or only seen made in the sandbox (advanced) */
  foundBy: Stage;
}

/** The stage a finding over `writes` comes from: the advanced one when the text showed none of them. */
export function stageOfWrites(writes: readonly ScriptFileWrite[]): Stage | undefined {
  return writes.every((w) => w.foundBy === "advanced") ? "advanced" : undefined;
}

export function scriptFileWrites({
  scripts,
  javascript,
}: Pick<RuleFacts, "scripts" | "javascript">): ScriptFileWrite[] {
  const out: ScriptFileWrite[] = [];
  const seen = new Set<string>();
  const add = (w: ScriptFileWrite) => {
    const key = `${w.objectRef ?? w.path}\u0000${w.write.api}\u0000${w.write.path ?? ""}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(w);
  };
  for (const s of scripts) {
    for (const write of s.signals.fileWrites)
      add({
        objectRef: s.objectRef,
        path: s.path,
        trigger: s.trigger,
        write,
        withoutConsent: s.consent === "none" && write.onLoad && !write.afterDialog,
        foundBy: "fast",
      });
  }
  // the sandbox's calls: obfuscated names and paths built at run time included
  for (const s of javascript ?? []) {
    for (const write of s.fileWrites)
      add({
        objectRef: s.objectRef,
        path: s.path,
        trigger: s.trigger,
        write,
        withoutConsent: s.automatic,
        foundBy: "advanced",
      });
  }
  return out;
}
