import { defineRule } from "./rule";
import { evidence } from "./evidence";

/** SING table: 16 bytes of fixed fields, then uniqueName[28] (Adobe "SING Gaiji" glyphlet format). */
const UNIQUE_NAME_OFFSET = 16;
const UNIQUE_NAME_SIZE = 28;

/** True when an embedded sfnt font has a SING table whose uniqueName is not NUL-terminated in 28 bytes. */
export function hasOverlongSingName(font: Uint8Array): boolean {
  if (font.length < 12) return false;
  const dv = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = dv.getUint16(4);
  for (let i = 0; i < numTables && 12 + i * 16 + 16 <= font.length; i++) {
    const rec = 12 + i * 16;
    if (font[rec] === 0x53 && font[rec + 1] === 0x49 && font[rec + 2] === 0x4e && font[rec + 3] === 0x47) {
      const off = dv.getUint32(rec + 8);
      const start = off + UNIQUE_NAME_OFFSET;
      if (start + UNIQUE_NAME_SIZE > font.length) return true; // truncated right where the name should be
      // CoolType copied uniqueName with strcat into a fixed stack buffer (CVE-2010-2883)
      return !font.subarray(start, start + UNIQUE_NAME_SIZE).includes(0);
    }
  }
  return false;
}

export const cooltypeSing = defineRule({
  id: "cooltype-sing-overflow",
  title: "Malformed SING font table (CVE-2010-2883)",
  description: "An embedded TrueType/OpenType font has a SING table whose uniqueName field overruns its 28 bytes. Adobe CoolType copied it into a fixed stack buffer: a stack overflow exploited in the wild in 2010.",
  category: "exploit",
  severity: "critical",
  weight: 90,
  attack: ["T1203"],
  cve: ["CVE-2010-2883"],
  mitigations: ["do_not_open", "update_reader"],
  confidence: "high",
  check({ doc, fontPrograms }) {
    const hits = fontPrograms.filter((f) => {
      const d = doc.decode(f.stream);
      return !d.encrypted && hasOverlongSingName(d.data);
    });
    if (!hits.length) return null;
    return { evidence: hits.slice(0, 5).map((f) => evidence({ objectRef: f.objectRef, path: `/${f.key}`, excerpt: "SING table uniqueName longer than 28 bytes" })) };
  },
});
