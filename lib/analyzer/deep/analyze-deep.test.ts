import { describe, expect, it } from "vitest";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { DeepResult } from "../report";
import { analyzeDeep, type DeepEngines } from "./analyze-deep";

/** A document every engine has work in: an automatic script, an attachment, a page to render. */
function busyPdf(): Uint8Array {
  const b = new PdfBuilder();
  const js = b.add("<< /S /JavaScript /JS (app.alert('hi');) >>");
  const file = b.addStream("/Type /EmbeddedFile", "attachment text");
  const spec = b.add(`<< /Type /Filespec /F (a.txt) /EF << /F ${file} 0 R >> >>`);
  b.addCatalog(`/OpenAction ${js} 0 R /Names << /EmbeddedFiles << /Names [(a.txt) ${spec} 0 R] >> >>`);
  return b.build();
}

const failing = (what: string) => () => {
  throw new Error(`${what} exploded`);
};

describe("analyzeDeep when engines fail", () => {
  it("answers with every failure as an engine note, never a throw, and keeps the fast findings", async () => {
    const engines: DeepEngines = {
      render: () => Promise.reject(new Error("XRefEntryException: Bad (uncompressed) XRef entry")),
      emulate: failing("sandbox") as unknown as DeepEngines["emulate"],
      yara: { scanDocument: () => Promise.reject(new Error("yara exploded")) },
    };
    const r = await analyzeDeep(busyPdf(), { fileName: "busy.pdf", engines });
    expect(DeepResult.safeParse(r).success).toBe(true);
    expect(r.engine_notes.map((n) => n.engine).sort()).toEqual(expect.arrayContaining(["render", "yara"]));
    expect(r.engine_notes.find((n) => n.engine === "render")?.message).toMatch(/XRefEntryException/);
    // engine failures are not budget hits: the file did nothing to deserve "truncated"
    expect(r.budget_hits).not.toContain("YARA_FAILED");
    expect(r.findings.map((f) => f.id)).toEqual(expect.arrayContaining(["javascript-auto-run"]));
  });

  it("says which engines were not configured", async () => {
    const r = await analyzeDeep(busyPdf(), { fileName: "busy.pdf", engines: {} });
    expect(r.engine_notes.map((n) => n.engine).sort()).toEqual(["javascript", "render"]);
    expect(r.truncated).toBe(false);
  });

  it("a render process that crashed is an engine note, not a budget hit", async () => {
    const engines: DeepEngines = {
      render: async () => ({
        pagesRendered: 0,
        pageCount: null,
        pages: [],
        qrCodes: [],
        durationMs: 1,
        stopped: true,
        engineFailure: "render process exited (SIGSEGV)",
        error: "render process exited (SIGSEGV)",
        pdfjs: { pageCount: null, hasCatalog: false },
      }),
    };
    const r = await analyzeDeep(busyPdf(), { fileName: "busy.pdf", engines });
    expect(r.engine_notes).toContainEqual({ engine: "render", message: "render process exited (SIGSEGV)" });
    expect(r.findings.map((f) => f.id)).not.toContain("parser-differential");
  });

  it("does not hand a document over the object budget to the renderer (pdf.js would parse every object)", async () => {
    let renders = 0;
    const engines: DeepEngines = {
      render: async () => {
        renders++;
        return {
          pagesRendered: 1,
          pageCount: 1,
          pages: [],
          qrCodes: [],
          durationMs: 1,
          pdfjs: { pageCount: 1, hasCatalog: true },
        };
      },
    };
    const over = await analyzeDeep(busyPdf(), { fileName: "busy.pdf", engines, limits: { MAX_OBJECTS: 3 } });
    expect(over.budget_hits).toContain("MAX_OBJECTS");
    expect(renders).toBe(0);
    expect(over.lures.pages_rendered).toBe(0);
    await analyzeDeep(busyPdf(), { fileName: "busy.pdf", engines });
    expect(renders).toBe(1);
  });
});
