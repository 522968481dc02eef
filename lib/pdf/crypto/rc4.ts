// RC4 (ISO 32000-2 §7.6.3, "V2" crypt method). OpenSSL 3 moved RC4 to its legacy provider, so Node's
// crypto cannot be relied on for it: a 20-line cipher is the dependable choice.

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  return rc4WithSchedule(rc4Schedule(key), data);
}

/**
 * The state after the key schedule (256 swaps). The strings of one object share its key, most of them
 * a few bytes long, where the schedule costs more than the decryption: the caller keeps it per key.
 */
export function rc4Schedule(key: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i] + key[i % key.length]) & 0xff;
    const t = s[i];
    s[i] = s[j];
    s[j] = t;
  }
  return s;
}

/** RC4 of `data` from a key schedule, which is left as it was. */
export function rc4WithSchedule(schedule: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Uint8Array.from(schedule);
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
