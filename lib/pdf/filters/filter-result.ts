// What every decoder returns, and the capped byte buffer they write into. A decoder never throws on
// bad data: it stops, keeps what it decoded and says why in `error` (style habit 2).

export interface FilterResult {
  /** decoded bytes, at most the decoder's `maxOut` */
  data: Uint8Array;
  /** why decoding stopped early or what had to be repaired; absent on a clean decode */
  error?: string;
  /** output was cut at `maxOut` (a budget hit, not a data error) */
  truncated: boolean;
  /**
   * When cut: how many input bytes produced `data` (decoders that know it). Output over input is the
   * expansion a decompression bomb is made of; the whole input would understate it.
   */
  inputUsed?: number;
}

/** A growable output buffer that refuses to grow past `maxBytes`, so a bomb cannot exhaust memory. */
export class BoundedOutput {
  private buf: Uint8Array;
  private len = 0;
  /** set once a write did not fit */
  truncated = false;

  constructor(
    private readonly maxBytes: number,
    sizeHint = 1024,
  ) {
    this.buf = new Uint8Array(Math.max(0, Math.min(maxBytes, Math.max(16, sizeHint))));
  }

  get length(): number {
    return this.len;
  }

  /** Appends one byte; false when the cap is reached (the caller stops decoding). */
  push(byte: number): boolean {
    if (this.len === this.buf.length && !this.ensure(1)) return false;
    this.buf[this.len++] = byte;
    return true;
  }

  /** Appends as much of `src` as fits; false when it did not all fit. */
  pushBytes(src: Uint8Array): boolean {
    const fit = this.ensure(src.length) ? src.length : this.buf.length - this.len;
    this.buf.set(fit === src.length ? src : src.subarray(0, fit), this.len);
    this.len += fit;
    return fit === src.length;
  }

  /** Appends `count` copies of `byte`; false when they did not all fit. */
  pushRepeat(byte: number, count: number): boolean {
    const fit = this.ensure(count) ? count : this.buf.length - this.len;
    this.buf.fill(byte, this.len, this.len + fit);
    this.len += fit;
    return fit === count;
  }

  finish(error?: string): FilterResult {
    const data = compact(this.buf.subarray(0, this.len));
    return error === undefined ? { data, truncated: this.truncated } : { data, error, truncated: this.truncated };
  }

  /** Makes room for `extra` more bytes, growing up to the cap; false (and truncated) when over it. */
  private ensure(extra: number): boolean {
    const need = this.len + extra;
    if (need <= this.buf.length) return true;
    const capacity = Math.min(this.maxBytes, Math.max(need, this.buf.length * 2));
    if (capacity > this.buf.length) {
      const grown = new Uint8Array(capacity);
      grown.set(this.buf.subarray(0, this.len));
      this.buf = grown;
    }
    if (need <= this.buf.length) return true;
    this.truncated = true;
    return false;
  }
}

/**
 * A copy of `view` when it pins a much larger buffer (a grown BoundedOutput, zlib's 16 KiB chunks),
 * so the many small decoded streams of a document do not each hold a big allocation.
 */
export function compact(view: Uint8Array): Uint8Array {
  const spare = view.buffer.byteLength - view.byteLength;
  return spare > 4096 && spare > view.byteLength / 2 ? view.slice() : view;
}

/** White-space characters (ISO 32000 §7.2.3, Table 1): NUL, HT, LF, FF, CR, SP. */
export function isPdfWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}
