// The streaming multipart parser on hostile bodies: every Object.prototype name as a field and as a
// file part (issue 19: `constructor` made the parser throw where nothing caught it, and the request
// never ended), and bodies cut short.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { parseMultipart } from "./multipart";

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);
const LIMITS = {
  contentType: "multipart/form-data; boundary=B",
  fileField: "file",
  maxFileBytes: 1024,
  maxParts: 64,
  maxFieldBytes: 64,
};

const part = (name: string, value: string, fileName?: string) =>
  `--B\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"` : ""}\r\n\r\n${value}\r\n`;
const parse = (body: string) => parseMultipart(Readable.from([Buffer.from(body)]), LIMITS);

describe("parseMultipart", () => {
  it("keeps fields named after Object.prototype members as ordinary names", async () => {
    const body = [
      ...PROTOTYPE_NAMES.map((n) => part(n, `v-${n}`)),
      part("file", "%PDF-1.7", "a.pdf"),
      "--B--\r\n",
    ].join("");
    const parsed = await parse(body);
    expect([...parsed.fields.keys()]).toEqual(PROTOTYPE_NAMES);
    for (const n of PROTOTYPE_NAMES) expect(parsed.fields.get(n)).toEqual([`v-${n}`]);
    expect(parsed.files.map((f) => Buffer.from(f.bytes).toString())).toEqual(["%PDF-1.7"]);
    expect(Object.getPrototypeOf(parsed.fields)).toBe(Map.prototype);
  });

  it("records file parts under those names as (file), repeated names in order", async () => {
    const body = [...PROTOTYPE_NAMES.flatMap((n) => [part(n, "x", `${n}.pdf`), part(n, "second")]), "--B--\r\n"].join(
      "",
    );
    const parsed = await parse(body);
    for (const n of PROTOTYPE_NAMES) expect(parsed.fields.get(n)).toEqual(["(file)", "second"]);
  });

  it.each([10, 40, 70, 90])("refuses a body cut after %i bytes with 400, whatever part it ends in", async (cut) => {
    const body = `${part("retentionMode", "retain_24h")}${part("file", "%PDF-1.7 0123456789", "a.pdf")}--B--\r\n`.slice(
      0,
      cut,
    );
    const error = await parse(body).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: "invalid_request" });
  });
});
