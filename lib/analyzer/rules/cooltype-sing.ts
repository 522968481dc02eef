// CVE-2010-2883: Adobe CoolType copied a SING table's uniqueName into a fixed stack buffer; the SING
// table of each embedded TrueType/OpenType program is read once, in facts/formats/sfnt.ts.
import { defineRule } from "./rule";
import { evidence } from "./evidence";

export const cooltypeSing = defineRule({
  id: "cooltype-sing-overflow",
  title: "Malformed SING font table (CVE-2010-2883)",
  description:
    "An embedded TrueType/OpenType font has a SING table whose uniqueName field overruns its 28 bytes. Adobe CoolType copied it into a fixed stack buffer: a stack overflow exploited in the wild in 2010.",
  category: "exploit",
  severity: "critical",
  weight: 90,
  attack: ["T1203"],
  cve: ["CVE-2010-2883"],
  mitigations: ["do_not_open", "update_reader"],
  confidence: "high",
  check({ formats }) {
    const hits = formats.fonts.filter((f) => f.sfnt?.singNameOverlong);
    if (!hits.length) return null;
    return {
      evidence: hits.map((f) =>
        evidence({ objectRef: f.objectRef, path: `/${f.key}`, excerpt: "SING table uniqueName longer than 28 bytes" }),
      ),
    };
  },
});
