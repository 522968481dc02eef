// The callback techniques (information disclosure without the reader's consent) on their fixtures:
// every carrier fires the rule that carries the technique's floor, and the benign look-alikes fire
// none of those rules.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../analyze";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { CALLBACK_FIXTURES, NEGATIVE_CALLBACK_FIXTURES } from "./testing/callback-fixtures";

/** a page whose open action opens the attached invoice.pdf (GoToE without /F: the target is in this file) */
function embeddedGoToE(): Uint8Array {
  const b = new PdfBuilder();
  const file = b.addStream("/Type /EmbeddedFile /Subtype /application#2Fpdf", "%PDF-1.7\n%%EOF\n");
  const spec = b.add(`<< /Type /Filespec /F (invoice.pdf) /UF (invoice.pdf) /EF << /F ${file} 0 R >> >>`);
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Invoice attached) Tj ET");
  b.addCatalog(
    `/Names << /EmbeddedFiles << /Names [(invoice.pdf) ${spec} 0 R] >> >>`,
    1,
    `/Contents ${content} 0 R /AA << /O << /S /GoToE /T << /R /C /N (invoice.pdf) >> /D [0 /Fit] >> >>`,
  );
  return b.build();
}

/** the floor rule of each technique (the catalogue entries proposed with this cluster) and the context rules it also fires */
const TECHNIQUE_RULES: Record<string, { floor: string; also?: string }> = {
  "callback-without-consent": { floor: "automatic-action" },
  "script-network-callback": { floor: "javascript-callback-on-open", also: "javascript-network-api" },
  "xfa-callback": { floor: "xfa-callback-on-open", also: "xfa-external-callback" },
  "ntlm-credential-leak": { floor: "remote-file-target" },
  "decryption-exfiltration": { floor: "clear-actions-in-encrypted-document" },
  "local-file-exfiltration": { floor: "javascript-local-file-exfiltration", also: "javascript-network-api" },
};
const FLOOR_RULES = Object.values(TECHNIQUE_RULES).map((t) => t.floor);

const ruleIds = (pdf: Uint8Array) => analyzeFast(pdf, { fileName: "fixture.pdf" }).findings.map((f) => f.ruleId);

describe("callback techniques fire their floor rule through every carrier", () => {
  it("covers the techniques of this cluster", () => {
    expect(Object.keys(CALLBACK_FIXTURES).sort()).toEqual(Object.keys(TECHNIQUE_RULES).sort());
  });

  const cases = Object.entries(CALLBACK_FIXTURES).flatMap(([technique, carriers]) =>
    Object.entries(carriers).map(([carrier, build]) => [technique, carrier, build] as const),
  );
  it.each(cases)("%s via %s", (technique, _carrier, build) => {
    const ids = ruleIds(build());
    const { floor, also } = TECHNIQUE_RULES[technique];
    expect(ids).toContain(floor);
    if (also) expect(ids).toContain(also);
  });

  it("names the carrier and the trigger in the evidence", () => {
    const r = analyzeFast(CALLBACK_FIXTURES["ntlm-credential-leak"]["external-stream"](), { fileName: "x.pdf" });
    expect(r.findings.find((f) => f.ruleId === "remote-file-target")?.evidence[0].excerpt).toBe(
      "[external stream of a /Image XObject (/F); page display] \\\\files[.]example\\share\\logo.jpg",
    );
    const page = analyzeFast(CALLBACK_FIXTURES["callback-without-consent"]["page-close-aa"](), { fileName: "x.pdf" });
    expect(page.findings.find((f) => f.ruleId === "automatic-action")?.evidence[0].excerpt).toMatch(
      /^\[page close\] \/URI hxxps/,
    );
  });
});

describe("decryption-exfiltration (PDFex)", () => {
  it.each(Object.entries(CALLBACK_FIXTURES["decryption-exfiltration"]))(
    "%s: without the password the content stays hidden, and the action in the clear still sets the verdict",
    (_carrier, build) => {
      const r = analyzeFast(build(), { fileName: "x.pdf" });
      expect(r.findings.find((f) => f.ruleId === "encrypted-document")?.evidence[0].excerpt).toMatch(
        /^content not inspected/,
      );
      // an unanalysable file used to be unknown whatever its actions in the clear said
      expect(["suspicious", "malicious"]).toContain(r.summary.verdict);
      expect(r.summary.evidenceFloor?.verdict).toBe("suspicious");
    },
  );

  it("says which half is in the clear, and names the action", () => {
    const r = analyzeFast(CALLBACK_FIXTURES["decryption-exfiltration"]["clear-streams-script"](), {
      fileName: "x.pdf",
    });
    expect(r.findings.find((f) => f.ruleId === "clear-actions-in-encrypted-document")?.evidence[0].excerpt).toBe(
      "[document open; streams in the clear, strings (aes128) encrypted] /JavaScript",
    );
  });
});

describe("automatic-action", () => {
  it("also counts a page-open GoToE into a document embedded in this one (the sender's second document opens by itself)", () => {
    const pdf = analyzeFast(NEGATIVE_CALLBACK_FIXTURES["relative GoToR on page open"](), { fileName: "x.pdf" });
    expect(pdf.findings.map((f) => f.ruleId)).not.toContain("automatic-action");
    const embedded = embeddedGoToE();
    const r = analyzeFast(embedded, { fileName: "x.pdf" });
    expect(r.findings.find((f) => f.ruleId === "automatic-action")?.evidence[0].excerpt).toBe(
      '[page open] /GoToE child "invoice.pdf"',
    );
  });
});

describe("benign look-alikes fire no callback floor", () => {
  it.each(Object.entries(NEGATIVE_CALLBACK_FIXTURES))("%s", (_name, build) => {
    expect(ruleIds(build()).filter((id) => FLOOR_RULES.includes(id))).toEqual([]);
  });

  it("still reports what the look-alikes do as context", () => {
    expect(
      ruleIds(NEGATIVE_CALLBACK_FIXTURES["a document-level script that only defines what buttons call"]()),
    ).toContain("javascript-network-api");
    expect(ruleIds(NEGATIVE_CALLBACK_FIXTURES["an XFA form whose submit button posts to https on click"]())).toContain(
      "xfa-external-callback",
    );
    expect(ruleIds(NEGATIVE_CALLBACK_FIXTURES["relative GoToR on page open"]())).toContain("remote-goto");
  });
});
