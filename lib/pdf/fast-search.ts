// Searching for a needle of seven or more characters. V8's string search (src/strings/string-search.h,
// which Node's Buffer search also uses) finds a needle of up to six characters by scanning for its
// first character (memchr) and switches to Boyer-Moore-Horspool for longer ones, which ran 4-10x slower
// on our texts: over ../shared/corpus's scripts, includes("Dictio") took 0.04 ms and
// includes("Diction") 0.4 ms; over its files, Buffer indexOf "tipart/" 0.6 ms and "ltipart/" 2.6 ms
// (2026-12-02, Node 20). So a long needle is looked for by its first six characters and the rest is
// compared where they occur.

const FAST_NEEDLE_LENGTH = 6;

/** buf.indexOf(needle, from) for `from` >= 0, by the fast search of the needle's head. */
export function indexOfBytes(buf: Buffer, needle: Uint8Array, from = 0): number {
  if (needle.length <= FAST_NEEDLE_LENGTH) return buf.indexOf(needle, from);
  const head = needle.subarray(0, FAST_NEEDLE_LENGTH);
  for (let at = buf.indexOf(head, from); at !== -1; at = buf.indexOf(head, at + 1)) {
    if (at + needle.length > buf.length) return -1;
    let k = FAST_NEEDLE_LENGTH;
    while (k < needle.length && buf[at + k] === needle[k]) k++;
    if (k === needle.length) return at;
  }
  return -1;
}

/** buf.includes(needle), as indexOfBytes. */
export function includesBytes(buf: Buffer, needle: Uint8Array): boolean {
  return indexOfBytes(buf, needle) !== -1;
}

/** text.indexOf(needle, from) for `from` >= 0, by the fast search of the needle's head. */
export function indexOfText(text: string, needle: string, from = 0): number {
  if (needle.length <= FAST_NEEDLE_LENGTH) return text.indexOf(needle, from);
  const head = needle.slice(0, FAST_NEEDLE_LENGTH);
  for (let at = text.indexOf(head, from); at !== -1; at = text.indexOf(head, at + 1)) {
    if (at + needle.length > text.length) return -1;
    if (text.startsWith(needle, at)) return at;
  }
  return -1;
}

/** text.includes(needle), as indexOfText. */
export function includesText(text: string, needle: string): boolean {
  return indexOfText(text, needle) !== -1;
}
