import { describe, expect, it } from "vitest";
import { resolveLimits } from "../../limits";
import { readPdf } from "../../pdf/document";
import { bytes, concat, PdfBuilder, text } from "../../pdf/testing/pdf-builder";
import { ELF_FILE, PE_FILE, makeRar4, makeRar5, makeZip } from "../embedded/testing/embedded-fixtures";
import { analyzeFast } from "../analyze";
import { collectFacts } from "./document-facts";

const limits = resolveLimits({});
const payloadsOf = (pdf: Uint8Array) => collectFacts(readPdf(pdf, limits), limits).hiddenPayloads;
const plain = () => {
  const b = new PdfBuilder();
  b.addFlateStream("", "BT (Invoice 0042) Tj ET");
  b.addCatalog();
  return b;
};
const ruleFired = (pdf: Uint8Array) =>
  analyzeFast(pdf, { fileName: "x.pdf" }).findings.some((f) => f.ruleId === "hidden-payload");

describe("collectHiddenPayloads", () => {
  it("finds a ZIP appended after %%EOF and lists the names in it that run", () => {
    const zip = makeZip([
      { name: "readme.txt", data: "hello" },
      { name: "Invoice_0042.pdf.js", data: "WScript.Echo(1)" },
    ]);
    const pdf = plain().build({ suffix: `\n${text(zip)}` });
    expect(payloadsOf(pdf)).toEqual([
      expect.objectContaining({ kind: "zip", where: "after-eof", entries: 2, runnableNames: ["Invoice_0042.pdf.js"] }),
    ]);
    expect(ruleFired(pdf)).toBe(true);
  });

  it("finds a RAR appended after %%EOF (a RAR/PDF polyglot), names the programs in it, and fires whatever it holds", () => {
    const rar = makeRar5([
      { name: "readme.txt", data: "hello" },
      { name: "Invoice_0042.pdf.exe", data: "MZ" },
    ]);
    const pdf = plain().build({ suffix: `\n${text(rar)}` });
    expect(payloadsOf(pdf)).toEqual([
      expect.objectContaining({ kind: "rar", where: "after-eof", entries: 2, runnableNames: ["Invoice_0042.pdf.exe"] }),
    ]);
    const finding = analyzeFast(pdf, { fileName: "x.pdf" }).findings.find((f) => f.ruleId === "hidden-payload");
    expect(finding?.evidence[0].excerpt).toMatch(/^a RAR of 2 entries: Invoice_0042\.pdf\.exe after %%EOF/);
    const documents = plain().build({ suffix: `\n${text(makeRar4([{ name: "minutes.pdf", data: "%PDF-1.4" }]))}` });
    expect(payloadsOf(documents)).toEqual([expect.objectContaining({ kind: "rar", entries: 1, runnableNames: [] })]);
    expect(ruleFired(documents)).toBe(true);
  });

  it("tells a program before the header from one between the objects", () => {
    expect(payloadsOf(plain().build({ prefix: text(PE_FILE) }))).toEqual([
      expect.objectContaining({ kind: "pe-executable", where: "before-header", offset: 0 }),
    ]);
    const b = plain();
    b.addJunk(concat([bytes("\n"), ELF_FILE, bytes("\n")]));
    expect(payloadsOf(b.build())).toEqual([
      expect.objectContaining({ kind: "elf-executable", where: "between-objects" }),
    ]);
  });

  it("wants a format's header, not its first bytes: MZ without a PE header, a Java class, a ZIP of documents", () => {
    const noPe = `MZ${"\0".repeat(200)}`;
    const javaClass = `\xca\xfe\xba\xbe\x00\x00\x00\x34${"\0".repeat(100)}`;
    expect(payloadsOf(plain().build({ suffix: `\n${noPe}\n${javaClass}` }))).toEqual([]);
    const documents = plain().build({ suffix: `\n${text(makeZip([{ name: "minutes.pdf", data: "%PDF-1.4" }]))}` });
    expect(payloadsOf(documents)).toEqual([expect.objectContaining({ kind: "zip", runnableNames: [] })]);
    expect(ruleFired(documents)).toBe(false);
  });

  it("finds a program kept as a stream's data, compressed or not, but not an attachment's: that is the embedded-file rules' to judge", () => {
    const b = plain();
    const pe = b.addFlateStream("", PE_FILE);
    const elf = b.addStream("/Type /XObject /Subtype /Image", ELF_FILE);
    b.addStream("/Type /EmbeddedFile", PE_FILE);
    expect(payloadsOf(b.build())).toEqual([
      expect.objectContaining({ kind: "pe-executable", where: "stream", objectRef: `${pe} 0 R` }),
      expect.objectContaining({ kind: "elf-executable", where: "stream", objectRef: `${elf} 0 R` }),
    ]);
  });
});
