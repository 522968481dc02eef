// Victim data: a phishing link personalised with its target's address. The address (and its domain,
// unless the document links to that domain) is marked, so no export offers it as an indicator to block.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../analyze";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { addressesInQueries, hiddenAddressIn, victimData } from "./victim-data";

function personalisedLurePdf(...extraLinks: string[]): Uint8Array {
  const b = new PdfBuilder();
  const links = ["https://login.evil.example/verify.php?email=j.doe@acmecorp.com&step=2", ...extraLinks].map((uri) =>
    b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (${uri}) >> >>`),
  );
  b.addCatalog("", 1, `/Annots [${links.map((l) => `${l} 0 R`).join(" ")}]`);
  return b.build();
}

describe("hiddenAddressIn", () => {
  it.each([
    ["https://docs-view.example/index.html#j.doe@acme.example", "fragment"],
    ["https://docs-view.example/#email=j.doe%40acme.example", "fragment"],
    ["https://docs-view.example/view?e=ai5kb2VAYWNtZS5leGFtcGxl", "base64"],
    // standard base64 with its "+" and "=" padding, unencoded in the query
    ["https://docs-view.example/view?id=77&u=eXl+QGFjbWUuZXhhbXBsZQ==", "base64"],
    ["https://docs-view.example/v/YW5uYS5rQGNvcnAuZXhhbXBsZQ/start", "base64"],
    ["https://docs-view.example/x#YW5uYS5rQGNvcnAuZXhhbXBsZQ", "base64"],
  ])("%s carries an address (%s)", (url, how) => {
    expect(hiddenAddressIn(new URL(url))).toBe(how);
  });

  it.each([
    // an unsubscribe link carries the subscriber's address openly
    "https://news.example/unsubscribe?email=j.doe@acme.example",
    "https://news.example/prefs?email=j.doe%40acme.example&list=7",
    // tokens, ids and words that are base64 of nothing
    "https://cdn.example/assets/aGVsbG8gd29ybGQ/app.js",
    "https://docs.example/guide/Introduction#section-Authentication",
    "https://drive.example/d/1xQdh1AbC7AbCdEfGh/view",
  ])("%s carries none", (url) => {
    expect(hiddenAddressIn(new URL(url))).toBeNull();
  });
});

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
