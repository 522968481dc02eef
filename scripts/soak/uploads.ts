// What the soak uploads: the service tests' sample PDFs (test/fixtures/sample-pdfs.ts), mixed benign,
// suspicious and heavier ones, with mixed retention modes and enrichment. Each upload is made unique
// (its own sha256, so no two scans share bytes) by rewriting the 4 bytes of the binary comment line
// after the header (`%\xe2\xe3\xcf\xd3`, PDF 32000-1 7.5.2) with other bytes >= 0x80: same length, so
// every xref offset stays right and the file stays well-formed.
import { RETENTION_MODES, type RetentionMode } from "../../lib/server/domain/retention";
import { benignPdf, heavyPdf, suspiciousPdf } from "../../test/fixtures/sample-pdfs";

export interface Upload {
  kind: "benign" | "suspicious" | "heavy";
  pdf: Uint8Array;
  fields: { retentionMode: RetentionMode; enableEnrichment?: "true" };
}

const BASES = {
  benign: benignPdf(),
  suspicious: suspiciousPdf(),
  heavy: heavyPdf({ streams: 1, decodedBytesPerStream: 4 * 1024 * 1024 }),
};
/** weights: mostly small files, as a mail pipeline sends */
const KINDS: Upload["kind"][] = [
  "benign",
  "benign",
  "benign",
  "benign",
  "suspicious",
  "suspicious",
  "suspicious",
  "suspicious",
  "suspicious",
  "heavy",
];
/** delete_immediately is the default and the mode whose bytes must vanish: half of the uploads */
const MODES: RetentionMode[] = [
  "delete_immediately",
  "delete_immediately",
  "delete_immediately",
  ...RETENTION_MODES.filter((m) => m !== "delete_immediately"),
];
const BINARY_MARK = "%\xe2\xe3\xcf\xd3";

function uniqueCopy(base: Uint8Array, n: number): Uint8Array {
  const copy = Uint8Array.from(base);
  const at = Buffer.from(copy).indexOf(Buffer.from(BINARY_MARK, "latin1"));
  if (at < 0) throw new Error("sample PDF without a binary comment line");
  for (let i = 0; i < 4; i++) copy[at + 1 + i] = 0x80 | ((n >>> (7 * i)) & 0x7f);
  return copy;
}

/** The n-th upload of a run (deterministic for a given n, and unique up to 2^28 uploads). */
export function nextUpload(n: number, random: () => number): Upload {
  const kind = KINDS[Math.floor(random() * KINDS.length)];
  const retentionMode = MODES[Math.floor(random() * MODES.length)];
  return {
    kind,
    pdf: uniqueCopy(BASES[kind], n),
    fields: { retentionMode, ...(random() < 0.3 ? { enableEnrichment: "true" as const } : {}) },
  };
}
