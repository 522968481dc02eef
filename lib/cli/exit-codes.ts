// Process exit codes of pdfscan, as documented in `pdfscan --help`.

/** nothing malicious or suspicious was found */
export const EXIT_CLEAN = 0;
/** at least one file is malicious or suspicious */
export const EXIT_FLAGGED = 1;
/** usage error, or a file could not be read or analysed (the other files are still analysed) */
export const EXIT_ERROR = 2;

/** Errors win over detections, as grep's 2 wins over 1: an incomplete run must not look complete. */
export function worstExitCode(a: number, b: number): number {
  return Math.max(a, b);
}
