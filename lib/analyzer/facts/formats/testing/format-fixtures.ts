// Test-only builders of the embedded formats read by lib/analyzer/facts/formats: small, well-formed
// files and the malformed variants the public exploits use. Nothing in the product imports this file.

export interface TiffTag {
  tag: number;
  /** 3 SHORT, 4 LONG, ... */
  type: number;
  count: number;
  value: number;
}

/** A one-strip 8x8 grayscale TIFF: width, length, compression, photometric, strip offset and byte count. */
export const PLAIN_TIFF_TAGS: TiffTag[] = [
  { tag: 0x0100, type: 3, count: 1, value: 8 },
  { tag: 0x0101, type: 3, count: 1, value: 8 },
  { tag: 0x0103, type: 3, count: 1, value: 1 },
  { tag: 0x0106, type: 3, count: 1, value: 1 },
  { tag: 0x0111, type: 4, count: 1, value: 0 }, // patched to the pixel data offset
  { tag: 0x0117, type: 4, count: 1, value: 64 },
];

/** The CVE-2010-0188 directory: a DotRange (0x0150) of 204 SHORTs, as Metasploit's adobe_libtiff writes it. */
export const DOT_RANGE_OVERFLOW: TiffTag = { tag: 0x0150, type: 3, count: 0xcc, value: 0 };

/** A TIFF with one IFD of `tags`, `sled` 0x90 bytes before the IFD (the exploit's NOP sled), then 64 pixel bytes. */
export function tiff(tags: TiffTag[] = PLAIN_TIFF_TAGS, opts: { bigEndian?: boolean; sled?: number } = {}): Uint8Array {
  const little = !opts.bigEndian;
  const sled = opts.sled ?? 0;
  const ifdAt = 8 + sled;
  const pixelsAt = ifdAt + 2 + tags.length * 12 + 4;
  const out = new Uint8Array(pixelsAt + 64);
  const dv = new DataView(out.buffer);
  out.set(little ? [0x49, 0x49, 0x2a, 0] : [0x4d, 0x4d, 0, 0x2a]);
  dv.setUint32(4, ifdAt, little);
  out.fill(0x90, 8, ifdAt);
  dv.setUint16(ifdAt, tags.length, little);
  tags.forEach((t, i) => {
    const e = ifdAt + 2 + i * 12;
    dv.setUint16(e, t.tag, little);
    dv.setUint16(e + 2, t.type, little);
    dv.setUint32(e + 4, t.count, little);
    const value = t.tag === 0x0111 ? pixelsAt : t.value;
    // a single SHORT sits in the first two bytes of the value field
    if (t.type === 3 && t.count === 1) dv.setUint16(e + 8, value, little);
    else dv.setUint32(e + 8, value, little);
  });
  return out;
}

/** An XDP whose datasets carry `image` base64-encoded as an XFA image field value, optionally split one character a line. */
export function xfaImageXml(image: Uint8Array, opts: { split?: boolean } = {}): string {
  const b64 = Buffer.from(image).toString("base64");
  const value = opts.split ? b64.split("").join(" \n") : b64;
  return (
    `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform name="form1"><field name="ImageField1"><ui><imageEdit/></ui></field></subform></template>` +
    `<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><ImageField1 xfa:contentType="image/tif" href="">${value}</ImageField1></form1></xfa:data></xfa:datasets></xdp:xdp>`
  );
}

/** One JBIG2 segment (T.88 §7.2) with short-form referred-to segments, page association 1 unless given. */
export function jbig2Segment(
  number: number,
  type: number,
  data: Uint8Array,
  opts: { referredTo?: number[]; page?: number } = {},
): Uint8Array {
  const refs = opts.referredTo ?? [];
  const refSize = number <= 256 ? 1 : number <= 65536 ? 2 : 4;
  const out = new Uint8Array(6 + refs.length * refSize + 1 + 4 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, number);
  out[4] = type;
  out[5] = refs.length << 5;
  let p = 6;
  for (const r of refs) {
    if (refSize === 1) out[p] = r;
    else if (refSize === 2) dv.setUint16(p, r);
    else dv.setUint32(p, r);
    p += refSize;
  }
  out[p++] = opts.page ?? 1;
  dv.setUint32(p, data.length);
  out.set(data, p + 4);
  return out;
}

/** Page information (type 48) data: width, height, resolutions, flags, striping. */
export function jbig2PageInfo(width: number, height: number): Uint8Array {
  const d = new Uint8Array(19);
  const dv = new DataView(d.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  return d;
}

/** Region segment information (§7.4.1) followed by `rest` (the region's own fields and coded data). */
export function jbig2Region(
  width: number,
  height: number,
  x: number,
  y: number,
  rest: Uint8Array = new Uint8Array(4),
): Uint8Array {
  const d = new Uint8Array(17 + rest.length);
  const dv = new DataView(d.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  dv.setUint32(8, x);
  dv.setUint32(12, y);
  d.set(rest, 17);
  return d;
}

export function u32(...values: number[]): Uint8Array {
  const d = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(d.buffer).setUint32(i * 4, v));
  return d;
}

/** A U3D file: header block, then a modifier chain whose one modifier is a CLOD mesh declaration with `counts` (face, position, normal, diffuse, specular, texture coordinate). */
export function u3dWithMesh(counts: number[], textureLayers = 0): Uint8Array {
  const le = (...values: number[]) => {
    const d = new Uint8Array(values.length * 4);
    values.forEach((v, i) => new DataView(d.buffer).setUint32(i * 4, v, true));
    return d;
  };
  const name = Uint8Array.of(4, 0, 0x4d, 0x65, 0x73, 0x68); // U3D String "Mesh"
  const pad = (d: Uint8Array) => (d.length % 4 ? Uint8Array.from([...d, ...new Uint8Array(4 - (d.length % 4))]) : d);
  const block = (type: number, data: Uint8Array) => Uint8Array.from([...le(type, data.length, 0), ...pad(data)]);
  const shading = le(0, textureLayers, ...new Array(textureLayers).fill(2), 0);
  const mesh = block(0xffffff31, Uint8Array.from([...name, ...le(0, 0, ...counts, 1), ...shading]));
  // chain data: name, type, attributes, padding to 4-byte alignment in the file (data starts at byte 48), count
  const chain = block(0xffffff14, Uint8Array.from([...name, ...le(1, 0), 0, 0, ...le(1), ...mesh]));
  const header = (fileSize: number) =>
    block(0x00443355, Uint8Array.from([...le(0, 0, chain.length), ...le(fileSize, 0), ...le(0)]));
  return Uint8Array.from([...header(36 + chain.length), ...chain]);
}

/** An sfnt with one table `tag` whose 44 bytes hold a uniqueName of `name` at offset 16. */
export function sfntFont(tag: string, name: string): Uint8Array {
  const tableAt = 12 + 16;
  const out = new Uint8Array(tableAt + 44);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x00010000);
  dv.setUint16(4, 1);
  out.set(Buffer.from(tag, "latin1"), 12);
  dv.setUint32(12 + 8, tableAt);
  dv.setUint32(12 + 12, 44);
  out.set(Buffer.from(name, "latin1").subarray(0, 28), tableAt + 16);
  return out;
}

/** the standard luminance tables of ITU T.81 Annex K (K.3): DC, 12 symbols; AC, 162 */
export const STANDARD_DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
export const STANDARD_AC_COUNTS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
/** 84 one-bit codes where two fit: the table of the Cool PDF / Documalis image-stream overflows */
export const OVERFILLED_AC_COUNTS = [0x54, 2, 2, 3, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];

const segment = (marker: number, payload: number[]) => [
  0xff,
  marker,
  (payload.length + 2) >> 8,
  (payload.length + 2) & 0xff,
  ...payload,
];
/** one DHT table: class and destination, the 16 counts, then as many symbol bytes as they add up to */
const huffmanTable = (classAndId: number, counts: number[]) => [
  classAndId,
  ...counts,
  ...Array.from({ length: counts.reduce((a, b) => a + b, 0) }, (_, i) => i & 0xff),
];

/**
 * A baseline JPEG's headers (SOI, DQT, SOF0 of an 8x8 grey image, DHT with a DC and an AC table, SOS)
 * and a few bytes of scan: enough for a header check, not a decodable picture.
 */
export function jpeg({
  dc = STANDARD_DC_COUNTS,
  ac = STANDARD_AC_COUNTS,
}: { dc?: number[]; ac?: number[] } = {}): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...Array.from({ length: 64 }, () => 1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, [...huffmanTable(0x00, dc), ...huffmanTable(0x10, ac)]),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0x12,
    0x34,
    0x56,
    0xff,
    0xd9,
  ]);
}
