import { byConsent, defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const submitForm = defineRule({
  id: "submit-form",
  title: "Form data is submitted to an outside server",
  description:
    "A /SubmitForm action sends the form's fields to a URL. Phishing PDFs collect credentials this way; legitimate forms do it too, so this is context for other findings. A submission only behind a button the reader clicks (a form's Submit button) is reported at info severity.",
  category: "form",
  severity: "medium",
  weight: 15,
  attack: ["T1566.001", "T1056.003"],
  mitigations: ["block_indicators", "open_in_protected_view"],
  check({ actions }) {
    const hits = actions.filter((a) => a.type === "SubmitForm" && /^(https?|ftp|mailto):/i.test(a.target ?? ""));
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) => evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(a.target ?? "") })),
      ...byConsent(hits.map((a) => a.consent)),
    };
  },
});
