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
    if (!doc.encrypted) return null;
    const how = doc.security.state === "decrypted" ? `opened with the empty user password (R${doc.security.revision}, ${doc.security.method})` : `content not inspected: ${doc.security.message ?? doc.security.state}`;
    return { evidence: [evidence({ path: "/Encrypt", excerpt: how })], detail: doc.security.state === "password-required" ? "A password is needed to open it: its content could not be analysed." : undefined };
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
