import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";
import { isFormAutomation, urlAssignments } from "../javascript/form-automation";
import { isContentOpaque } from "../content/content-opaque";

export const encryptedDocument = defineRule({
  id: "encrypted-document",
  title: "Encrypted document",
  description:
    "The document uses the standard security handler. Strings and streams are opaque to scanners that do not decrypt; when it opens without a password this hides content rather than protecting it.",
  category: "encryption",
  severity: "info",
  weight: 3,
  attack: ["T1027.013"],
  mitigations: ["sanitize_with_cdr"],
  confidence: "high",
  check({ security }) {
    if (!security.encrypted) return null;
    const opened =
      security.openedWith === "user-password"
        ? "the user password given"
        : security.openedWith === "owner-password"
          ? "the owner password given"
          : "the empty user password";
    const opaque = isContentOpaque(security);
    const how =
      security.state === "decrypted"
        ? `opened with ${opened} (R${security.revision}, ${security.method})`
        : opaque
          ? `content not inspected: ${security.message ?? security.state}`
          : `strings and streams in the clear (crypt filters /Identity), attachments encrypted: ${security.message ?? security.state}`;
    return {
      evidence: [evidence({ path: "/Encrypt", excerpt: how })],
      detail:
        security.state !== "password-required"
          ? undefined
          : opaque
            ? "A password is needed to open it: its content could not be analysed. Give the document's password to analyse it."
            : "Its strings and streams are in the clear and were analysed; its attachments need the password. Give the document's password to analyse them too.",
    };
  },
});

/** actions that run code or open content by themselves when triggered automatically */
const ACTIVE_ACTIONS = new Set(["JavaScript", "Launch", "GoToE", "ImportData", "RichMediaExecute"]);
/** names that show code inside content that could not be decrypted (names stay readable, strings and streams do not) */
const CODE_KEYWORDS = ["/JS", "/JavaScript", "/Launch"];

export const encryptionHidesActiveContent = defineRule({
  id: "encryption-hides-active-content",
  title: "Encryption used to hide active content",
  description:
    "The document is encrypted and runs code by itself: a script or launch action triggered on open, or, when it could not be decrypted, script and launch names around ciphertext. Encryption with an empty open-password is an evasion technique: the reader decrypts silently, byte scanners see only ciphertext. Encryption with attachments, links or scripts a user must trigger is ordinary (permission-protected forms and reports), and so are official forms whose scripts on open, once decrypted, only automate the form (the US I-9, Canada's IMM 5257).",
  category: "encryption",
  severity: "medium",
  weight: 30,
  attack: ["T1027.013"],
  mitigations: ["disable_reader_javascript", "sanitize_with_cdr"],
  check({ security, keywords, scripts, actions }) {
    if (!security.encrypted) return null;
    if (isContentOpaque(security)) {
      const names = CODE_KEYWORDS.filter((k) => keywords.counts[k]);
      return names.length
        ? {
            evidence: [
              evidence({ path: "/Encrypt", excerpt: `not decrypted (${security.state}), with ${names.join(" ")}` }),
            ],
          }
        : null;
    }
    // decrypted, what it hid can be judged: form automation is what protected official forms run on open
    const addresses = new Map<string, string[]>();
    for (const s of scripts) urlAssignments(s.source, addresses);
    const hidden = scripts.filter((s) => s.automatic && !isFormAutomation(s.source, s.signals, addresses));
    const auto = [
      ...new Set([
        ...hidden.map((s) => `script on ${s.trigger}`),
        ...actions
          .filter((a) => a.automatic && ACTIVE_ACTIONS.has(a.type) && a.type !== "JavaScript")
          .map((a) => `/${a.type} on ${a.trigger}`),
      ]),
    ];
    if (!auto.length) return null;
    const how =
      security.openedWith === "user-password" || security.openedWith === "owner-password"
        ? "a password"
        : "empty user password";
    return {
      evidence: [evidence({ path: "/Encrypt", excerpt: `encrypted (${how}), runs ${auto.slice(0, 5).join(", ")}` })],
    };
  },
});

/** actions that send data out or run code: what an attacker adds to exfiltrate a document's decrypted content */
const EXFILTRATING_ACTIONS = new Set(["SubmitForm", "URI", "JavaScript", "Launch", "GoToR", "GoToE", "ImportData"]);

export const clearActionsInEncryptedDocument = defineRule({
  id: "clear-actions-in-encrypted-document",
  title: "Actions in the clear in an encrypted document",
  description:
    "The document is encrypted, but its crypt filters leave strings or streams in the clear (/StrF or /StmF /Identity) while the other stays encrypted, and it holds an action that submits, links, runs a script or opens a file. Nothing protects the /Encrypt dictionary or adds an integrity check: anyone can add such actions to an encrypted document without its password, and when its reader opens it with the password, the action sends the decrypted content to the attacker (PDFex direct exfiltration, Müller et al., CCS 2019). Writers encrypt strings and streams alike, or only attachments.",
  category: "encryption",
  severity: "high",
  weight: 40,
  attack: ["T1020"],
  mitigations: ["do_not_open", "disable_reader_javascript", "block_indicators"],
  check({ security, actions }) {
    const m = security.methods;
    if (!security.encrypted || !m) return null;
    const clear =
      m.strings === "none" && m.streams !== "none"
        ? "strings"
        : m.streams === "none" && m.strings !== "none"
          ? "streams"
          : null;
    if (!clear) return null;
    const outward = actions.filter((a) => EXFILTRATING_ACTIONS.has(a.type));
    if (!outward.length) return null;
    const encrypted = clear === "strings" ? `streams (${m.streams})` : `strings (${m.strings})`;
    return {
      evidence: outward.slice(0, 5).map((a) =>
        evidence({
          path: a.path,
          objectRef: a.objectRef,
          excerpt: excerpt(
            `[${a.trigger}; ${clear} in the clear, ${encrypted} encrypted] /${a.type}${a.target ? ` ${a.target}` : ""}`,
          ),
        }),
      ),
    };
  },
});
