// The PDF header window has one source (sniff.ts PDF_HEADER_WINDOW_BYTES): the messages that state it
// are built from it, and no production line outside sniff.ts writes the number next to the header.
// file-magic.ts's 1024-byte head is another window (the text sniff of rtf/script/html payloads).
import { describe, expect, it } from "vitest";
import { findCopies } from "../../test/support/fact-copies";
import { NOT_A_PDF, PDF_HEADER_WINDOW_BYTES } from "./sniff";

describe("the PDF header window, declared once", () => {
  it("is the number the refusal states", () => {
    expect(NOT_A_PDF).toContain(`first ${PDF_HEADER_WINDOW_BYTES} bytes`);
  });

  it("is written as a number only in sniff.ts", () => {
    // the number alone (1024 as a unit, `64 * 1024`, is not the window), by the header it bounds
    const windowLiteral = new RegExp(`(?<!\\*\\s*)\\b${PDF_HEADER_WINDOW_BYTES}\\b(?!\\s*\\*)`);
    const copy = (line: string) => windowLiteral.test(line) && /%PDF|\bheader\b/i.test(line);
    expect(findCopies(copy, ["lib/pdf/sniff.ts"])).toEqual([]);
  });
});
