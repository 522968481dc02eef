import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { MAX_DOCUMENT_PASSWORD_BYTES, takeDocumentPassword } from "./document-password";

/** Form fields as multipart.ts reads them (a Map). */
const form = (fields: Record<string, string[]>) => new Map(Object.entries(fields));

describe("takeDocumentPassword", () => {
  it("takes the password out of the fields, so the options that follow never see it", () => {
    expect(takeDocumentPassword(form({ password: ["s3cret"], retentionMode: ["retain_24h"] }))).toEqual({
      password: "s3cret",
      fields: form({ retentionMode: ["retain_24h"] }),
    });
  });

  it("reads an absent or empty password as none (the empty user password is always tried)", () => {
    expect(takeDocumentPassword(form({ retentionMode: ["retain_24h"] }))).toEqual({
      fields: form({ retentionMode: ["retain_24h"] }),
    });
    expect(takeDocumentPassword(form({ password: [""] }))).toEqual({ fields: new Map() });
  });

  it("keeps every character of a password (spaces and Unicode are legal in PDF passwords)", () => {
    expect(takeDocumentPassword(form({ password: [" pässwört 1 "] })).password).toBe(" pässwört 1 ");
  });

  it("refuses a password sent twice or longer than any PDF password, naming the field but not the value", () => {
    for (const fields of [{ password: ["a", "b"] }, { password: ["x".repeat(MAX_DOCUMENT_PASSWORD_BYTES + 1)] }]) {
      let error: unknown;
      try {
        takeDocumentPassword(form(fields));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe("invalid_request");
      expect(JSON.stringify((error as ApiError).extra)).not.toMatch(/xxxx|"a"|"b"/);
    }
  });
});
