// A script that writes a file to a path it names (file-writes.ts). Acrobat refuses such a write from a
// document's own script unless it runs privileged, so honest documents leave saving to the reader's
// Save As dialog (saveAs() with no path is not reported). What the file is decides the rest:
// javascript-drops-runnable-file reports programs and autostart folders.
import type { Stage } from "../report";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import { scriptFileWrites, stageOfWrites } from "./script-file-writes";

/** A write whose path is not known: the text builds it from parts it does not spell out, or the call gave none as text. */
const UNKNOWN_PATH: Record<Stage, string> = {
  fast: "a path the script's text does not spell out",
  advanced: "a path the sandbox could not read",
};

export const javascriptFileWrite = defineRule({
  id: "javascript-file-write",
  title: "Script writes a file to a path it names",
  description:
    "A script calls Doc.saveAs, exportAsFDF, exportAsXFDF, exportAsText, exportXFAData, extractPages (cPath) or XFA's xfa.host.exportData with a path of its own: the document writes to the reader's disk, a first step of droppers and of exploits of viewers that do not check the path or the file type (Foxit's exportXFAData, CVE-2023-27363). High confidence when the write runs without the reader choosing it (on open, not behind a button or a dialog).",
  category: "javascript",
  severity: "medium",
  weight: 30,
  attack: ["T1105", "T1059.007"],
  mitigations: ["disable_reader_javascript", "open_in_protected_view"],
  confidence: "medium",
  check(facts) {
    const hits = scriptFileWrites(facts);
    if (!hits.length) return null;
    return {
      evidence: hits.map((h) =>
        evidence({ objectRef: h.objectRef, path: h.path, excerpt: excerpt(`[${h.trigger}] ${h.write.text}`) }),
      ),
      detail: `Writes: ${[...new Set(hits.map((h) => `${h.write.api} to ${h.write.path ?? UNKNOWN_PATH[h.foundBy]}${h.withoutConsent ? " (without the reader's consent)" : ""}`))].join(", ")}.`,
      confidence: hits.some((h) => h.withoutConsent) ? "high" : "medium",
      stage: stageOfWrites(hits),
    };
  },
});
