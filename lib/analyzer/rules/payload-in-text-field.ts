import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

export const payloadInTextField = defineRule({
  id: "payload-in-text-field",
  title: "Encoded payload hidden in an annotation or metadata field",
  description:
    "A comment, title or metadata field holds a long run of encoded characters instead of text. Exploit kits store their shellcode or script there and read it back with getAnnots()/info, so no script in the file looks suspicious on its own.",
  category: "obfuscation",
  severity: "high",
  weight: 50,
  attack: ["T1027", "T1027.009"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr"],
  check({ encodedTextFields }) {
    if (!encodedTextFields.length) return null;
    return {
      evidence: encodedTextFields.map((f) =>
        evidence({ objectRef: f.objectRef, path: f.path, excerpt: `${f.length} chars: ${excerpt(f.head, 60)}` }),
      ),
    };
  },
});
