// Decompression bombs against what resembles them: a multi-page lossless scan deflates near 1000:1 too.
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../../limits";
import { readPdf } from "../../pdf/document";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { multiPageScanPdf } from "../../pdf/testing/scan-pdf";
import { analyzeFast } from "../analyze";
import { collectDecodeBombs } from "./decode-bombs";

const MIB = 1024 * 1024;
const zeros = (bytes: number) => new Uint8Array(deflateSync(new Uint8Array(bytes)));

/** A one-page document whose objects are the given streams (dictionary, data already encoded). */
function withStreams(streams: [dict: string, data: Uint8Array][]): Uint8Array {
  const b = new PdfBuilder();
  for (const [dict, data] of streams) b.addStream(dict, data);
  b.addCatalog();
  return b.build();
}

const bombsOf = (pdf: Uint8Array) => collectDecodeBombs(readPdf(pdf, DEFAULT_LIMITS));
const image = (w: number, h: number, extra = "/Filter /FlateDecode") =>
  `/Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace /DeviceRGB /BitsPerComponent 8 ${extra}`;

describe("collectDecodeBombs", () => {
  it("does not take a 30-page lossless scan (mostly white 2500 x 3500 RGB pages, ~1000:1) for a bomb", () => {
    const r = analyzeFast(multiPageScanPdf({ pages: 30 }), { fileName: "scan.pdf" });
    expect(r.findings.map((f) => f.ruleId)).not.toContain("decompression-bomb");
    expect(r.structure.pages).toBe(30);
  });

  it.each<[string, [string, Uint8Array][]]>([
    ["a content stream of 40 MiB of zeros", [["/Filter /FlateDecode", zeros(40 * MIB)]]],
    ["Flate over Flate", [["/Filter [/FlateDecode /FlateDecode]", new Uint8Array(deflateSync(zeros(40 * MIB)))]]],
    ["an image whose data runs far past its declared 100 x 100 raster", [[image(100, 100), zeros(40 * MIB)]]],
    ["an image declaring a raster no scanner makes (100,000 x 100,000)", [[image(100_000, 100_000), zeros(40 * MIB)]]],
    [
      "a Flate-over-Flate image",
      [[image(4000, 4000, "/Filter [/FlateDecode /FlateDecode]"), new Uint8Array(deflateSync(zeros(40 * MIB)))]],
    ],
  ])("finds %s", (_name, streams) => {
    expect(bombsOf(withStreams(streams)).length).toBeGreaterThan(0);
  });

  it("still finds a bomb after many scan-like images (they are not decoded, so they spend no candidate)", () => {
    const page = zeros(2500 * 3500 * 3);
    const scans = Array.from({ length: 12 }, (): [string, Uint8Array] => [image(2500, 3500), page]);
    const bombs = bombsOf(withStreams([...scans, ["/Filter /FlateDecode", zeros(40 * MIB)]]));
    expect(bombs).toHaveLength(1);
    expect(bombs[0].image).toBe(false);
  });
});
