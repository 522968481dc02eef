import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { analyzeFast } from "../lib/analyzer/analyze";
import { loadAny } from "./corpus";
const out: string[] = [];
for (const dir of ["/work/shared/corpus", "/work/shared/corpus-large"]) {
  for (const e of await loadAny(dir)) {
    let feats = "";
    const r = analyzeFast(e.bytes, { fileName: e.name, onScoringInput: (i: any) => (feats = JSON.stringify(i.features)) });
    const { duration_ms, engine_notes, ...rest } = r as any;
    out.push(`${dir.split("/").pop()}/${e.name}\t${createHash("sha1").update(JSON.stringify(rest)).digest("hex")}\t${createHash("sha1").update(feats).digest("hex")}`);
  }
}
writeFileSync(process.argv[2], out.join("\n") + "\n");
console.log(out.length, "files");
