// A script that writes a file which runs: a program or script type, or any file in a folder whose
// files run at logon (file-writes.ts writtenFileRuns). No document needs to write either; it is how
// a dropper gets its payload run without a Launch action (the CVE-2023-27363 proof of concept writes
// an .hta into the Startup folder through Foxit's exportXFAData).
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import { scriptFileWrites, stageOfWrites } from "./script-file-writes";

/** the write API whose missing type check made the exploit (Foxit PDF Reader before 12.1.2, ZDI-23-491) */
const FOXIT_EXPORT_XFA_DATA = { api: "this.exportXFAData", cve: "CVE-2023-27363" };

export const javascriptDropsRunnableFile = defineRule({
  id: "javascript-drops-runnable-file",
  title: "Script writes a program or a file that runs at logon",
  description:
    "A script writes a file (Doc.saveAs, the export APIs, extractPages, xfa.host.exportData) whose type runs when opened (.exe, .hta, .js, .bat, .lnk...) or into a folder whose files run at logon (the Windows Startup folder, macOS LaunchAgents, XDG autostart): code execution the next time the user signs in or opens the file, with no Launch action and no prompt. exportXFAData writing such a file is the Foxit Reader exploit CVE-2023-27363.",
  category: "javascript",
  severity: "critical",
  weight: 75,
  attack: ["T1547.001", "T1105", "T1204.002"],
  mitigations: ["do_not_open", "disable_reader_javascript", "update_reader"],
  confidence: "high",
  check(facts) {
    const hits = scriptFileWrites(facts).filter((h) => h.write.runs !== null);
    if (!hits.length) return null;
    const foxit = hits.some((h) => h.write.api === FOXIT_EXPORT_XFA_DATA.api);
    return {
      evidence: hits.map((h) =>
        evidence({ objectRef: h.objectRef, path: h.path, excerpt: excerpt(`[${h.trigger}] ${h.write.text}`) }),
      ),
      detail: `Writes: ${[...new Set(hits.map((h) => `${h.write.path} (${h.write.runs === "logon" ? "runs at logon" : "runs when opened"}) by ${h.write.api}`))].join(", ")}.`,
      ...(foxit ? { cve: [FOXIT_EXPORT_XFA_DATA.cve] } : {}),
      stage: stageOfWrites(hits),
    };
  },
});
