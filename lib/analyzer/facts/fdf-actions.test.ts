// An FDF file (Forms Data Format, ISO 32000-2 §12.7.8) is read as what it does when opened: the viewer
// opens the form its /F names and runs its scripts; its fields' and annotations' actions join that form.
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { hexString } from "../../pdf/testing/pdf-builder";
import { fdfFile } from "../techniques/testing/fixture-documents";
import { collectFacts } from "./document-facts";

const factsOf = (fdf: string, fields?: string) =>
  collectFacts(readPdf(fdfFile(fdf, fields), DEFAULT_LIMITS), DEFAULT_LIMITS);
const brief = (facts: ReturnType<typeof factsOf>) =>
  facts.actions.map((a) => ({
    type: a.type,
    path: a.path,
    automatic: a.automatic,
    target: a.target,
    script: a.script,
  }));

describe("an FDF file", () => {
  it("has a header of its own: no missing header or cross-reference anomaly", () => {
    const doc = readPdf(fdfFile("/F (claim.pdf)"), DEFAULT_LIMITS);
    expect(doc.header).toEqual({ version: "1.2", offset: 0, format: "fdf" });
    expect(doc.anomalies.items.map((a) => a.code)).toEqual([]);
  });

  it("opens the form it fills when opened: a document on a web server or a file share is fetched with no click", () => {
    const facts = factsOf(`/F << /FS /URL /F (https://forms.example/claim.pdf) >>`);
    expect(brief(facts)).toEqual([
      {
        type: "GoToR",
        path: "/Root/FDF/F",
        automatic: true,
        target: "https://forms.example/claim.pdf",
        script: undefined,
      },
    ]);
    const unc = factsOf(`/F ${hexString("\\\\files.example\\share\\claim.pdf")}`);
    expect(unc.remoteLocations).toMatchObject([
      { carrier: "FDF file's target document (/F)", kind: "unc", trigger: expect.stringMatching(/^FDF opened/) },
    ]);
  });

  it("runs its /Before, /After and /Doc scripts as it is opened; a script given as an action is that action", () => {
    const facts = factsOf(
      `/JavaScript << /Before (app.alert\\(1\\)) /After << /S /JavaScript /JS (app.alert\\(2\\)) >> /Doc [/init (app.alert\\(3\\))] >>`,
    );
    expect(facts.scripts.map((s) => [s.path, s.source, s.automatic, s.consent])).toEqual([
      ["/Root/FDF/JavaScript/Before", "app.alert(1)", true, "none"],
      ["/Root/FDF/JavaScript/After", "app.alert(2)", true, "none"],
      ["/Root/FDF/JavaScript/Doc[1]", "app.alert(3)", true, "none"],
    ]);
  });

  it("brings field and annotation actions that run as the form's own: on their triggers", () => {
    const facts = factsOf(
      `/Annots [<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (https://example.com/) >> >>]`,
      `/Fields [<< /T (sum) /AA << /C << /S /JavaScript /JS (event.value = 1) >> >> >>]`,
    );
    expect(facts.actions.map((a) => [a.path, a.type, a.consent])).toEqual(
      expect.arrayContaining([
        ["/Root/FDF/Annots[0]/A", "URI", "click"],
        ["/Root/FDF/Fields[0]/AA/C", "JavaScript", "click"],
      ]),
    );
  });
});
