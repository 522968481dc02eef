import { describe, expect, it } from "vitest";
import { base64Bytes, objectHash, objectNumberOf, objectOfHash, printableBytes } from "./object-links";

describe("object links", () => {
  it("reads an object number from a reference and from the page hash", () => {
    expect(objectNumberOf("12 0 R")).toBe(12);
    expect(objectNumberOf("7 2")).toBe(7);
    expect(objectNumberOf("trailer")).toBeNull();
    expect(objectOfHash(objectHash(42))).toBe(42);
    expect(objectOfHash("#script-3")).toBeNull();
    expect(objectOfHash("#object-1x")).toBeNull();
  });

  it("shows bytes as inert text: control characters become dots, CR a line end", () => {
    expect(printableBytes(Uint8Array.from([0x41, 0x00, 0x1b, 0x0d, 0x0a, 0x09, 0xe9]))).toBe("A··\n\n\té");
    expect(printableBytes(base64Bytes(Buffer.from("<script>").toString("base64")))).toBe("<script>");
  });
});
