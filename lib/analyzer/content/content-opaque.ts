// Whether a document's strings and streams are ciphertext to us: encrypted, and the security handler
// did not open it (no password that works, or a handler we do not implement, §7.6). Every part of the
// analysis that reads content asks this one question, so a new security state is decided here once.
import type { SecurityState } from "../../pdf/document";

/**
 * Per security state: does something stay encrypted (the handler did not open the document)? A state
 * added to SecurityState is a type error here until decided.
 */
const LOCKED_BY_STATE: Readonly<Record<SecurityState["state"], boolean>> = {
  none: false,
  decrypted: false,
  "password-required": true,
  unsupported: true,
};

/**
 * Part of the document stays encrypted to us: all of it, or only what its crypt filters encrypt
 * (§7.6.5: a document may keep its strings and streams in the clear and encrypt only attachments).
 */
export function isPartlyLocked(security: Pick<SecurityState, "state">): boolean {
  return LOCKED_BY_STATE[security.state];
}

export function isContentOpaque(security: Pick<SecurityState, "state" | "methods">): boolean {
  if (!isPartlyLocked(security)) return false;
  // strings and streams in the clear, only attachments encrypted (Acrobat's "encrypt only file
  // attachments", §7.6.5 /EFF): the document reads as it is, without the password
  const m = security.methods;
  return !(m && m.strings === "none" && m.streams === "none");
}
