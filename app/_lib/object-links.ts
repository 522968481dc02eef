// Links into the object inspector (object-inspector.tsx): a finding's evidence names an object as
// "12 0 R", the inspector opens it from the page's hash "#object-12", so the link works from any part
// of the page, in a new tab and after a reload.
const HASH = /^#object-(\d{1,9})$/;

/** The object number of a reference as the report writes it ("12 0 R", "12 0"), or null. */
export function objectNumberOf(ref: string): number | null {
  const m = /^(\d{1,9}) \d{1,5}(?: R)?$/.exec(ref.trim());
  return m ? Number(m[1]) : null;
}

export const objectHash = (num: number): string => `#object-${num}`;

/** The object a page hash asks for ("#object-12"), or null. */
export function objectOfHash(hash: string): number | null {
  const m = HASH.exec(hash);
  return m ? Number(m[1]) : null;
}

/** Decoded stream bytes as inert text: tabs, line ends and printable Latin-1 kept, anything else a middle dot. */
export function printableBytes(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes)
    out +=
      b === 0x09 || b === 0x0a || (b >= 0x20 && b < 0x7f) || b >= 0xa0
        ? String.fromCharCode(b)
        : b === 0x0d
          ? "\n"
          : "·";
  return out;
}

export function base64Bytes(base64: string): Uint8Array {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}
