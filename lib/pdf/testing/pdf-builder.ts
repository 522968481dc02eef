// Test fixture builder: writes small PDFs in code (objects, streams, filters, xref tables or xref
// streams, object streams, incremental updates) so each test names the behaviour it shows.
// Test-only: nothing in the product imports this file.
import { deflateSync } from "node:zlib";

const enc = new TextEncoder();
export const bytes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff);
export const text = (b: Uint8Array): string => Buffer.from(b).toString("latin1");

interface PendingObject {
  num: number;
  gen: number;
  /** full body between "N G obj" and "endobj" */
  body: Uint8Array;
  /** pack into an object stream instead of writing at top level */
  inObjStm?: boolean;
  /** written as is between the objects, without `N G obj` (see addJunk) */
  junk?: boolean;
}

export interface BuildOptions {
  /** "table" (default), "stream" (cross-reference stream), or "none" (no xref: forces recovery) */
  xref?: "table" | "stream" | "none";
  /** header line; null writes no header */
  header?: string | null;
  /** bytes written before the header (e.g. junk to push the header off offset 0) */
  prefix?: string;
  /** bytes appended after %%EOF */
  suffix?: string;
  /** extra trailer entries, e.g. "/Encrypt 9 0 R" */
  trailerExtra?: string;
  /** write a deliberately wrong startxref offset */
  brokenStartxref?: boolean;
}

export class PdfBuilder {
  private objects: PendingObject[] = [];
  private nextNum = 1;
  root = 0;
  info = 0;

  /** Adds an object whose body is PDF syntax (e.g. "<< /Type /Catalog >>"); returns its number. */
  add(body: string, opts: { num?: number; gen?: number; inObjStm?: boolean } = {}): number {
    return this.addRaw(bytes(body), opts);
  }

  /** A number for an object added later with `{ num }` (a page tree its pages name as their parent). */
  reserve(): number {
    return this.nextNum++;
  }

  addRaw(body: Uint8Array, opts: { num?: number; gen?: number; inObjStm?: boolean } = {}): number {
    const num = opts.num ?? this.nextNum++;
    if (num >= this.nextNum) this.nextNum = num + 1;
    this.objects.push({ num, gen: opts.gen ?? 0, body, inObjStm: opts.inObjStm });
    return num;
  }

  /**
   * Writes raw bytes between the objects at this position, outside any object (e.g. a smuggled
   * payload). Not an object: it gets no number and no xref entry.
   */
  addJunk(data: Uint8Array | string): void {
    this.objects.push({ num: -1, gen: 0, body: typeof data === "string" ? bytes(data) : data, junk: true });
  }

  /** Adds a stream object. `data` is written as given (already encoded); `dict` holds extra entries. */
  addStream(dict: string, data: Uint8Array | string, opts: { num?: number; length?: number } = {}): number {
    const d = typeof data === "string" ? bytes(data) : data;
    const head = bytes(`<< ${dict} /Length ${opts.length ?? d.length} >>\nstream\n`);
    const tail = bytes("\nendstream");
    return this.addRaw(concat([head, d, tail]), { num: opts.num });
  }

  /** A Flate-compressed stream of `data`. */
  addFlateStream(dict: string, data: Uint8Array | string, opts: { num?: number } = {}): number {
    const d = typeof data === "string" ? bytes(data) : data;
    return this.addStream(`${dict} /Filter /FlateDecode`, new Uint8Array(deflateSync(d)), opts);
  }

  /** Catalog + one page tree with `pages` empty pages; sets root. Returns the catalog number. */
  addCatalog(catalogExtra = "", pages = 1, pageExtra = ""): number {
    const catalogNum = this.nextNum++;
    const pagesNum = this.nextNum++;
    const kids: number[] = [];
    for (let i = 0; i < pages; i++) {
      kids.push(this.add(`<< /Type /Page /Parent ${pagesNum} 0 R /MediaBox [0 0 612 792] ${pageExtra} >>`));
    }
    this.add(`<< /Type /Catalog /Pages ${pagesNum} 0 R ${catalogExtra} >>`, { num: catalogNum });
    this.add(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${pages} >>`, { num: pagesNum });
    this.root = catalogNum;
    return catalogNum;
  }

  build(opts: BuildOptions = {}): Uint8Array {
    const parts: Uint8Array[] = [];
    let pos = 0;
    const push = (b: Uint8Array) => {
      parts.push(b);
      pos += b.length;
    };
    if (opts.prefix) push(bytes(opts.prefix));
    if (opts.header !== null) push(bytes(`${opts.header ?? "%PDF-1.7"}\n%\xe2\xe3\xcf\xd3\n`));

    const offsets = new Map<number, { offset: number; gen: number } | { stm: number; index: number }>();
    const packed = this.objects.filter((o) => o.inObjStm);
    const loose = this.objects.filter((o) => !o.inObjStm);
    for (const o of loose) {
      if (o.junk) {
        push(o.body);
        continue;
      }
      offsets.set(o.num, { offset: pos, gen: o.gen });
      push(concat([bytes(`${o.num} ${o.gen} obj\n`), o.body, bytes("\nendobj\n")]));
    }
    if (packed.length) {
      const stmNum = this.nextNum++;
      let header = "";
      const bodies: Uint8Array[] = [];
      let off = 0;
      packed.forEach((o, index) => {
        header += `${o.num} ${off} `;
        bodies.push(o.body, bytes("\n"));
        off += o.body.length + 1;
        offsets.set(o.num, { stm: stmNum, index });
      });
      const first = header.length;
      const data = new Uint8Array(deflateSync(concat([bytes(header), ...bodies])));
      offsets.set(stmNum, { offset: pos, gen: 0 });
      push(
        concat([
          bytes(
            `${stmNum} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${first} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
          ),
          data,
          bytes("\nendstream\nendobj\n"),
        ]),
      );
    }

    const size = Math.max(0, ...offsets.keys()) + 1;
    const trailerDict = `/Size ${size}${this.root ? ` /Root ${this.root} 0 R` : ""}${this.info ? ` /Info ${this.info} 0 R` : ""} ${opts.trailerExtra ?? ""}`;
    const xrefMode = opts.xref ?? (packed.length ? "stream" : "table");
    const startxref = pos;
    if (xrefMode === "table") {
      let t = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
      for (let n = 1; n < size; n++) {
        const e = offsets.get(n);
        t +=
          e && "offset" in e
            ? `${String(e.offset).padStart(10, "0")} ${String(e.gen).padStart(5, "0")} n\r\n`
            : "0000000000 65535 f\r\n";
      }
      push(bytes(`${t}trailer\n<< ${trailerDict} >>\n`));
    } else if (xrefMode === "stream") {
      const xrefNum = size;
      offsets.set(xrefNum, { offset: pos, gen: 0 });
      const rows = new Uint8Array((size + 1) * 7);
      for (let n = 0; n <= size; n++) {
        const e = offsets.get(n);
        const r = n * 7;
        if (!e) rows.set([0, 0, 0, 0, 0, 0xff, 0xff], r);
        else if ("offset" in e)
          rows.set(
            [1, (e.offset >>> 24) & 255, (e.offset >>> 16) & 255, (e.offset >>> 8) & 255, e.offset & 255, 0, e.gen],
            r,
          );
        else rows.set([2, (e.stm >>> 24) & 255, (e.stm >>> 16) & 255, (e.stm >>> 8) & 255, e.stm & 255, 0, e.index], r);
      }
      const data = new Uint8Array(deflateSync(rows));
      const dict = trailerDict.replace(`/Size ${size}`, `/Size ${size + 1}`);
      push(
        concat([
          bytes(
            `${xrefNum} 0 obj\n<< /Type /XRef ${dict} /W [1 4 2] /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
          ),
          data,
          bytes("\nendstream\nendobj\n"),
        ]),
      );
    } else {
      push(bytes(`trailer\n<< ${trailerDict} >>\n`));
    }
    push(bytes(`startxref\n${opts.brokenStartxref ? startxref + 7 : startxref}\n%%EOF\n`));
    if (opts.suffix) push(bytes(opts.suffix));
    return concat(parts);
  }
}

/** Appends an incremental update (new/changed objects + xref section with /Prev) to an existing file. */
export function appendUpdate(
  base: Uint8Array,
  objects: { num: number; body: string }[],
  trailerExtra = "",
): Uint8Array {
  const baseText = text(base);
  const prevMatch = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(baseText);
  const prev = prevMatch ? Number(prevMatch[1]) : 0;
  const sizeMatch = /\/Size (\d+)/.exec(baseText.slice(prev));
  const rootMatch = /\/Root (\d+ \d+ R)/.exec(baseText.slice(prev));
  let pos = base.length;
  const parts: Uint8Array[] = [base];
  const offs: [number, number][] = [];
  for (const o of objects) {
    const b = bytes(`${o.num} 0 obj\n${o.body}\nendobj\n`);
    offs.push([o.num, pos]);
    parts.push(b);
    pos += b.length;
  }
  const size = Math.max(Number(sizeMatch?.[1] ?? 0), ...objects.map((o) => o.num + 1));
  let t = "xref\n";
  for (const [num, off] of offs) t += `${num} 1\n${String(off).padStart(10, "0")} 00000 n\r\n`;
  t += `trailer\n<< /Size ${size} /Prev ${prev}${rootMatch ? ` /Root ${rootMatch[1]}` : ""} ${trailerExtra} >>\nstartxref\n${pos}\n%%EOF\n`;
  parts.push(bytes(t));
  return concat(parts);
}

/**
 * `%PDF-1.7`, `body` written by hand, and an xref table whose entry for each number is the offset of
 * the first occurrence of its marker: for files the builder cannot lay out (an xref pointing inside
 * another object).
 */
export function withXref(body: string, markers: Record<number, string>): Uint8Array {
  const head = "%PDF-1.7\n";
  const size = Math.max(...Object.keys(markers).map(Number)) + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f\r\n`;
  for (let n = 1; n < size; n++) {
    const at = n in markers ? head.length + body.indexOf(markers[n]) : -1;
    xref += at >= 0 ? `${String(at).padStart(10, "0")} 00000 n\r\n` : "0000000000 65535 f\r\n";
  }
  return bytes(
    `${head}${body}${xref}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${head.length + body.length}\n%%EOF\n`,
  );
}

/** An XDP package (XFA 3.3 ch. 30) carrying `pdf` base64-encoded in <pdf><document><chunk>. */
export function wrapInXdp(pdf: Uint8Array, chunkSize = 76): Uint8Array {
  const b64 = Buffer.from(pdf).toString("base64");
  const lines = b64.match(new RegExp(`.{1,${chunkSize}}`, "g")) ?? [];
  return bytes(
    `<?xml version="1.0" encoding="UTF-8"?>\n<?xfa generator="pdfscan tests" APIVersion="3.3"?>\n<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/">\n` +
      `<pdf xmlns="http://ns.adobe.com/xdp/pdf/"><document><chunk>\n${lines.join("\n")}\n</chunk></document></pdf>\n</xdp:xdp>\n`,
  );
}

/**
 * Replaces each `from` by `to` of the same length, so the xref offsets stay right: how tests glue
 * tokens together (`"\nendobj\n"` -> `"  endobj"` glues the next header to endobj) or change EOLs.
 */
export function rewrite(pdf: Uint8Array, from: string, to: string): Uint8Array {
  if (from.length !== to.length) throw new Error(`rewrite must keep the length: '${from}' -> '${to}'`);
  return bytes(text(pdf).split(from).join(to));
}

/**
 * The file as an old Mac writer saves it: CR-only line ends. Xref entries keep their 20 bytes
 * (`n\r\n` becomes `n \r`, the spec's other two-byte EOL); every other LF becomes CR.
 */
export function crOnly(pdf: Uint8Array): Uint8Array {
  return rewrite(rewrite(pdf, "\r\n", " \r"), "\n", "\r");
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(total);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export const utf8 = (s: string): Uint8Array => enc.encode(s);

/** PDF hex string body of text, e.g. for /JS <...> obfuscation tests. */
export const hexString = (s: string): string => `<${Buffer.from(s, "latin1").toString("hex")}>`;
