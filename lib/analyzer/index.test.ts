// The face's analyze(): one entry point for both stages, chosen by the `stage` option.
import { describe, expect, it } from "vitest";
import { PdfBuilder } from "../pdf/testing/pdf-builder";
import { analyze } from ".";

function plainPdf(): Uint8Array {
  const b = new PdfBuilder();
  b.addCatalog();
  return b.build();
}

describe("analyze", () => {
  it("answers the fast stage at once and the advanced stage (no engines) as a promise", async () => {
    const fast = analyze(plainPdf(), { stage: "fast", fileName: "plain.pdf" });
    expect(fast.stage).toBe("fast");
    expect(fast.file_name).toBe("plain.pdf");
    const advanced = analyze(plainPdf(), { stage: "advanced", fileName: "plain.pdf" });
    expect(advanced).toBeInstanceOf(Promise);
    expect((await advanced).stage).toBe("advanced");
  });
});
