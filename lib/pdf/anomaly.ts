// Malformed syntax is data: every reader path records what it had to repair as an anomaly and keeps going.

export type AnomalyCode =
  | "header-missing"
  | "header-not-at-start"
  | "header-version-invalid"
  | "eof-missing"
  | "data-after-eof"
  | "startxref-missing"
  | "startxref-invalid"
  | "xref-invalid"
  | "xref-entry-mismatch"
  | "xref-rebuilt"
  | "trailer-missing"
  | "object-outside-xref"
  | "object-redefined"
  | "object-header-mismatch"
  | "endobj-missing"
  | "endstream-missing"
  | "stream-length-mismatch"
  | "syntax-error"
  | "name-escaped"
  | "nesting-too-deep"
  | "reference-cycle"
  | "objstm-invalid"
  | "filter-unknown"
  | "filter-error"
  | "filter-chain-too-long"
  | "filter-image-not-decoded"
  | "budget-exceeded";

export interface Anomaly {
  code: AnomalyCode;
  /** byte offset in the file where it was seen; -1 when not file-addressable (inside a decoded stream) */
  offset: number;
  message: string;
  /** the indirect object it belongs to, like "12 0" */
  objectRef?: string;
}

/** Collects anomalies, capping repeats of one code so a hostile file cannot flood the report. */
export class AnomalyLog {
  readonly items: Anomaly[] = [];
  private readonly perCode = new Map<AnomalyCode, number>();
  constructor(private readonly maxPerCode = 50) {}
  add(code: AnomalyCode, claimed: number, message: string, objectRef?: string): void {
    const n = (this.perCode.get(code) ?? 0) + 1;
    this.perCode.set(code, n);
    // offsets often come from the file's own claims (startxref, xref entries, /Prev): one that no
    // file can have (NaN, 1e400, 2^60, negative) is not file-addressable; JSON could not carry it
    const offset = Number.isSafeInteger(claimed) && claimed >= -1 ? claimed : -1;
    if (n <= this.maxPerCode)
      this.items.push(objectRef ? { code, offset, message, objectRef } : { code, offset, message });
  }
  count(code: AnomalyCode): number {
    return this.perCode.get(code) ?? 0;
  }
  has(code: AnomalyCode): boolean {
    return this.perCode.has(code);
  }
}
