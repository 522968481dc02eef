// The pdfid.py throughput the benchmarks compare with. pdfid.py is not a dependency and is never
// committed: when PDFID_PY names its script, it is timed here in one python3 process over the
// corpus's documents; otherwise the figure is PDFID_MB_PER_S, measured on the reference machine.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { collectFiles } from "../lib/cli/collect-files";
import { readZipMember } from "../lib/zip/password-zip";
import { MB, PDFID_MB_PER_S } from "./bench-stats";
import { fixed } from "./table";

export interface PdfidReference {
  mbPerSec: number;
  /** true when timed on this machine */
  measured: boolean;
  note: string;
}

/**
 * Times PDFID_PY over the documents of `dir` (plain files as they are, ZIP members decrypted).
 * SAFETY: members are written only inside a fresh temporary folder, removed before returning.
 */
export async function pdfidReference(dir: string): Promise<PdfidReference> {
  const script = process.env.PDFID_PY;
  const reference = (why: string): PdfidReference => ({
    mbPerSec: PDFID_MB_PER_S,
    measured: false,
    note: `pdfid.py not run here (${why}): ${PDFID_MB_PER_S} MB/s is its throughput on the reference machine`,
  });
  if (!script) return reference("set PDFID_PY to a pdfid.py to time it beside pdfscan");
  const scratch = mkdtempSync(join(tmpdir(), "pdfscan-bench-pdfid-"));
  try {
    const files: string[] = [];
    let bytes = 0;
    for await (const t of collectFiles([dir])) {
      if (t.error !== undefined) continue;
      const data = t.member ? await readZipMember(t.member) : null;
      const path = data ? join(scratch, `${files.length}.pdf`) : t.path;
      if (data) writeFileSync(path, data);
      bytes += data ? data.length : statSync(path).size;
      files.push(path);
    }
    const t0 = performance.now();
    const run = spawnSync("python3", [script, ...files], {
      stdio: ["ignore", "ignore", "pipe"],
      maxBuffer: 64 * 2 ** 20,
    });
    const seconds = (performance.now() - t0) / 1000;
    if (run.status !== 0)
      return reference(`${script} exited ${run.status}: ${String(run.stderr).trim().split("\n").pop()}`);
    return {
      mbPerSec: bytes / MB / seconds,
      measured: true,
      note: `${script} timed here: ${files.length} documents, ${fixed(bytes / MB)} MB in one python3 process, ${fixed(seconds)} s`,
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
