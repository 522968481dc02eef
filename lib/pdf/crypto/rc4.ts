// RC4 (ISO 32000-2 §7.6.3, "V2" crypt method). OpenSSL 3 moved RC4 to its legacy provider, so Node's
// crypto cannot be relied on for it: a 20-line cipher is the dependable choice.

/**
 * The key schedule of the last key, reused while the key stays the same: the strings of one object
 * are decrypted one after another with the object's key, most of them a few bytes long, where the
 * schedule (256 swaps) costs more than the decryption.
 */
let lastKey: Uint8Array = new Uint8Array(0);
const lastSchedule = new Uint8Array(256);

function sameKey(key: Uint8Array): boolean {
  if (key.length !== lastKey.length || key.length === 0) return false;
  for (let i = 0; i < key.length; i++) if (key[i] !== lastKey[i]) return false;
  return true;
}

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  if (sameKey(key)) s.set(lastSchedule);
  else {
    for (let i = 0; i < 256; i++) s[i] = i;
    for (let i = 0, j = 0; i < 256; i++) {
      j = (j + s[i] + key[i % key.length]) & 0xff;
      const t = s[i];
      s[i] = s[j];
      s[j] = t;
    }
    lastKey = Uint8Array.from(key);
    lastSchedule.set(s);
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]) & 0xff;
    const t = s[i];
    s[i] = s[j];
    s[j] = t;
    out[k] = data[k] ^ s[(s[i] + s[j]) & 0xff];
  }
  return out;
}
