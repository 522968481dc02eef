import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const encryptedDocument = defineRule({
  id: "encrypted-document",
  title: "Encrypted document",
  description: "The document uses the standard security handler. Strings and streams are opaque to scanners that do not decrypt; when it opens without a password this hides content rather than protecting it.",
  category: "encryption",
  severity: "info",
  weight: 3,
  attack: ["T1027.013"],
  mitigations: ["sanitize_with_cdr"],
  confidence: "high",
  check({ doc }) {
    return doc.encrypted ? { evidence: [evidence({ path: "/Encrypt", excerpt: doc.decryptStream ? "opened with the empty user password" : "content not decrypted" })] } : null;
  },
});

export const encryptionHidesActiveContent = defineRule({
  id: "encryption-hides-active-content",
  title: "Encryption used to hide active content",
  description: "The document is encrypted and also carries JavaScript, automatic actions or attachments. Encryption with an empty open-password is an evasion technique: the reader decrypts silently, byte scanners see only ciphertext.",
  category: "encryption",
  severity: "medium",
  weight: 30,
  attack: ["T1027.013"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr"],
  check({ doc, keywords, scripts, actions }) {
    if (!doc.encrypted) return null;
    const active = ["/JS", "/JavaScript", "/Launch", "/EmbeddedFile", "/RichMedia", "/XFA"].filter((k) => keywords.counts[k]);
    if (!active.length && !scripts.length && !actions.some((a) => a.automatic)) return null;
    return { evidence: [evidence({ path: "/Encrypt", excerpt: `encrypted, with ${active.join(" ") || "automatic actions"}` })] };
  },
});
