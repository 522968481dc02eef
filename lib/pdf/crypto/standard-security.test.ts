// Decryption of the standard security handler, checked against files encrypted by an independent
// implementation (qpdf, installed by npm test like Chromium): every revision a reader opens without
// asking (empty user password), plus object streams inside encrypted files, plus a real password.
import { describe, expect, it } from "vitest";
import { analyzeFast } from "../../analyzer/analyze";
import { collectFacts } from "../../analyzer/facts/document-facts";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../document";
import { PdfStream, PdfString } from "../objects";
import { PdfBuilder, appendUpdate, text } from "../testing/pdf-builder";
import { encryptWithQpdf } from "../testing/qpdf-encrypt";
import { lockedEncryption } from "../testing/encrypted-pdf";
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

/** a one-page document written as an encrypted one's objects (as they are, ciphertext or not) */
function lockedDocument(filters: string, setup: (b: PdfBuilder) => string = () => ""): Uint8Array {
  const b = new PdfBuilder();
  const catalog = setup(b);
  const content = b.addStream("/Type /Marker", `BT (${MARKER_STREAM}) Tj ET`);
  b.addCatalog(catalog, 1, `/Contents ${content} 0 R`);
  b.info = b.add("<< /Title (Quarterly figures) >>");
  return b.build({ trailerExtra: lockedEncryption(b, filters) });
}

const markerOf = (doc: ReturnType<typeof readPdf>) =>
  [...doc.table.values()]
    .map((o) => o.value)
    .find((v) => v instanceof PdfStream && (v.dict.get("Type") as { name?: string })?.name === "Marker") as PdfStream;

describe("crypt filters (§7.6.5): what they leave in the clear", () => {
  it("reads a stream whose own /Crypt filter is /Identity as it is, in a document that opens (§7.4.10)", () => {
    const pdf = encrypt(["", "owner", "128", "--use-aes=y"]);
    const t = text(pdf);
    const root = Number(/\/Root (\d+) 0 R/.exec(t)![1]);
    const pages = /\/Pages (\d+ 0 R)/.exec(t)![1];
    const size = Number(/\/Size (\d+)/.exec(t)![1]);
    const js = "app.alert('stream in the clear')";
    const updated = appendUpdate(
      pdf,
      [
        {
          num: size,
          body: `<< /Filter [/Crypt] /DecodeParms [<< /Name /Identity >>] /Length ${js.length} >>\nstream\n${js}\nendstream`,
        },
        { num: root, body: `<< /Type /Catalog /Pages ${pages} /OpenAction << /S /JavaScript /JS ${size} 0 R >> >>` },
      ],
      `/Encrypt ${/\/Encrypt (\d+ 0 R)/.exec(t)![1]} /ID ${/\/ID\s*(\[[^\]]*\])/.exec(t)![1]}`,
    );
    const doc = readPdf(updated, DEFAULT_LIMITS);
    expect(doc.security).toMatchObject({ state: "decrypted", methods: { streams: "aes128", strings: "aes128" } });
    expect(collectFacts(doc, DEFAULT_LIMITS).scripts.map((s) => s.source)).toContain(js);
  });

  it("without the password, reads the streams /StmF /Identity leaves in the clear; strings stay ciphertext", () => {
    const doc = readPdf(lockedDocument("/StmF /Identity /StrF /StdCF"), DEFAULT_LIMITS);
    expect(doc.security).toMatchObject({
      state: "password-required",
      methods: { streams: "none", strings: "aes128", files: "none" },
    });
    const marker = doc.decode(markerOf(doc));
    expect(marker.encrypted).toBeUndefined();
    expect(Buffer.from(marker.data).toString("latin1")).toContain(MARKER_STREAM);
    // half hidden: the analysis still treats the content as opaque
    expect(analyzeFast(lockedDocument("/StmF /Identity /StrF /StdCF"), { fileName: "x.pdf" }).summary.verdict).toBe(
      "unknown",
    );
  });

  it("without the password, keeps streams /StmF names a real filter for encrypted", () => {
    const doc = readPdf(lockedDocument("/StmF /StdCF /StrF /Identity"), DEFAULT_LIMITS);
    expect(doc.decode(markerOf(doc)).encrypted).toBe(true);
    const info = doc.resolve(doc.trailer?.get("Info"));
    expect(((info as { get(k: string): unknown }).get("Title") as PdfString).text).toBe("Quarterly figures");
  });

  it("only attachments encrypted (/EFF): the document is analysed, its attachment is not, and a clean verdict is low-confidence", () => {
    const pdf = lockedDocument("/StmF /Identity /StrF /Identity /EFF /StdCF", (b) => {
      const file = b.addStream("/Type /EmbeddedFile", "ciphertext of the attachment");
      const spec = b.add(`<< /Type /Filespec /F (report.xlsx) /UF (report.xlsx) /EF << /F ${file} 0 R >> >>`);
      return `/Names << /EmbeddedFiles << /Names [(report.xlsx) ${spec} 0 R] >> >>`;
    });
    const doc = readPdf(pdf, DEFAULT_LIMITS);
    expect(doc.security.methods).toEqual({ streams: "none", strings: "none", files: "aes128" });
    const attachment = [...doc.table.values()]
      .map((o) => o.value)
      .find((v) => v instanceof PdfStream && (v.dict.get("Type") as { name?: string })?.name === "EmbeddedFile");
    expect(doc.decode(attachment as PdfStream).encrypted).toBe(true);
    expect(Buffer.from(doc.decode(markerOf(doc)).data).toString("latin1")).toContain(MARKER_STREAM);
    const r = analyzeFast(pdf, { fileName: "x.pdf" });
    expect(r.summary).toMatchObject({ verdict: "benign", confidence: "low" });
    const finding = r.findings.find((f) => f.ruleId === "encrypted-document");
    expect(finding?.evidence[0].excerpt).toMatch(/^strings and streams in the clear .*attachments encrypted/);
    expect(finding?.description).toMatch(/attachments need the password/);
  });
});

describe("rc4", () => {
  it("matches the published test vectors (RFC 6229 key 0x0102030405)", () => {
    const out = rc4(Uint8Array.from([1, 2, 3, 4, 5]), new Uint8Array(16));
    expect(Buffer.from(out).toString("hex")).toBe("b2396305f03dc027ccc3524a0a1118a8");
  });
});
