// Text that is an encoded payload rather than language: long, unbroken runs of hex/base64/%-escaped
// characters. Exploit kits store their shellcode or script in annotation and metadata fields and read
// it back with getAnnots()/info, so no script in the file looks suspicious on its own.

/** thresholds, not budgets: a payload is at least this long, and judged on its first SAMPLE_CHARS */
export const MIN_PAYLOAD_CHARS = 1024;
const SAMPLE_CHARS = 64 * 1024;

/** Long, unbroken runs of encoded characters: no natural-language text looks like this. */
export function looksEncoded(text: string): boolean {
  if (text.length < MIN_PAYLOAD_CHARS) return false;
  const sample = text.slice(0, SAMPLE_CHARS);
  let spaces = 0;
  let alnum = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) spaces++;
    else if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 37) alnum++;
  }
  return spaces / sample.length < 0.01 && alnum / sample.length > 0.85;
}
