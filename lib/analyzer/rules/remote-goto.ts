import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const remoteGoto = defineRule({
  id: "remote-goto",
  title: "Action opens another document or imports data",
  description:
    "GoToR, GoToE or ImportData makes the reader open an external or embedded document, or pull form data from a file: a way to chain into a second-stage document.",
  category: "action",
  severity: "low",
  weight: 12,
  attack: ["T1204.002"],
  mitigations: ["sanitize_with_cdr"],
  check({ actions }) {
    const hits = actions.filter((a) => a.type === "GoToR" || a.type === "GoToE" || a.type === "ImportData");
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) =>
        evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(`/${a.type} ${a.target ?? ""}`) }),
      ),
    };
  },
});
