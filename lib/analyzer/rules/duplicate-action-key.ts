// An action key given twice in one dictionary (facts/shadowed-keys.ts): the signature of PDF injection,
// text that a service writes into a generated document (a link's address, a name in a form) and that
// ends its string to add a key of its own. The reader reads the later value: the attacker's action.
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const duplicateActionKey = defineRule({
  id: "duplicate-action-key",
  title: "An action key is given twice: PDF syntax injected into a generated document",
  description:
    "A dictionary gives a key that decides an action (/S, /JS, /URI, /A, /AA, /OpenAction...) twice; readers use the later value. Document writers never repeat a key: text injected into a string a service wrote into the document does, ending the string to add its own key (PortSwigger's PDF injection research: a link's /URI turned into /S /JavaScript, or a second /A that submits the document). High confidence when the action in effect runs a script, submits, launches or opens something outside the document.",
  category: "structure",
  severity: "high",
  weight: 40,
  attack: ["T1190", "T1566.001", "T1059.007"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr", "block_indicators"],
  check({ shadowedActionKeys }) {
    if (!shadowedActionKeys.length) return null;
    return {
      evidence: shadowedActionKeys.map((k) =>
        evidence({
          ...(k.objectRef === "trailer" ? { path: "trailer" } : { objectRef: k.objectRef }),
          excerpt: excerpt(`/${k.key} given twice${k.action ? `; the action in effect: /S /${k.action}` : ""}`),
        }),
      ),
      detail: `Keys given twice: ${[...new Set(shadowedActionKeys.map((k) => `/${k.key}${k.action ? ` (in effect: /${k.action})` : ""}`))].join(", ")}.`,
      confidence: shadowedActionKeys.some((k) => k.active) ? "high" : "medium",
    };
  },
});
