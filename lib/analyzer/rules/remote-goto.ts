import { isAbsoluteLocalPath } from "../content/classify-location";
import { byConsent, defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const remoteGoto = defineRule({
  id: "remote-goto",
  title: "Action opens another document or imports data",
  description:
    "GoToR, GoToE or ImportData makes the reader open an external or embedded document, or pull form data from a file: a way to chain into a second-stage document. A link the reader clicks to a document beside this one (a relative path: a report's 'see appendix.pdf') or inside it is reported at info severity; a remote target, a path from a drive's root, or one reached without a click keeps the rule's severity.",
  category: "action",
  severity: "low",
  weight: 12,
  attack: ["T1204.002"],
  mitigations: ["sanitize_with_cdr"],
  check({ actions }) {
    const hits = actions.filter((a) => a.type === "GoToR" || a.type === "GoToE" || a.type === "ImportData");
    if (!hits.length) return null;
    // a document beside this one (a relative path: document sets' cross-references travel with the set)
    // or inside it; a path from a drive's root names a file the document did not bring
    const beside = hits.every(
      (a) =>
        a.type === "GoToE" ||
        a.targetKind === undefined ||
        (a.targetKind === "local" && !isAbsoluteLocalPath(a.target ?? "")),
    );
    return {
      ...(beside && byConsent(hits.map((a) => a.consent))),
      evidence: hits.map((a) =>
        evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(`/${a.type} ${a.target ?? ""}`) }),
      ),
    };
  },
});
