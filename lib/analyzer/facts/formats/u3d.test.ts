// U3D block structure: sizes that lead a parser out of the stream are structural anomalies; a
// declaration size a writer got wrong (PDF/A test suites carry such models) is only an inconsistency.
import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../../limits";
import { u3d } from "../../embedded/testing/exploit-fixtures";
import { u3dWithMesh } from "./testing/format-fixtures";
import { parseU3d } from "./u3d";

describe("parseU3d", () => {
  it("keeps a too-small declaration size apart from the structural anomalies", () => {
    const r = parseU3d(u3d({ declSize: 8 }), 100, defaultBudget());
    expect(r?.structuralAnomalies).toEqual([]);
    expect(r?.headerInconsistencies).toEqual(["declaration size 8 for 44 bytes of declaration blocks"]);
  });

  it("reports a file size beyond the stream and a block running past its end as structural", () => {
    const data = u3d({ fileSize: 2612 });
    new DataView(data.buffer).setUint32(36 + 4, 0x10000, true);
    expect(parseU3d(data, 100, defaultBudget())?.structuralAnomalies).toEqual([
      "file header declares 2612 bytes, the stream has 96",
      expect.stringMatching(/^block 0xffffff14 at byte 36 declares 65536\+0 bytes/),
    ]);
  });

  it("stops at the block budget", () => {
    expect(parseU3d(u3d(), 2, defaultBudget())).toMatchObject({ blocks: 2, truncated: true });
  });
});

describe("parseU3d mesh declarations", () => {
  it("reads the Max Mesh Description of a mesh declared inside a modifier chain", () => {
    const r = parseU3d(u3dWithMesh([12, 8, 36, 0, 0, 0], 1), 100, defaultBudget());
    expect(r?.meshes).toEqual([
      {
        faceCount: 12,
        positionCount: 8,
        normalCount: 36,
        diffuseColorCount: 0,
        specularColorCount: 0,
        textureCoordCount: 0,
        shadingCount: 1,
        maxTextureLayers: 1,
      },
    ]);
    expect(r?.structuralAnomalies).toEqual([]);
  });

  it("reports mesh counts that overflow the decoder's allocation and too many texture layers (CVE-2009-3953)", () => {
    expect(parseU3d(u3dWithMesh([0xfffffff0, 8, 36, 0, 0, 0]), 100, defaultBudget())?.structuralAnomalies).toEqual([
      expect.stringMatching(/faceCount 4294967280 overflows/),
    ]);
    expect(parseU3d(u3dWithMesh([12, 8, 36, 0, 0, 0], 200), 100, defaultBudget())?.structuralAnomalies).toEqual([
      expect.stringMatching(/200 texture layers \(at most 8\)/),
    ]);
  });
});
