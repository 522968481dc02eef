// Code generated at run time: the sandbox saw the script hand eval, Function, app.setTimeOut,
// addScript or setAction code that is not written in the script itself (decoded, assembled or read
// from the document). A form that evals a literal string does not count; obfuscators always do this
// (the decoded layer is the real script).
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

export const javascriptDynamicCode = defineRule({
  id: "javascript-dynamic-code",
  title: "JavaScript that generates and runs code",
  description:
    "When run in the sandbox, the script passed code it had decoded or assembled at run time to eval, Function, app.setTimeOut, addScript or setAction: the layered structure of obfuscated malware. The deobfuscated layers are listed in the report.",
  category: "obfuscation",
  severity: "medium",
  weight: 30,
  attack: ["T1027", "T1140", "T1059.007"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr"],
  stage: "advanced",
  confidence: "high",
  check({ javascript }) {
    const hits = (javascript ?? []).filter((s) => s.generatedLayers.length > 0);
    if (!hits.length) return null;
    return {
      evidence: hits.map((s) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: `${s.generatedLayers.length} generated layer(s); first: ${excerpt(s.generatedLayers[0], 100)}`,
        }),
      ),
    };
  },
});
