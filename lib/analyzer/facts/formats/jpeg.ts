// The Huffman tables of a JPEG (DCTDecode) image, checked the way libjpeg checks them before decoding
// (jdhuff.c, jpeg_make_d_derived_tbl: "Bogus Huffman table definition"): at most 256 symbols, and no
// more codes of each length than the code space holds. A table that over-fills it is how image-stream
// overflows write past a reader's fixed-size arrays: Metasploit's coolpdf_image_stream_bof (Cool PDF
// Reader, CVE-2012-4914) and documalis_pdf_editor_and_scanner (2020) both give 84 one-bit codes, then
// the exception handler and shellcode. Only the segments before the first scan are read.

export interface JpegHuffmanProblem {
  /** byte offset of the DHT segment's marker in the image */
  offset: number;
  problem: string;
}

const SOI = 0xd8;
const SOS = 0xda;
const EOI = 0xd9;
const DHT = 0xc4;
/** markers without a length: RSTn, TEM */
const standalone = (m: number) => (m >= 0xd0 && m <= 0xd7) || m === 0x01;

/**
 * The first table of the image's DHT segments that no decoder accepts; null for valid tables or data
 * that is not a JPEG; "unread" when the headers run past `bytes` (a head of the image) or past
 * `maxSegments` markers before the first scan (the caller reports its budget; never a finding).
 */
export function jpegHuffmanProblem(bytes: Uint8Array, maxSegments: number): JpegHuffmanProblem | "unread" | null {
  if (bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  let i = 2;
  for (let segments = 0; ; segments++) {
    if (segments >= maxSegments || i + 4 > bytes.length) return "unread";
    if (bytes[i] !== 0xff) return null;
    // fill bytes: any number of 0xFF before a marker
    while (i + 1 < bytes.length && bytes[i + 1] === 0xff) i++;
    const marker = bytes[i + 1];
    if (marker === SOS || marker === EOI) return null;
    if (standalone(marker)) {
      i += 2;
      continue;
    }
    const length = (bytes[i + 2] << 8) | bytes[i + 3];
    if (length < 2) return null;
    const end = i + 2 + length;
    if (end > bytes.length) return "unread";
    if (marker === DHT) {
      const problem = tableProblem(bytes.subarray(i + 4, end));
      if (problem) return { offset: i, problem };
    }
    i = end;
  }
}

/** What is wrong with the tables of one DHT segment's payload (ITU T.81 B.2.4.2), or null. */
function tableProblem(seg: Uint8Array): string | null {
  for (let p = 0; p < seg.length;) {
    if (p + 17 > seg.length) return "a table's 16 code counts run past its segment";
    const klass = seg[p] >> 4;
    const id = seg[p] & 0x0f;
    if (klass > 1 || id > 3) return `table class ${klass}, destination ${id} (only 0-1 and 0-3 exist)`;
    let symbols = 0;
    let codes = 0;
    for (let length = 1; length <= 16; length++) {
      const count = seg[p + length];
      symbols += count;
      codes += count;
      if (codes > 2 ** length)
        return `${count} codes of ${length} bit${length > 1 ? "s" : ""} over-fill the code space (at most ${2 ** length - (codes - count)})`;
      codes *= 2;
    }
    if (symbols > 256) return `${symbols} symbols (a table holds at most 256)`;
    p += 17 + symbols;
    if (p > seg.length) return `${symbols} symbols run past the segment`;
  }
  return null;
}
