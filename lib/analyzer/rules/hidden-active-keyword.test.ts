// hidden-active-keyword on files built in code: active names a strict parser misses fire it; the same
// names where a parser does read them (objects, strings, content streams, comments) do not.
import { describe, expect, it } from "vitest";
import { resolveLimits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder, bytes, withXref } from "../../pdf/testing/pdf-builder";
import { findHiddenActiveKeywords } from "../facts/hidden-keywords";

const hidden = (pdf: Uint8Array) => findHiddenActiveKeywords(readPdf(pdf, resolveLimits())).map((h) => h.keyword);

function documentWith(setup: (b: PdfBuilder) => string = () => "") {
  const b = new PdfBuilder();
  const catalog = setup(b);
  b.addCatalog(catalog);
  return b.build();
}

describe("hidden-active-keyword", () => {
  it.each([
    [
      "an object header glued to junk",
      (b: PdfBuilder) => (b.addJunk("xx"), `/OpenAction ${b.add("<< /S /JavaScript /JS (app.alert(1)) >>")} 0 R`),
      ["/JavaScript", "/JS"],
    ],
    [
      "an action dictionary without an object header",
      (b: PdfBuilder) => (b.addJunk("<< /S /Launch /F (cmd.exe) >>\n"), ""),
      ["/Launch"],
    ],
    [
      "an escaped name without an object header",
      (b: PdfBuilder) => (b.addJunk("<< /S /J#61vaScript /JS (x) >>\n"), ""),
      ["/JavaScript", "/JS"],
    ],
    [
      "an object swallowed by a stream that lost its endstream",
      (b: PdfBuilder) => {
        b.addRaw(bytes("<< /Length 9999 >>\nstream\nlost end marker"));
        const action = b.add("<< /S /URI /URI (https://example.com/) >>");
        b.addStream("", "BT ET"); // its endstream ends the swallowing stream
        return `/OpenAction ${action} 0 R`;
      },
      ["/URI"],
    ],
  ])("fires on %s", (_case, setup, expected) => {
    expect([...new Set(hidden(documentWith(setup)))].sort()).toEqual(expected.sort());
  });

  it("fires on an object the xref points at inside a stream's data", () => {
    const hiddenObject = "7 0 obj\n<< /S /Launch /F (cmd.exe) >>\nendobj\n";
    const body = `1 0 obj\n<< /Type /Catalog /Pages 2 0 R /OpenAction 7 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n3 0 obj\n<< /Length ${hiddenObject.length} >>\nstream\n${hiddenObject}\nendstream\nendobj\n`;
    expect(hidden(withXref(body, { 1: "1 0 obj", 2: "2 0 obj", 3: "3 0 obj", 7: "7 0 obj" }))).toEqual(["/Launch"]);
  });

  it.each([
    [
      "an action in a well-formed object",
      (b: PdfBuilder) => `/OpenAction ${b.add("<< /S /JavaScript /JS (app.alert(1)) >>")} 0 R`,
    ],
    ["the names in a string", (b: PdfBuilder) => `/Title ${b.add("(see /JavaScript and /OpenAction)")} 0 R`],
    [
      "the names in a content stream",
      (b: PdfBuilder) => `/Extra ${b.addStream("", "/JavaScript /OpenAction /URI BT ET")} 0 R`,
    ],
    ["the names in a comment between objects", (b: PdfBuilder) => (b.addJunk("% /JavaScript /Launch\n"), "")],
    [
      "the names inside a stream whose /Length is right",
      (b: PdfBuilder) => `/Extra ${b.addStream("", "1 0 obj << /S /JavaScript >> endobj")} 0 R`,
    ],
  ])("does not fire on %s", (_case, setup) => {
    expect(hidden(documentWith(setup))).toEqual([]);
  });
});
