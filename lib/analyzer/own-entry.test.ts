// Names a document chooses reach the analyzer's constant tables (action types, URI schemes, file
// extensions, XML entities, script API names, colour spaces): a document full of Object.prototype
// names must be analysed like any other, with no function or prototype member leaking into the result
// (issue 19).
import { describe, expect, it } from "vitest";
import { defaultBudget } from "../limits";
import { PdfBuilder } from "../pdf/testing/pdf-builder";
import { analyzeFast } from "./analyze";
import { analyzeDeep } from "./deep/analyze-deep";
import { categoryOf } from "./embedded/detect-file-type";
import { classifyLocation } from "./content/classify-location";
import { classifyUrl } from "./iocs/classify-url";
import { analyzeAst } from "./javascript/ast-analysis";
import { extractXmp } from "./metadata/extract-xmp";
import { ownEntry } from "./own-entry";
import { DeepResult, FastResult } from "./report";

const NAMES = Object.getOwnPropertyNames(Object.prototype);

function prototypeNamesPdf(): Uint8Array {
  const b = new PdfBuilder();
  const actions = NAMES.map((n) =>
    b.add(`<< /S /${n} /URI (http://evil.example/${n}/file.${n}) /F (${n}://host.example/share) >>`),
  );
  const uris = NAMES.map((n) => b.add(`<< /S /URI /URI (${n}://files.example/x.${n}?u=report.${n}) >>`));
  const js = NAMES.map((n) => `${n}(unescape("%41")); this.${n}(atob("QQ=="));`).join("\n");
  const script = b.add(`<< /S /JavaScript /JS (${js}) >>`);
  const xmp = b.addStream(
    "/Type /Metadata /Subtype /XML",
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${NAMES.map((n) => `&${n};`).join(" ")} http://evil.example/?a=1&amp;${NAMES.map((n) => `&${n};`).join("")}</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>`,
  );
  const image = b.addStream(
    `/Type /XObject /Subtype /Image /Width 30000 /Height 30000 /BitsPerComponent 8 /ColorSpace /constructor /Filter /FlateDecode`,
    "x",
  );
  const annots = uris.map((u) => b.add(`<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A ${u} 0 R >>`));
  const aa = NAMES.map((n, i) => `/${n} ${actions[i]} 0 R`).join(" ");
  b.addCatalog(
    `/OpenAction ${script} 0 R /AA << ${aa} >> /Metadata ${xmp} 0 R`,
    1,
    `/Annots [${annots.map((a) => `${a} 0 R`).join(" ")}] /AA << ${aa} >> /Resources << /XObject << /Im0 ${image} 0 R >> >>`,
  );
  return b.build();
}

/** Anything that can only come from Object.prototype (a function's source, NaN counts). */
const LEAK = /native code|function [A-Za-z_]*\(|NaN|\[object /;

describe("ownEntry", () => {
  it("finds own entries only", () => {
    const table: Record<string, number> = { a: 1 };
    expect(ownEntry(table, "a")).toBe(1);
    for (const n of NAMES) expect(ownEntry(table, n), n).toBeUndefined();
  });
});

describe.each(NAMES)("the name %s where a table is read", (n) => {
  it("is an unknown URI scheme, file extension and file type", () => {
    // (`__proto__` is no scheme at all: a relative path)
    expect(["other-scheme", "local"]).toContain(classifyLocation(`${n}://host.example/share`, "uri").kind);
    expect(classifyUrl(`http://evil.example/x.${n}?u=a.${n}`)?.fileKind).toBeNull();
    expect(categoryOf(n)).toBe("other");
  });

  it("is no decoder call in a script, and no XML entity", () => {
    expect(analyzeAst(`${n}(1); ${n}("x");`, { budget: defaultBudget() }).decodeCalls).toEqual({
      unescape: 0,
      fromCharCode: 0,
      other: 0,
    });
    expect(Object.values(extractXmp(`<dc:title>&${n}; &amp;</dc:title>`)).join(" ")).not.toMatch(LEAK);
  });
});

describe("a document named with Object.prototype members", () => {
  it("gets a valid fast result with nothing from Object.prototype in it", () => {
    const result = analyzeFast(prototypeNamesPdf(), { fileName: "constructor.pdf" });
    expect(() => FastResult.parse(result)).not.toThrow();
    expect(result.engine_notes).toEqual([]);
    expect(JSON.stringify(result)).not.toMatch(LEAK);
    for (const item of result.iocs.items) for (const s of item.sources) expect(typeof s.source).toBe("string");
  });

  it("gets a valid deep result with nothing from Object.prototype in it", async () => {
    const result = await analyzeDeep(prototypeNamesPdf(), { fileName: "constructor.pdf", engines: {} });
    expect(() => DeepResult.parse(result)).not.toThrow();
    expect(result.engine_notes.filter((n) => n.engine === "analyzer")).toEqual([]);
    expect(JSON.stringify(result)).not.toMatch(LEAK);
  });
});
