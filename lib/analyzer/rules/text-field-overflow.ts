// A document-information or annotation string padded to a reader's buffer size and followed by what
// overwrites the stack (lib/analyzer/facts/text-fields.ts, collectTextFields): the shape of
// string-overflow exploits against PDF readers (Metasploit's foxit_title_bof, Foxit Reader 4.1.1).
import { evidence } from "./evidence";
import { defineRule } from "./rule";

export const textFieldOverflow = defineRule({
  id: "text-field-overflow",
  title: "Text field padded to overflow a reader's buffer",
  description:
    "A title, author, subject or comment string holds a run of hundreds of one character (spaces, 'A's) followed by bytes that are not text: padding to the offset of a reader's fixed-size buffer, then the return address or exception handler and shellcode that overwrite its stack (Foxit Reader 4.1.1's /Title overflow, Metasploit foxit_title_bof). No document's metadata needs hundreds of one character with non-text bytes after them: it is an exploit's shape.",
  category: "exploit",
  severity: "critical",
  weight: 60,
  attack: ["T1203"],
  mitigations: ["update_reader", "sanitize_with_cdr"],
  confidence: "high",
  check({ paddedTextFields }) {
    if (!paddedTextFields.length) return null;
    return {
      evidence: paddedTextFields.map((f) =>
        evidence({
          objectRef: f.objectRef,
          path: f.path,
          excerpt: `${f.length} bytes; a run of ${f.run} one character ends at byte ${f.end}, non-text bytes after it: ${f.excerpt}`,
        }),
      ),
    };
  },
});
