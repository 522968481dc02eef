// Decryption of the standard security handler, checked against files encrypted by an independent
// implementation (qpdf, installed by npm test like Chromium): every revision a reader opens without
// asking (empty user password), plus object streams inside encrypted files, plus a real password.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../../analyzer/analyze";
import { collectFacts } from "../../analyzer/facts/document-facts";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../document";
import { PdfStream } from "../objects";
import { PdfBuilder } from "../testing/pdf-builder";
import { encryptWithQpdf } from "../testing/qpdf-encrypt";
import { rc4 } from "./rc4";

// a script that is not form automation (a timer running code text), so encryption-hides-active-content fires
const MARKER_JS = "app.setTimeOut(\"app.alert('encrypted-marker-js')\", 10)";
const MARKER_STREAM = "encrypted-marker-stream";

function plainDocument(): Uint8Array {
  const b = new PdfBuilder();
  // the marker stream is the page's content: qpdf drops objects nothing refers to
  const content = b.addFlateStream("/Type /Marker", `BT (${MARKER_STREAM}) Tj ET`);
  b.addCatalog(`/OpenAction << /S /JavaScript /JS (${MARKER_JS}) >>`, 1, `/Contents ${content} 0 R`);
  return b.build();
}

function encrypt(encryptArgs: string[], extra: string[] = []): Uint8Array {
  return encryptWithQpdf(plainDocument(), encryptArgs, extra);
}

describe("standard security handler with the empty user password", () => {
  it.each([
    ["RC4 40-bit (R2)", ["", "owner", "40"], 2, "rc4"],
    ["RC4 128-bit (R3)", ["", "owner", "128", "--use-aes=n"], 3, "rc4"],
    ["AES-128 (R4)", ["", "owner", "128", "--use-aes=y"], 4, "aes128"],
    ["AES-256 (R5)", ["", "owner", "256", "--force-R5"], 5, "aes256"],
    ["AES-256 (R6, PDF 2.0)", ["", "owner", "256"], 6, "aes256"],
  ] as const)("%s: strings and streams decrypt", (_name, args, revision, method) => {
    const pdf = encrypt([...args]);
    const doc = readPdf(pdf, DEFAULT_LIMITS);
    expect(doc.security).toMatchObject({ state: "decrypted", revision, method });
    const facts = collectFacts(doc, DEFAULT_LIMITS);
    expect(facts.scripts.map((s) => s.source)).toContain(MARKER_JS);
    const marker = [...doc.table.values()]
      .map((o) => o.value)
      .find(
        (v) =>
          v instanceof PdfStream &&
          v.dict.has("Type") &&
          String((v.dict.get("Type") as { name: string }).name) === "Marker",
      ) as PdfStream;
    expect(Buffer.from(doc.decode(marker).data).toString("latin1")).toContain(MARKER_STREAM);
    const r = analyzeFast(pdf, { fileName: "enc.pdf" });
    expect(r.summary.verdict).not.toBe("unknown");
    expect(r.findings.map((f) => f.ruleId)).toEqual(
      expect.arrayContaining(["encrypted-document", "javascript-auto-run", "encryption-hides-active-content"]),
    );
  });

  it.each([
    ["RC4 128-bit (R3)", ["", "owner", "128", "--use-aes=n"]],
    ["AES-128 (R4)", ["", "owner", "128", "--use-aes=y"]],
    ["AES-256 (R6, PDF 2.0)", ["", "owner", "256"]],
  ] as const)("%s: a stream head is decrypted from a prefix and equals the head of the whole stream", (_name, args) => {
    const b = new PdfBuilder();
    // 20 KB of text that does not repeat (a head decode reads 1 KB of Flate input, or n plain bytes)
    const text = Array.from({ length: 2000 }, (_, i) => `${(i * 7919) % 10007} `).join("");
    const flate = b.addFlateStream("/Type /Marker", text);
    const plain = b.addStream("/Type /Marker", text);
    b.addCatalog("", 1, `/Contents [${flate} 0 R ${plain} 0 R]`);
    const encrypted = encryptWithQpdf(b.build(), [...args], ["--compress-streams=n", "--decode-level=none"]);
    const doc = readPdf(encrypted, DEFAULT_LIMITS);
    const markers = [...doc.table.values()]
      .map((o) => o.value)
      .filter((v): v is PdfStream => v instanceof PdfStream && v.dict.has("Type"));
    expect(markers).toHaveLength(2);
    for (const stream of markers) {
      // heads first: they must not depend on a full decode having been cached before
      const heads = [5, 64, 1000, 4096].map((n) => Buffer.from(doc.decodeHead(stream, n)).toString("latin1"));
      const whole = Buffer.from(doc.decode(stream).data).toString("latin1");
      expect(whole).toBe(text);
      expect(heads).toEqual([5, 64, 1000, 4096].map((n) => text.slice(0, n)));
    }
  });

  it("derives the R6 key for any salt: 24 files encrypted with fresh random salts all open", () => {
    // Algorithm 2.B's stopping rule depends on the last byte of each round's output, so a wrong
    // round count fails only for some salts: one file proves little, many independent ones do
    for (let i = 0; i < 24; i++) {
      const doc = readPdf(encrypt(["", "owner", "256"]), DEFAULT_LIMITS);
      expect(doc.security.state, `file ${i}`).toBe("decrypted");
    }
  });

  it("decrypts object streams (their members are not encrypted again)", () => {
    const pdf = encrypt(["", "owner", "256"], ["--object-streams=generate"]);
    const doc = readPdf(pdf, DEFAULT_LIMITS);
    expect(doc.objectStreams).toBeGreaterThan(0);
    expect(collectFacts(doc, DEFAULT_LIMITS).scripts.map((s) => s.source)).toContain(MARKER_JS);
  });

  it("reads a metadata stream stored in the clear (/EncryptMetadata false) as it is", () => {
    const b = new PdfBuilder();
    const meta = b.addStream("/Type /Metadata /Subtype /XML", "<x:xmpmeta>clear-metadata</x:xmpmeta>");
    b.addCatalog(`/Metadata ${meta} 0 R`);
    const doc = readPdf(
      encryptWithQpdf(b.build(), ["", "owner", "128", "--use-aes=y", "--cleartext-metadata"]),
      DEFAULT_LIMITS,
    );
    expect(doc.security.state).toBe("decrypted");
    const stream = doc.resolve(doc.catalog?.get("Metadata")) as PdfStream;
    expect(Buffer.from(doc.decode(stream).data).toString("latin1")).toBe("<x:xmpmeta>clear-metadata</x:xmpmeta>");
  });

  it("a document that needs a real password is unknown, with a finding that says so", () => {
    const pdf = encrypt(["secret", "owner", "256"]);
    const doc = readPdf(pdf, DEFAULT_LIMITS);
    expect(doc.security.state).toBe("password-required");
    const r = analyzeFast(pdf, { fileName: "locked.pdf" });
    expect(r.summary).toMatchObject({ verdict: "unknown", confidence: "low" });
    expect(r.findings.find((f) => f.ruleId === "encrypted-document")?.description).toMatch(/password/i);
  });
});

describe("standard security handler with the password the analyst gives", () => {
  it.each([
    ["RC4 40-bit (R2)", "40", [], 2],
    ["RC4 128-bit (R3)", "128", ["--use-aes=n"], 3],
    ["AES-128 (R4)", "128", ["--use-aes=y"], 4],
    ["AES-256 (R5)", "256", ["--force-R5"], 5],
    ["AES-256 (R6, PDF 2.0)", "256", [], 6],
  ] as const)(
    "%s: opens with the user password or the owner password, not with a wrong one",
    (_name, bits, opts, revision) => {
      const pdf = encrypt(["Ünïcode s3cret", "0wner pass", bits, ...opts]);
      expect(readPdf(pdf, DEFAULT_LIMITS).security.state).toBe("password-required");
      const wrong = readPdf(pdf, DEFAULT_LIMITS, { password: "guess" }).security;
      expect(wrong).toMatchObject({
        state: "password-required",
        message: "the password given does not open the document",
      });
      const user = readPdf(pdf, DEFAULT_LIMITS, {
        password: revision >= 5 ? "Ünïcode s3cret" : "\u00dcn\u00efcode s3cret",
      });
      expect(user.security).toMatchObject({ state: "decrypted", openedWith: "user-password", revision });
      expect(collectFacts(user, DEFAULT_LIMITS).scripts.map((s) => s.source)).toContain(MARKER_JS);
      expect(readPdf(pdf, DEFAULT_LIMITS, { password: "0wner pass" }).security).toMatchObject({
        state: "decrypted",
        openedWith: "owner-password",
      });
      // an empty-password document opens without asking, whatever password is given
      expect(
        readPdf(encrypt(["", "owner", bits, ...opts]), DEFAULT_LIMITS, { password: "x" }).security.openedWith,
      ).toBe("empty-password");
    },
  );
});

describe("rc4", () => {
  it("matches the published test vectors (RFC 6229 key 0x0102030405)", () => {
    const out = rc4(Uint8Array.from([1, 2, 3, 4, 5]), new Uint8Array(16));
    expect(Buffer.from(out).toString("hex")).toBe("b2396305f03dc027ccc3524a0a1118a8");
  });
});
