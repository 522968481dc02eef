import { describe, expect, it } from "vitest";
import { firstExternalDeclaration, readDeclaration } from "./xml-declarations";

describe("readDeclaration", () => {
  it.each([
    [
      "an external entity",
      `<!ENTITY leak SYSTEM "file://host/share/x">`,
      { element: "<!ENTITY leak SYSTEM> (external entity)", target: "file://host/share/x" },
    ],
    [
      "a parameter entity with a public id",
      `<!ENTITY % p PUBLIC '-//X//EN' 'http://example.com/x.dtd'>`,
      { element: "<!ENTITY % p PUBLIC> (external entity)", target: "http://example.com/x.dtd" },
    ],
    [
      "an external DTD before its internal subset",
      `<!DOCTYPE xdp SYSTEM "\\\\host\\share\\x.dtd" [ <!ENTITY a "b"> ]>`,
      { element: "<!DOCTYPE xdp SYSTEM> (external DTD)", target: "\\\\host\\share\\x.dtd" },
    ],
    [
      "a literal holding a <",
      `<!ENTITY e SYSTEM "http://x.example/?a=<b>">`,
      { element: "<!ENTITY e SYSTEM> (external entity)", target: "http://x.example/?a=<b>" },
    ],
  ])("reads %s", (_name, text, expected) => {
    expect(readDeclaration(text, 0)).toEqual(expected);
  });

  it.each([
    ["an internal entity", `<!ENTITY nbsp "&#160;">`],
    ["a DOCTYPE with only an internal subset", `<!DOCTYPE x [ <!ENTITY leak SYSTEM "http://x.example/"> ]>`],
    ["SYSTEM without its literal", `<!ENTITY e SYSTEM>`],
    ["an unclosed literal", `<!ENTITY e SYSTEM "http://x.example/`],
  ])("returns null for %s", (_name, text) => {
    expect(readDeclaration(text, 0)).toBeNull();
  });

  it("stops at the next markup: a declaration that another interrupts names nothing", () => {
    expect(readDeclaration(`<!ENTITY<!ENTITY e SYSTEM "http://x.example/">`, 0)).toBeNull();
    expect(readDeclaration(`<!ENTITY e <x> SYSTEM "http://x.example/">`, 0)).toBeNull();
    // the interrupting one is read on its own
    expect(readDeclaration(`<!ENTITY<!ENTITY e SYSTEM "http://x.example/">`, 8)?.target).toBe("http://x.example/");
  });

  it("reads a head of at most 1024 characters: an identifier past it is not read", () => {
    const declaration = (pad: number) => `<!ENTITY e${" ".repeat(pad)}SYSTEM "http://x.example/">`;
    expect(readDeclaration(declaration(900), 0)?.target).toBe("http://x.example/");
    expect(readDeclaration(declaration(1100), 0)).toBeNull();
  });

  it("reads a script's escaped quotes and line ends", () => {
    expect(readDeclaration(`<!ENTITY e SYSTEM \\"http://x.example/a\\">`, 0, true)?.target).toBe("http://x.example/a");
    expect(readDeclaration(`<!ENTITY\\ne\\tSYSTEM 'http://x.example/b'>`, 0, true)?.target).toBe("http://x.example/b");
    // a backslash that escapes nothing of the declaration is part of a word
    expect(readDeclaration(`<!ENTITY e\\x SYSTEM "u">`, 0, true)).toEqual({
      element: "<!ENTITY e\\x SYSTEM> (external entity)",
      target: "u",
    });
  });
});

describe("firstExternalDeclaration", () => {
  it("finds the external entity of a DOCTYPE's internal subset", () => {
    expect(
      firstExternalDeclaration(
        `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "x"><!ENTITY e SYSTEM "http://collect.example/x">]><r>&e;</r>`,
      )?.target,
    ).toBe("http://collect.example/x");
  });

  it("skips comments and CDATA markers, and finds nothing in a document without declarations", () => {
    expect(firstExternalDeclaration(`<!-- SYSTEM "http://x.example/" --><![CDATA[x]]><r/>`)).toBeNull();
  });

  it("finds a declaration after 2 MB of interrupted ones", () => {
    // each interrupted one ends at the next `<`: a fixed window read at each (what this replaces) read
    // the text's length times the window
    const text = `${"<!ENTITY".repeat(250_000)}<!ENTITY e SYSTEM "http://x.example/">`;
    expect(firstExternalDeclaration(text)?.target).toBe("http://x.example/");
  });
});
