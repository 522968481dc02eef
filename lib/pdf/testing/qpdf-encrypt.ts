// Test fixture: a document encrypted by an independent implementation (qpdf, installed by npm test
// like Chromium), for the decryption tests. Each call works in a temp dir of its own, removed after.
// Test-only.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** `pdf` encrypted by `qpdf [extra] in --encrypt ...encryptArgs -- out` (user password, owner password, key length, options). */
export function encryptWithQpdf(pdf: Uint8Array, encryptArgs: string[], extra: string[] = []): Uint8Array {
  const work = mkdtempSync(join(tmpdir(), "pdfscan-qpdf-"));
  try {
    const input = join(work, "plain.pdf");
    const output = join(work, "encrypted.pdf");
    writeFileSync(input, pdf);
    qpdf(["--allow-weak-crypto", ...extra, input, "--encrypt", ...encryptArgs, "--", output]);
    return new Uint8Array(readFileSync(output));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function qpdf(args: string[]): void {
  try {
    execFileSync("qpdf", args, { stdio: "pipe" });
  } catch (e) {
    const err = e as { code?: string; status?: number; stderr?: Buffer };
    if (err.code === "ENOENT")
      throw new Error("qpdf is required for the encryption tests: apt-get install -y qpdf (npm test installs it)", {
        cause: e,
      });
    // qpdf exits 3 for warnings: the output is written
    if (err.status !== 3) throw new Error(`qpdf ${args.join(" ")} failed: ${err.stderr?.toString()}`, { cause: e });
  }
}
