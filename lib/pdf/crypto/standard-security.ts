// The standard security handler (ISO 32000-2 §7.6.4): derives the file key from the empty user
// password, as a reader does when a document opens without asking, or from a password the analyst
// gives (the user password, or the owner password: Algorithms 7 and 12), and decrypts strings and
// streams. Revisions 2-4 (RC4 40-128, AES-128) and 5-6 (AES-256, including PDF 2.0's Algorithm 2.B).
// A password is only ever an argument here: nothing keeps or reports it.
import { createCipheriv, createDecipheriv, createHash } from "node:crypto";
import { PdfDict, PdfName, PdfString, type PdfObject } from "../objects";
import { rc4, rc4Schedule, rc4WithSchedule } from "./rc4";

/** Algorithm 2 step a: the 32-byte padding string. */
const PAD = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00,
  0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c, 0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

export type CryptMethod = "none" | "rc4" | "aes128" | "aes256";

export interface SecurityHandler {
  revision: number;
  keyLength: number;
  filters: CryptFilters;
  /**
   * Decrypts the data of object num/gen with the given method. With `prefixBytes`, at least that many
   * first plaintext bytes (all of them when the data is shorter): what a head decode sniffs, without
   * decrypting a whole stream for it.
   */
  decrypt(data: Uint8Array, num: number, gen: number, method: CryptMethod, prefixBytes?: number): Uint8Array;
}

/** Which password opened the document: none was needed, or the one given, as user or as owner password. */
export type OpenedWith = "empty-password" | "user-password" | "owner-password";

export type SecuritySetup =
  | { ok: true; handler: SecurityHandler; openedWith: OpenedWith }
  | {
      ok: false;
      reason: "password-required" | "unsupported";
      message: string;
      /** the standard handler's crypt filters, read without a key: what they leave in the clear is readable */
      filters?: CryptFilters;
    };

/**
 * What the /Encrypt dictionary's crypt filters apply (ISO 32000-2 §7.6.5), known without any key. A
 * filter named /Identity (the default of each entry) leaves its objects in the clear: an encrypted
 * document may keep its strings, its streams or all but its attachments readable to anyone.
 */
export interface CryptFilters {
  /** /StmF: streams */
  streams: CryptMethod;
  /** /StrF: strings */
  strings: CryptMethod;
  /** /EFF: embedded file streams (default /StmF) */
  files: CryptMethod;
  /** the filter a stream names in its own /Crypt filter (§7.4.10): /Identity or an entry of /CF */
  named(name: string): CryptMethod;
}

const md5 = (...parts: Uint8Array[]) => {
  const h = createHash("md5");
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};
const bytesOf = (o: PdfObject | undefined): Uint8Array => (o instanceof PdfString ? o.bytes : new Uint8Array(0));
const num = (o: PdfObject | undefined, dflt: number) => (typeof o === "number" ? o : dflt);

/**
 * Opens the handler with the empty user password, else with `password` as the user password, then as
 * the owner password. `resolve` follows references; `fileId` is the first element of the trailer's /ID.
 */
export function openStandardSecurity(
  enc: PdfDict,
  fileId: Uint8Array,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
  password?: string,
): SecuritySetup {
  const filter = resolve(enc.get("Filter"));
  if (!(filter instanceof PdfName) || filter.name !== "Standard") {
    return {
      ok: false,
      reason: "unsupported",
      message: `security handler ${filter instanceof PdfName ? filter.name : "?"} is not the standard one`,
    };
  }
  const v = num(resolve(enc.get("V")), 0);
  const r = num(resolve(enc.get("R")), 2);
  const o = bytesOf(resolve(enc.get("O")));
  const u = bytesOf(resolve(enc.get("U")));
  const p = num(resolve(enc.get("P")), 0);
  const encryptMetadata = resolve(enc.get("EncryptMetadata")) !== false;
  const { filters, rc4KeyBytes } = cryptFilters(enc, resolve);
  let keyLength =
    v === 1 ? 5 : (rc4KeyBytes ?? Math.max(5, Math.min(16, Math.floor(num(resolve(enc.get("Length")), 40) / 8))));
  let key: Uint8Array | null;
  let openedWith: OpenedWith = "empty-password";
  if (r >= 5) {
    const ue = bytesOf(resolve(enc.get("UE")));
    const oe = bytesOf(resolve(enc.get("OE")));
    key = aes256UserKey(r, u, ue, new Uint8Array(0));
    if (!key && password !== undefined) {
      const pw = aes256Password(password);
      if ((key = aes256UserKey(r, u, ue, pw))) openedWith = "user-password";
      else if ((key = aes256OwnerKey(r, o, u, oe, pw))) openedWith = "owner-password";
    }
    keyLength = 32;
  } else {
    if (filters.streams === "aes128" || filters.strings === "aes128") keyLength = 16;
    const legacy = (padded: Uint8Array) => legacyKey(r, keyLength, o, p, fileId, encryptMetadata, u, padded);
    key = legacy(PAD);
    if (!key && password !== undefined) {
      const padded = padPassword(password);
      if ((key = legacy(padded))) openedWith = "user-password";
      else if ((key = legacy(userPasswordFromOwner(r, keyLength, o, padded)))) openedWith = "owner-password";
    }
  }
  if (!key)
    return {
      ok: false,
      reason: "password-required",
      filters,
      message:
        password === undefined
          ? "the document needs a user password to open"
          : "the password given does not open the document",
    };
  const fileKey = key;
  // the strings of one object are decrypted one after another: its key is derived once (an MD5 each),
  // and for RC4 its key schedule too
  let last: { n: number; g: number; aes: boolean; key: Uint8Array; schedule?: Uint8Array } = {
    n: -1,
    g: -1,
    aes: false,
    key: fileKey,
  };
  const keyOf = (n: number, g: number, aes: boolean) => {
    if (last.n !== n || last.g !== g || last.aes !== aes) last = { n, g, aes, key: objectKey(fileKey, n, g, aes) };
    return last;
  };
  return {
    ok: true,
    openedWith,
    handler: {
      revision: r,
      keyLength,
      filters,
      decrypt(data, n, g, method, prefixBytes) {
        if (method === "none") return data;
        if (method === "aes256") return aesDecrypt("aes-256-cbc", fileKey, data, prefixBytes);
        const object = keyOf(n, g, method === "aes128");
        if (method === "aes128") return aesDecrypt("aes-128-cbc", object.key, data, prefixBytes);
        // RC4 is a stream cipher: a prefix of the data decrypts to the same prefix of the plaintext
        object.schedule ??= rc4Schedule(object.key);
        return rc4WithSchedule(object.schedule, prefixBytes === undefined ? data : data.subarray(0, prefixBytes));
      },
    },
  };
}

/**
 * The crypt filters of an /Encrypt dictionary. Before V 4 one method (RC4) covers all; from V 4 each
 * entry names a filter of /CF (§7.6.5). `rc4KeyBytes`: the key length an RC4 filter declares (the last of
 * /StmF and /StrF), which replaces the dictionary's /Length.
 */
export function cryptFilters(
  enc: PdfDict,
  resolve: (o: PdfObject | undefined) => PdfObject | undefined,
): { filters: CryptFilters; rc4KeyBytes: number | undefined } {
  if (num(resolve(enc.get("V")), 0) < 4) {
    const named = (name: string): CryptMethod => (name === "Identity" ? "none" : "rc4");
    return { filters: { streams: "rc4", strings: "rc4", files: "rc4", named }, rc4KeyBytes: undefined };
  }
  const cf = resolve(enc.get("CF"));
  const filterDictOf = (name: string) => {
    const d = cf instanceof PdfDict ? resolve(cf.get(name)) : undefined;
    return d instanceof PdfDict ? d : undefined;
  };
  let rc4KeyBytes: number | undefined;
  const named = (name: string): CryptMethod => {
    if (name === "Identity") return "none";
    const cfm = resolve(filterDictOf(name)?.get("CFM"));
    if (cfm instanceof PdfName && cfm.name === "AESV2") return "aes128";
    if (cfm instanceof PdfName && cfm.name === "AESV3") return "aes256";
    if (cfm instanceof PdfName && cfm.name === "None") return "none";
    return "rc4";
  };
  const methodOf = (entry: string): CryptMethod => {
    const n = resolve(enc.get(entry));
    if (!(n instanceof PdfName)) return "none";
    const method = named(n.name);
    if (method === "rc4") {
      // /Length of a crypt filter is in bits per the spec, in bytes in many writers: accept both
      const len = num(resolve(filterDictOf(n.name)?.get("Length")), 16);
      rc4KeyBytes = Math.max(5, Math.min(16, len > 16 ? Math.floor(len / 8) : len));
    }
    return method;
  };
  const streams = methodOf("StmF");
  const strings = methodOf("StrF");
  const eff = resolve(enc.get("EFF"));
  const files = eff instanceof PdfName ? named(eff.name) : streams;
  return { filters: { streams, strings, files, named }, rc4KeyBytes };
}

/** Algorithm 2 step a: the password's bytes (PDFDocEncoding, taken as Latin-1), cut or padded to 32. */
function padPassword(password: string): Uint8Array {
  const bytes = Uint8Array.from(password.slice(0, 32), (c) => c.charCodeAt(0) & 0xff);
  const out = new Uint8Array(32);
  out.set(bytes);
  out.set(PAD.subarray(0, 32 - bytes.length), bytes.length);
  return out;
}

/** Algorithm 2.A step a: the password as UTF-8 (SASLprep approximated by NFKC), at most 127 bytes. */
function aes256Password(password: string): Uint8Array {
  return new Uint8Array(Buffer.from(password.normalize("NFKC"), "utf8").subarray(0, 127));
}

/** Algorithm 7 (owner password authentication, R2-4): /O decrypted with the owner key is the padded user password. */
function userPasswordFromOwner(r: number, n: number, o: Uint8Array, ownerPadded: Uint8Array): Uint8Array {
  let key = md5(ownerPadded);
  if (r >= 3) for (let i = 0; i < 50; i++) key = md5(key);
  key = key.subarray(0, r === 2 ? 5 : n);
  if (r === 2) return rc4(key, o.subarray(0, 32));
  let x = o.subarray(0, 32);
  for (let i = 19; i >= 0; i--)
    x = rc4(
      key.map((b) => b ^ i),
      x,
    );
  return x;
}

/** Algorithm 2 (key from a padded password) checked by Algorithms 4/5 (user password validation). */
function legacyKey(
  r: number,
  n: number,
  o: Uint8Array,
  p: number,
  id: Uint8Array,
  encryptMetadata: boolean,
  u: Uint8Array,
  padded: Uint8Array,
): Uint8Array | null {
  const pBytes = new Uint8Array([p & 0xff, (p >>> 8) & 0xff, (p >>> 16) & 0xff, (p >>> 24) & 0xff]);
  const parts = [padded, o.subarray(0, 32), pBytes, id];
  if (r >= 4 && !encryptMetadata) parts.push(new Uint8Array([0xff, 0xff, 0xff, 0xff]));
  let key = md5(...parts).subarray(0, n);
  if (r >= 3) for (let i = 0; i < 50; i++) key = md5(key).subarray(0, n);
  if (r === 2) return equal(rc4(key, PAD), u.subarray(0, 32)) ? key : null;
  let x = rc4(key, md5(PAD, id));
  for (let i = 1; i <= 19; i++)
    x = rc4(
      key.map((b) => b ^ i),
      x,
    );
  return equal(x.subarray(0, 16), u.subarray(0, 16)) ? key : null;
}

/** Algorithm 1: the per-object key (with "sAlT" for AES). */
function objectKey(fileKey: Uint8Array, n: number, g: number, aes: boolean): Uint8Array {
  const extra = new Uint8Array([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, g & 0xff, (g >> 8) & 0xff]);
  const salt = aes ? new Uint8Array([0x73, 0x41, 0x6c, 0x54]) : new Uint8Array(0);
  return md5(fileKey, extra, salt).subarray(0, Math.min(fileKey.length + 5, 16));
}

/** The hash of Algorithm 2.A: SHA-256 of password, salt and user data (R5), or Algorithm 2.B (R6). */
function aes256Hash(r: number, password: Uint8Array, salt: Uint8Array, udata: Uint8Array): Uint8Array {
  return r >= 6
    ? hash2B(password, salt, udata)
    : new Uint8Array(createHash("sha256").update(password).update(salt).update(udata).digest());
}

/** Algorithms 2.A/11 (R5/R6): validate a user password, then unwrap /UE into the file key. */
function aes256UserKey(r: number, u: Uint8Array, ue: Uint8Array, password: Uint8Array): Uint8Array | null {
  if (u.length < 48 || ue.length < 32) return null;
  const none = new Uint8Array(0);
  if (!equal(aes256Hash(r, password, u.subarray(32, 40), none), u.subarray(0, 32))) return null;
  return unwrapKey(aes256Hash(r, password, u.subarray(40, 48), none), ue);
}

/** Algorithms 2.A/12 (R5/R6): validate an owner password (hashed with the 48 bytes of /U), then unwrap /OE. */
function aes256OwnerKey(
  r: number,
  o: Uint8Array,
  u: Uint8Array,
  oe: Uint8Array,
  password: Uint8Array,
): Uint8Array | null {
  if (o.length < 48 || u.length < 48 || oe.length < 32) return null;
  const udata = u.subarray(0, 48);
  if (!equal(aes256Hash(r, password, o.subarray(32, 40), udata), o.subarray(0, 32))) return null;
  return unwrapKey(aes256Hash(r, password, o.subarray(40, 48), udata), oe);
}

/** The file key: /UE or /OE decrypted with AES-256, no IV, no padding. */
function unwrapKey(intermediate: Uint8Array, wrapped: Uint8Array): Uint8Array {
  const d = createDecipheriv("aes-256-cbc", intermediate, new Uint8Array(16));
  d.setAutoPadding(false);
  return new Uint8Array(Buffer.concat([d.update(wrapped.subarray(0, 32)), d.final()]));
}

/** Algorithm 2.B (ISO 32000-2 §7.6.4.3.4): the PDF 2.0 iterated hash. */
function hash2B(password: Uint8Array, salt: Uint8Array, udata: Uint8Array): Uint8Array {
  let k = new Uint8Array(createHash("sha256").update(password).update(salt).update(udata).digest());
  for (let round = 0; ; round++) {
    const block = Buffer.concat([password, k, udata]);
    // 64 repetitions of the block: one allocation filled with the pattern
    const k1 = Buffer.alloc(64 * block.length, block);
    const c = createCipheriv("aes-128-cbc", k.subarray(0, 16), k.subarray(16, 32));
    c.setAutoPadding(false);
    const e = Buffer.concat([c.update(k1), c.final()]);
    let mod = 0;
    for (let i = 0; i < 16; i++) mod = (mod * 256 + e[i]) % 3;
    const algo = mod === 0 ? "sha256" : mod === 1 ? "sha384" : "sha512";
    k = new Uint8Array(createHash(algo).update(e).digest());
    // stop after at least 64 rounds once the last byte of E is <= (rounds done) - 32
    if (round >= 63 && e[e.length - 1] <= round + 1 - 32) break;
  }
  return k.subarray(0, 32);
}

/**
 * AES-CBC with the IV in the first 16 bytes and PKCS#5 padding; a bad pad keeps the raw plaintext.
 * With `prefixBytes`, only the blocks that hold them are decrypted when the data has more (CBC
 * decrypts each block from itself and the one before; the padding is only at the very end).
 */
function aesDecrypt(
  algo: "aes-128-cbc" | "aes-256-cbc",
  key: Uint8Array,
  data: Uint8Array,
  prefixBytes?: number,
): Uint8Array {
  if (data.length < 32 || data.length % 16 !== 0) {
    if (data.length < 16) return new Uint8Array(0);
    data = data.subarray(0, 16 + Math.floor((data.length - 16) / 16) * 16);
    if (data.length === 16) return new Uint8Array(0);
  }
  const prefixEnd = prefixBytes === undefined ? data.length : 16 + Math.max(1, Math.ceil(prefixBytes / 16)) * 16;
  if (prefixEnd < data.length) {
    const head = createDecipheriv(algo, key, data.subarray(0, 16));
    head.setAutoPadding(false);
    return new Uint8Array(Buffer.concat([head.update(data.subarray(16, prefixEnd)), head.final()]));
  }
  const d = createDecipheriv(algo, key, data.subarray(0, 16));
  d.setAutoPadding(false);
  const plain = Buffer.concat([d.update(data.subarray(16)), d.final()]);
  const pad = plain[plain.length - 1];
  if (pad >= 1 && pad <= 16 && plain.subarray(plain.length - pad).every((b) => b === pad))
    return new Uint8Array(plain.subarray(0, plain.length - pad));
  return new Uint8Array(plain);
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
