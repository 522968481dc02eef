// The PDF object model (ISO 32000-2 §7.3). Plain classes so `instanceof` discriminates cheaply;
// JS `null`, `boolean` and `number` stand for the PDF null, boolean and numeric objects.

/** A name object. `name` is the normalised form with `#xx` escapes decoded (§7.3.5). */
export class PdfName {
  constructor(
    readonly name: string,
    /** true when the source spelled the name with `#xx` escapes: an obfuscation signal */
    readonly escaped = false,
    /** the name as written in the file, without the leading slash */
    readonly raw: string = name,
  ) {}
  toString(): string {
    return `/${this.name}`;
  }
}

/** A literal `( )` or hexadecimal `< >` string; bytes as decoded from the source syntax. */
export class PdfString {
  constructor(
    readonly bytes: Uint8Array,
    readonly hex = false,
  ) {}
  private decoded: string | undefined;
  /**
   * Text per §7.9.2.2: UTF-16BE with BOM, UTF-8 with BOM, else byte-per-char (PDFDocEncoding ~ Latin-1).
   * Decoded once: a script string is read by the action, name-tree and index walks, and a 800 KB one
   * decoded at each read was a tenth of a dropper's fast stage.
   */
  get text(): string {
    return (this.decoded ??= decodePdfText(this.bytes));
  }
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  get key(): string {
    return refKey(this.num, this.gen);
  }
  toString(): string {
    return refString(this.num, this.gen);
  }
}

export class PdfDict {
  /**
   * `shadowed`: keys the dictionary gave more than once, whose later value `entries` keeps (readers
   * read the later one, as pdf.js does; §7.3.7 leaves it undefined). Text injected into a generated
   * document's string ends that string and gives a key of its own: a second /S or /A.
   */
  constructor(
    readonly entries: Map<string, PdfObject> = new Map(),
    readonly shadowed?: readonly string[],
  ) {}
  get(key: string): PdfObject | undefined {
    return this.entries.get(key);
  }
  has(key: string): boolean {
    return this.entries.has(key);
  }
  get size(): number {
    return this.entries.size;
  }
}

/** A stream: its dictionary and where its raw (still encoded) data sits in the file or parent buffer. */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    /** raw encoded bytes (a view into the source buffer) */
    readonly raw: Uint8Array,
    /** offset of the first data byte in the source file (-1 when inside a decoded buffer) */
    readonly dataOffset: number,
  ) {}
}

/** A bare keyword where an object was expected (e.g. a stray operator): kept as data, not thrown. */
export class PdfKeyword {
  constructor(readonly value: string) {}
}

export type PdfObject =
  null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfStream | PdfKeyword | PdfObject[];

export function refKey(num: number, gen: number): string {
  return `${num} ${gen}`;
}

/** An object reference as PDF writes it ("12 0 R"): how facts and findings name an object. */
export function refString(num: number, gen: number): string {
  return `${num} ${gen} R`;
}

export function isName(o: unknown, name?: string): o is PdfName {
  return o instanceof PdfName && (name === undefined || o.name === name);
}

/** The dictionary of a dict or a stream, else undefined. */
export function dictOf(o: PdfObject | undefined): PdfDict | undefined {
  if (o instanceof PdfDict) return o;
  if (o instanceof PdfStream) return o.dict;
  return undefined;
}

const utf8 = new TextDecoder("utf-8", { fatal: false });
const utf16be = new TextDecoder("utf-16be", { fatal: false });

export function decodePdfText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return utf16be.decode(bytes.subarray(2));
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return utf8.decode(bytes.subarray(3));
  return latin1(bytes);
}

/** Bytes to a string one char per byte (native latin1 decoding, no intermediate arrays). */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1", start, end);
}
