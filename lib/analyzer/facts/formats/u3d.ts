// U3D (ECMA-363 §9) and PRC (ISO 14739-1) 3D streams: block structure and header fields.
// Every U3D block is [type u32][data size u32][metadata size u32][data][pad][metadata][pad]; the
// file header block (type 0x00443355, "U3D\0") declares the declaration section size and the file
// size. Acrobat's U3D parser trusted the block sizes: the public exploits of CVE-2011-2462
// (Metasploit adobe_reader_u3d, the Dec. 2011 zero-day) and CVE-2009-3953 (adobe_u3d_meshdecl) are
// hand-built streams whose blocks declare more bytes than the stream holds, and whose file header
// declares a file larger than the stream. Writers (Acrobat 3D, IDTFConverter, Asymptote, MeshLab)
// compute these fields from the content; some get the declaration size wrong (a writer bug that
// readers ignore, seen in PDF/A test suites), which is recorded apart as a header inconsistency.
import type { Budget } from "../../../limits";

const U3D_FILE_HEADER = 0x00443355;
/** continuation blocks (CLOD base/progressive mesh, point set, line set, texture) end the declaration section */
const CONTINUATION_BLOCKS = new Set([0xffffff3b, 0xffffff3c, 0xffffff3e, 0xffffff3f, 0xffffff5c]);
const HEADER_BLOCK_BYTES = 12 + 24;
const MODIFIER_CHAIN = 0xffffff14;
const CLOD_MESH_DECLARATION = 0xffffff31;
/** a threshold, not a budget: a mesh count above this times a 16-byte element wraps a 32-bit allocation size */
const MAX_MESH_COUNT = 2 ** 28;
/** a threshold, not a budget: ECMA-363 §9.6.1.1.3.4.2, a shading uses at most 8 texture layers */
const MAX_TEXTURE_LAYERS = 8;

/** Max Mesh Description of a CLOD mesh declaration (ECMA-363 §9.6.1.1.3): what the decoder allocates. */
export interface U3dMeshFacts {
  faceCount: number;
  positionCount: number;
  normalCount: number;
  diffuseColorCount: number;
  specularColorCount: number;
  textureCoordCount: number;
  shadingCount: number;
  /** largest texture layer count among the shading descriptions read */
  maxTextureLayers: number;
}

export interface U3dFacts {
  blocks: number;
  /** CLOD mesh declarations, top-level or inside modifier chains */
  meshes: U3dMeshFacts[];
  declaredFileSize: number;
  declaredDeclarationSize: number;
  /** sizes that lead a parser out of the stream (blocks, declared file size), invalid block types, mesh counts that overflow */
  structuralAnomalies: string[];
  /** a declaration size that disagrees with the blocks: a writer bug that readers ignore */
  headerInconsistencies: string[];
  /** MAX_U3D_BLOCKS reached */
  truncated: boolean;
}

/** sizes are u32: plain arithmetic, since bitwise operators would wrap them to int32 */
const pad4 = (n: number) => Math.ceil(n / 4) * 4;

/** U3D block type: the file header, a standard block (0xFFFFFFxx) or a declared new object type (ECMA-363 §9.2.3). */
function validBlockType(t: number): boolean {
  return t === U3D_FILE_HEADER || t >= 0xffffff00 || (t >= 0x100 && t <= 0x00ffffff);
}

/**
 * Null when `data` is not a U3D stream (no file header block first). At most `maxBlocks` blocks are read
 * (`truncated`); the modifiers of a chain and the shadings of a mesh are bounded by `budget`, which records their hits.
 */
export function parseU3d(data: Uint8Array, maxBlocks: number, budget: Budget): U3dFacts | null {
  if (data.length < HEADER_BLOCK_BYTES) return null;
  const dv = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (dv.getUint32(0, true) !== U3D_FILE_HEADER) return null;
  const structuralAnomalies: string[] = [];
  const headerInconsistencies: string[] = [];
  const headerData = dv.getUint32(4, true);
  const declSize = dv.getUint32(20, true);
  const fileSize = Number(dv.getBigUint64(24, true));
  if (headerData < 24) structuralAnomalies.push(`file header block data size ${headerData} (at least 24)`);
  if (fileSize > data.length)
    structuralAnomalies.push(`file header declares ${fileSize} bytes, the stream has ${data.length}`);
  let p = 0;
  let blocks = 0;
  let declarationEnd = -1;
  const meshes: U3dMeshFacts[] = [];
  while (p + 12 <= data.length && blocks < maxBlocks) {
    const type = dv.getUint32(p, true);
    const dataSize = dv.getUint32(p + 4, true);
    const metaSize = dv.getUint32(p + 8, true);
    if (!validBlockType(type) || (blocks > 0 && type === U3D_FILE_HEADER)) {
      structuralAnomalies.push(`invalid block type 0x${type.toString(16).padStart(8, "0")} at byte ${p}`);
      break;
    }
    if (declarationEnd < 0 && CONTINUATION_BLOCKS.has(type)) declarationEnd = p;
    const next = p + 12 + pad4(dataSize) + pad4(metaSize);
    if (next > data.length + 3) {
      structuralAnomalies.push(
        `block 0x${type.toString(16)} at byte ${p} declares ${dataSize}+${metaSize} bytes, ${data.length - p - 12} left`,
      );
      break;
    }
    readDeclaration(dv, p, Math.min(data.length, p + 12 + dataSize), meshes, structuralAnomalies, budget);
    blocks++;
    p = next;
  }
  // the declaration section runs from the end of the header block to the first continuation block
  const declarationBytes = (declarationEnd < 0 ? Math.min(p, data.length) : declarationEnd) - (12 + pad4(headerData));
  if (declarationBytes > 0 && declSize < declarationBytes)
    headerInconsistencies.push(`declaration size ${declSize} for ${declarationBytes} bytes of declaration blocks`);
  return {
    blocks,
    meshes,
    declaredFileSize: fileSize,
    declaredDeclarationSize: declSize,
    structuralAnomalies,
    headerInconsistencies,
    truncated: blocks >= maxBlocks,
  };
}

/**
 * A CLOD mesh declaration, top-level or among the modifier declarations of a modifier chain
 * (ECMA-363 §9.5.1: name, type, attributes, optional bounds, padding, count, then full blocks).
 * The counts of its Max Mesh Description size the decoder's arrays: CVE-2009-3953's exploit
 * (adobe_u3d_meshdecl) declares values no mesh has.
 */
function readDeclaration(
  dv: DataView,
  at: number,
  end: number,
  meshes: U3dMeshFacts[],
  anomalies: string[],
  budget: Budget,
  depth = 0,
): void {
  const type = dv.getUint32(at, true);
  let q = at + 12;
  const u32 = () => {
    const v = q + 4 <= end ? dv.getUint32(q, true) : -1;
    q += 4;
    return v;
  };
  const skipString = () => (q += 2 + (q + 2 <= end ? dv.getUint16(q, true) : 0));
  if (type === MODIFIER_CHAIN && depth === 0) {
    skipString();
    u32(); // chain type
    const attributes = u32();
    if (attributes < 0) return;
    q += (attributes & 1 ? 16 : 0) + (attributes & 2 ? 24 : 0);
    q = pad4(q);
    const count = u32();
    const max = budget.limits.MAX_U3D_CHAIN_MODIFIERS;
    let i = 0;
    for (; i < count && q + 12 <= end && i < max; i++) {
      const size = 12 + pad4(dv.getUint32(q + 4, true)) + pad4(dv.getUint32(q + 8, true));
      readDeclaration(dv, q, Math.min(end, q + size), meshes, anomalies, budget, depth + 1);
      q += size;
    }
    if (i >= max && i < count && q + 12 <= end) budget.budgetHits.add("MAX_U3D_CHAIN_MODIFIERS");
    return;
  }
  if (type !== CLOD_MESH_DECLARATION) return;
  skipString();
  u32(); // chain index
  u32(); // mesh attributes
  const [
    faceCount,
    positionCount,
    normalCount,
    diffuseColorCount,
    specularColorCount,
    textureCoordCount,
    shadingCount,
  ] = [u32(), u32(), u32(), u32(), u32(), u32(), u32()];
  if (shadingCount < 0) return;
  let maxTextureLayers = 0;
  const maxShadings = budget.limits.MAX_U3D_SHADINGS;
  let i = 0;
  for (; i < Math.min(shadingCount, maxShadings) && q + 8 <= end; i++) {
    u32(); // shading attributes
    const layers = u32();
    maxTextureLayers = Math.max(maxTextureLayers, layers);
    q += 4 * Math.min(layers, MAX_TEXTURE_LAYERS) + 4; // texture coordinate dimensions, original shading id
  }
  if (i >= maxShadings && i < shadingCount && q + 8 <= end) budget.budgetHits.add("MAX_U3D_SHADINGS");
  const mesh = {
    faceCount,
    positionCount,
    normalCount,
    diffuseColorCount,
    specularColorCount,
    textureCoordCount,
    shadingCount,
    maxTextureLayers,
  };
  meshes.push(mesh);
  const counts = Object.entries(mesh).filter(
    ([k, v]) => k !== "shadingCount" && k !== "maxTextureLayers" && v > MAX_MESH_COUNT,
  );
  for (const [k, v] of counts)
    anomalies.push(`mesh declaration at byte ${at}: ${k} ${v} overflows the decoder's allocation`);
  // each shading description takes at least 12 bytes of the block
  if (shadingCount * 12 > end - at)
    anomalies.push(`mesh declaration at byte ${at}: ${shadingCount} shading descriptions in a ${end - at}-byte block`);
  if (maxTextureLayers > MAX_TEXTURE_LAYERS)
    anomalies.push(
      `mesh declaration at byte ${at}: ${maxTextureLayers} texture layers (at most ${MAX_TEXTURE_LAYERS})`,
    );
}

/** PRC files start with "PRC" and two version numbers (ISO 14739-1 §8.3.1); the anomalies of the header. */
export function parsePrc(data: Uint8Array): string[] {
  if (data.length < 11) return [`${data.length}-byte PRC stream`];
  if (data[0] !== 0x50 || data[1] !== 0x52 || data[2] !== 0x43)
    return [`PRC stream does not start with "PRC" (starts ${Buffer.from(data.subarray(0, 8)).toString("hex")})`];
  return [];
}
