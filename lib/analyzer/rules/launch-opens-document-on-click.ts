import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** A PDF by name, a relative or absolute local path: what a form's "open the instructions" button launches. */
const LOCAL_PDF = /^(?![a-z][a-z0-9+.-]*:\/\/)(?!\\\\|\/\/)[^\0<>|"*?]{1,260}\.pdf$/i;

/**
 * The benign explanation of /Launch (technique launch-file): every Launch action opens a local PDF,
 * with no parameters, when the reader clicks a button or link. Forms use it to open their instructions
 * (a US SF-424 form launches toolkit.pdf); it is what GoToR does, written the old way.
 */
export const launchOpensDocumentOnClick = defineRule({
  id: "launch-opens-document-on-click",
  title: "Launch actions only open a PDF when clicked",
  description:
    "Every /Launch action opens a local PDF document, with no parameters or operation, from a button or link the reader clicks: another document opened on request, not a program started. This explains the Launch actions.",
  category: "action",
  severity: "info",
  weight: 0,
  attack: [],
  mitigations: [],
  confidence: "medium",
  role: "explanation",
  check({ actions }) {
    const launches = actions.filter((a) => a.type === "Launch");
    if (!launches.length) return null;
    const documentOnClick = (a: (typeof launches)[number]) =>
      !a.automatic && !a.parameters && LOCAL_PDF.test((a.target ?? "").trim());
    if (!launches.every(documentOnClick)) return null;
    return {
      evidence: launches.map((a) =>
        evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(`[${a.trigger}] ${a.target}`) }),
      ),
    };
  },
});
