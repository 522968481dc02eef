// The `password` form field of an upload (POST /analyze/fast, /analyze/deep, /api/scans; issue 18):
// the user or owner password of an encrypted PDF, when the analyst has it (the password of a mailed
// attachment travels in the mail's body). It opens the document for the analysis and is kept nowhere:
// not in the report, the scans database, a log or the audit trail.
import { ApiError } from "../errors";

export const PASSWORD_FIELD = "password";
/**
 * PDF passwords are at most 127 bytes of UTF-8 (ISO 32000-2 §7.6.4.3.3, revision 6) and 32 bytes
 * before it (§7.6.4.3.2); a longer field is a mistake, not a password.
 */
export const MAX_DOCUMENT_PASSWORD_BYTES = 1024;

/** The form fields without `password` (a Map, as multipart.ts reads them), and the password (undefined when absent or empty). */
export function takeDocumentPassword(fields: ReadonlyMap<string, string[]>): {
  password?: string;
  fields: Map<string, string[]>;
} {
  const rest = new Map(fields);
  const values = rest.get(PASSWORD_FIELD);
  if (values === undefined) return { fields: rest };
  rest.delete(PASSWORD_FIELD);
  if (values.length > 1) {
    throw new ApiError("invalid_request", "A form field was sent more than once.", {
      errors: [{ field: PASSWORD_FIELD, message: `sent ${values.length} times` }],
    });
  }
  const password = values[0];
  if (Buffer.byteLength(password, "utf8") > MAX_DOCUMENT_PASSWORD_BYTES) {
    throw new ApiError("invalid_request", "The document password is too long.", {
      errors: [{ field: PASSWORD_FIELD, message: `at most ${MAX_DOCUMENT_PASSWORD_BYTES} bytes` }],
    });
  }
  return password === "" ? { fields: rest } : { password, fields: rest };
}
