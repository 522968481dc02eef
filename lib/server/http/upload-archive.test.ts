// ZIP uploads: the PDF members come out in archive order, one at a time; everything else is skipped
// with its reason (not a PDF, a nested archive, a zip bomb, over the upload cap); a wrong password, an
// unreadable archive, an archive without PDFs or with too many are refused with a problem naming the field.
import { describe, expect, it } from "vitest";
import { buildZip } from "../../zip/testing";
import { ApiError } from "../errors";
import { isZip, openUploadedArchive, takeZipPassword, type ArchiveMember } from "./upload-archive";

const pdf = (n: number) =>
  new TextEncoder().encode(`%PDF-1.7\n1 0 obj << /Title (member ${n}) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const BOUNDS = { maxPdfMembers: 5, maxMemberBytes: 1024 * 1024 };

async function collect(zip: Uint8Array, password = "infected", bounds = BOUNDS) {
  const { members, skipped } = await openUploadedArchive(zip, password, bounds);
  const got: ArchiveMember[] = [];
  for await (const m of members) got.push(m);
  return { names: got.map((m) => m.name), members: got, skipped };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof ApiError ? { code: e.code, errors: e.extra.errors } : String(e)),
  );

describe("ZIP uploads", () => {
  it("recognises an archive by its first record", async () => {
    expect(isZip(await buildZip({ "a.pdf": pdf(1) }))).toBe(true);
    expect(isZip(pdf(1))).toBe(false);
  });

  it("gives the PDF members in archive order, ZipCrypto and AES alike, and says why each other member was skipped", async () => {
    for (const encryption of ["zipcrypto", "aes", "none"] as const) {
      const zip = await buildZip(
        {
          "b.pdf": pdf(2),
          "docs/": new Uint8Array(0),
          "docs/a.pdf": pdf(1),
          "readme.txt": new TextEncoder().encode("password: infected"),
          "inner.zip": await buildZip({ "x.pdf": pdf(9) }),
          "bomb.pdf": new Uint8Array(900_000).fill(0x20).fill(0x25, 0, 1), // inflates about 1000 times
          "big.pdf": Uint8Array.from({ length: 1024 * 1024 + 1 }, (_, i) => (i * 7919) & 0xff),
          "empty.pdf": new Uint8Array(0),
          "c.pdf": pdf(3),
        },
        { encryption },
      );
      const { names, members, skipped } = await collect(zip);
      expect(names).toEqual(["b.pdf", "docs/a.pdf", "c.pdf"]);
      expect(new TextDecoder().decode(members[1]!.bytes)).toContain("member 1");
      expect(Object.fromEntries(skipped.map((s) => [s.name, s.reason]))).toEqual({
        "readme.txt": "not a PDF",
        "inner.zip": "a nested archive (not opened)",
        "bomb.pdf": expect.stringContaining("compressed more than 100 times"),
        "big.pdf": expect.stringContaining("larger than the upload limit"),
        "empty.pdf": "empty",
      });
    }
  });

  it("refuses a wrong password, naming zipPassword", async () => {
    const zip = await buildZip({ "a.pdf": pdf(1) }, { password: "infected" });
    expect(await refusal(collect(zip, "wrong"))).toEqual({
      code: "invalid_request",
      errors: [{ field: "zipPassword", message: expect.stringContaining("does not open the archive") }],
    });
  });

  it("refuses an archive without a PDF, one with too many, and bytes that only start like one", async () => {
    expect(await refusal(collect(await buildZip({ "a.txt": new Uint8Array([1, 2, 3]) })))).toMatchObject({
      code: "missing_file",
    });
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`${i}.pdf`, pdf(i)]));
    expect(await refusal(collect(await buildZip(many)))).toMatchObject({
      code: "invalid_request",
      errors: [{ field: "file", message: "more than 5 PDF members" }],
    });
    expect(await refusal(collect(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0, 9, 9, 9])))).toMatchObject({
      code: "invalid_request",
      errors: [{ field: "file" }],
    });
  });

  it("takes zipPassword from the fields (default infected) and refuses it twice", () => {
    expect(takeZipPassword(new Map([["retentionMode", ["retain_24h"]]]))).toEqual({
      zipPassword: "infected",
      fields: new Map([["retentionMode", ["retain_24h"]]]),
    });
    expect(takeZipPassword(new Map([["zipPassword", ["s3cret"]]])).zipPassword).toBe("s3cret");
    expect(() => takeZipPassword(new Map([["zipPassword", ["a", "b"]]]))).toThrow(ApiError);
  });
});
