// Victim data: a phishing link personalised with its target's address. The address (and its domain,
// unless the document links to that domain) is marked, so no export offers it as an indicator to block.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../analyze";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { addressesInQueries, victimData } from "./victim-data";

function personalisedLurePdf(...extraLinks: string[]): Uint8Array {
  const b = new PdfBuilder();
  const links = ["https://login.evil.example/verify.php?email=j.doe@acmecorp.com&step=2", ...extraLinks].map((uri) =>
    b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (${uri}) >> >>`),
  );
  b.addCatalog("", 1, `/Annots [${links.map((l) => `${l} 0 R`).join(" ")}]`);
  return b.build();
}

describe("victim data", () => {
  it("finds addresses in query strings and fragments, percent-encoded once or twice", () => {
    expect([
      ...addressesInQueries([
        "https://x.example/a?u=J.Doe%40AcmeCorp.com",
        "https://y.example/#to=ops%2540corp.example",
        "https://z.example/path@x.com",
      ]),
    ]).toEqual(["j.doe@acmecorp.com", "ops@corp.example"]);
  });

  it("marks the address and its domain, not the attacker's host", () => {
    const items = analyzeFast(personalisedLurePdf(), { fileName: "lure.pdf" }).iocs.items;
    const marked = (value: string) => items.find((i) => i.value === value)?.victimData ?? false;
    expect(marked("j.doe@acmecorp.com")).toBe(true);
    expect(marked("acmecorp.com")).toBe(true);
    expect(marked("login.evil.example")).toBe(false);
    expect(marked("https://login.evil.example/verify.php?email=j.doe@acmecorp.com&step=2")).toBe(false);
  });

  it("leaves a domain the document links to as a host unmarked, and addresses outside query strings alone", () => {
    expect([
      ...victimData(
        ["https://a.example/?e=x@corp.example", "https://corp.example/login"],
        ["x@corp.example", "y@corp.example"],
        new Set(["a.example", "corp.example"]),
      ),
    ]).toEqual(["x@corp.example"]);
    const items = analyzeFast(personalisedLurePdf("https://acmecorp.com/"), { fileName: "lure.pdf" }).iocs.items;
    expect(items.find((i) => i.value === "acmecorp.com")?.victimData).toBeUndefined();
    expect(items.find((i) => i.value === "j.doe@acmecorp.com")?.victimData).toBe(true);
  });
});
