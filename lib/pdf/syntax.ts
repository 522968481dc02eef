// Byte classes of PDF syntax (ISO 32000-2 §7.2.3). Tables rather than branches: the lexer is the hot path.

export const WHITESPACE = new Uint8Array(256);
for (const c of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITESPACE[c] = 1;

export const DELIMITER = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIMITER[c.charCodeAt(0)] = 1;

/** whitespace or delimiter: ends a regular token */
export const TOKEN_END = new Uint8Array(256);
for (let c = 0; c < 256; c++) TOKEN_END[c] = WHITESPACE[c] | DELIMITER[c];

export const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

export function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

export const CH = {
  LF: 0x0a,
  CR: 0x0d,
  SPACE: 0x20,
  PERCENT: 0x25,
  LPAREN: 0x28,
  RPAREN: 0x29,
  SLASH: 0x2f,
  LT: 0x3c,
  GT: 0x3e,
  LBRACKET: 0x5b,
  RBRACKET: 0x5d,
  BACKSLASH: 0x5c,
  LBRACE: 0x7b,
  RBRACE: 0x7d,
  HASH: 0x23,
  PLUS: 0x2b,
  MINUS: 0x2d,
  DOT: 0x2e,
} as const;

/** Buffer view (no copy) so hot searches use the native indexOf. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
