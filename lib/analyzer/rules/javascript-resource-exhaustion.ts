// A script with a loop it can never leave (lib/analyzer/javascript/endless-loops.ts): the viewer's
// JavaScript runs on its main thread, so the reader hangs; with app.alert inside, the dialogs never end;
// with a string doubled inside, memory runs out. Exploit kits end with `while(1);` so the reader hangs
// instead of crashing visibly. Benign form scripts leave their loops.
import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const javascriptResourceExhaustion = defineRule({
  id: "javascript-resource-exhaustion",
  title: "JavaScript loop that never ends",
  description:
    "A script holds a loop with a constant condition (while (true), for (;;)) and no break, return or throw that leaves it. When the script runs, the reader hangs on it (viewers run document scripts on their main thread); a dialog in the loop reopens as soon as it is closed, and a string doubled in it exhausts memory. Exploit kits end with such a loop so that the reader hangs rather than crashes.",
  category: "javascript",
  severity: "medium",
  weight: 30,
  attack: ["T1499"],
  mitigations: ["disable_reader_javascript", "open_in_protected_view"],
  confidence: "high",
  check({ endlessLoops }) {
    if (!endlessLoops.length) return null;
    const what = (l: (typeof endlessLoops)[number]["loops"][number]) =>
      l.alerts ? " (shows a dialog each turn)" : l.doubles ? " (doubles a string each turn)" : "";
    return {
      evidence: endlessLoops.flatMap((s) =>
        s.loops.map((l) =>
          evidence({ objectRef: s.objectRef, path: s.path, excerpt: `[${s.trigger}] ${l.excerpt}${what(l)}` }),
        ),
      ),
      detail: `Scripts: ${endlessLoops.length}${endlessLoops.some((s) => s.automatic) ? ", run when the document opens" : ""}.`,
    };
  },
});
