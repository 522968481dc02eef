// Test-only: attachments built in code (PE, ELF, zip, OOXML with a VBA project, OLE with VBA
// storages, scripts, nested PDFs) and a deep pipeline that wires analyzeEmbeddedFiles and the
// advanced rules the way the deep analyzer does, recursion included. Nothing in the product imports it.
import { crc32 } from "node:zlib";
import { resolveLimits, type Limits, defaultBudget } from "../../../limits";
import { readPdf } from "../../../pdf/document";
import { PdfBuilder, bytes, concat, hexString } from "../../../pdf/testing/pdf-builder";
import { analyzeFast, toFinding } from "../../analyze";
import { collectFacts } from "../../facts/document-facts";
import type { Finding, Summary } from "../../report";
import { embeddedArchiveWithExecutable } from "../../rules/embedded-archive-executable";
import { embeddedNestedPdfMalicious, embeddedNestedPdfSuspicious } from "../../rules/embedded-nested-pdf";
import { portfolioDocument } from "../../rules/embedded-portfolio";
import { embeddedScriptContent } from "../../rules/embedded-script-content";
import { embeddedTypeMismatch } from "../../rules/embedded-type-mismatch";
import type { Rule } from "../../rules/rule";
import { scoreFindings } from "../../score";
import { unwrapXdp } from "../../xdp";
import { analyzeEmbeddedFiles, type EmbeddedFilesResult } from "../../deep/analyze-embedded-files";

export const ADVANCED_EMBEDDED_RULES: readonly Rule[] = [
  embeddedNestedPdfMalicious,
  embeddedNestedPdfSuspicious,
  embeddedArchiveWithExecutable,
  portfolioDocument,
  embeddedTypeMismatch,
  embeddedScriptContent,
];

/** A PE with a DOS stub and an i386 PE header at e_lfanew 0x40. */
export const PE_FILE: Uint8Array = (() => {
  const b = new Uint8Array(0x200);
  b.set(bytes("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), 0);
  new DataView(b.buffer).setUint32(0x3c, 0x80, true);
  b.set(bytes("This program cannot be run in DOS mode.\r\r\n$"), 0x4e);
  b.set(bytes("PE\x00\x00\x4c\x01\x03\x00"), 0x80);
  return b;
})();

/** An x86-64 ELF header. */
export const ELF_FILE: Uint8Array = concat([
  Uint8Array.of(0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0),
  new Uint8Array(8),
  Uint8Array.of(2, 0, 0x3e, 0, 1, 0, 0, 0),
  new Uint8Array(104),
]);

export interface ZipMember {
  name: string;
  data: Uint8Array | string;
  /** sets the "encrypted" flag (the data is stored as given) */
  encrypted?: boolean;
}

/** A zip with stored (uncompressed) members, local headers, central directory and EOCD (APPNOTE 4.3). */
export function makeZip(members: ZipMember[]): Uint8Array {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const m of members) {
    const data = typeof m.data === "string" ? bytes(m.data) : m.data;
    const name = Buffer.from(m.name, "utf8");
    const crc = crc32(data);
    const flags = (m.encrypted ? 1 : 0) | 0x800;
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, flags, true);
    lv.setUint32(14, crc, true);
    lv.setUint32(18, data.length, true);
    lv.setUint32(22, data.length, true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, flags, true);
    cv.setUint32(16, crc, true);
    cv.setUint32(20, data.length, true);
    cv.setUint32(24, data.length, true);
    cv.setUint16(28, name.length, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, data);
    centrals.push(central);
    offset += local.length + data.length;
  }
  const cd = concat(centrals);
  const eocd = new Uint8Array(22);
  const ev = new DataView(eocd.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, members.length, true);
  ev.setUint16(10, members.length, true);
  ev.setUint32(12, cd.length, true);
  ev.setUint32(16, offset, true);
  return concat([...locals, cd, eocd]);
}

/** RAR 5 variable-length integer (7 bits a byte, low first). */
function rarVint(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
const le32 = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const rar5Block = (body: number[]) => {
  const size = rarVint(body.length);
  return [...le32(crc32(Uint8Array.from([...size, ...body]))), ...size, ...body];
};

/**
 * A RAR 5 archive of stored members (RARLAB's "RAR 5.0 archive format"; unrar lists it). `encrypted`
 * adds a file-encryption record (the data is stored as given); `headersEncrypted` writes the archive
 * encryption header rar -hp puts first, after which nothing can be read without the password.
 */
export function makeRar5(members: ZipMember[], opts: { headersEncrypted?: boolean } = {}): Uint8Array {
  const out = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00];
  if (opts.headersEncrypted) out.push(...rar5Block([4, 0, 0, 0, 15, ...new Array<number>(16).fill(7)]));
  out.push(...rar5Block([1, 0, 0]));
  for (const m of members) {
    const data = [...(typeof m.data === "string" ? bytes(m.data) : m.data)];
    const name = [...Buffer.from(m.name, "utf8")];
    // file encryption record: version 0, flags 0, KDF count, salt, IV
    const record = m.encrypted ? [1, 0, 0, 15, ...new Array<number>(32).fill(1)] : [];
    const extra = record.length ? [...rarVint(record.length), ...record] : [];
    const fields = [0x04, ...rarVint(data.length), 0x20, ...le32(crc32(Uint8Array.from(data))), 0, 0];
    const head = [2, extra.length ? 0x03 : 0x02, ...(extra.length ? rarVint(extra.length) : [])];
    out.push(...rar5Block([...head, ...rarVint(data.length), ...fields, ...rarVint(name.length), ...name, ...extra]));
    out.push(...data);
  }
  out.push(...rar5Block([5, 0, 0]));
  return Uint8Array.from(out);
}

/** A RAR 1.5-4.x archive of stored members (unrar's headers.hpp); `headersEncrypted` sets the main header's password flag. */
export function makeRar4(members: ZipMember[], opts: { headersEncrypted?: boolean } = {}): Uint8Array {
  const le16 = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
  // HEAD_CRC: the low 16 bits of the CRC32 of the header from HEAD_TYPE on
  const block = (type: number, flags: number, rest: number[]) => {
    const head = [type, ...le16(flags), ...le16(7 + rest.length), ...rest];
    return [...le16(crc32(Uint8Array.from(head)) & 0xffff), ...head];
  };
  const out = [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00];
  out.push(...block(0x73, opts.headersEncrypted ? 0x0080 : 0, [0, 0, 0, 0, 0, 0]));
  for (const m of members) {
    const data = [...(typeof m.data === "string" ? bytes(m.data) : m.data)];
    const name = [...Buffer.from(m.name, "latin1")];
    const sizes = [...le32(data.length), ...le32(data.length)];
    const fixed = [...sizes, 2, ...le32(crc32(Uint8Array.from(data))), 0, 0, 0x21, 0, 29, 0x30, ...le16(name.length)];
    out.push(...block(0x74, 0x8000 | (m.encrypted ? 0x0004 : 0), [...fixed, ...le32(0x20), ...name]), ...data);
  }
  out.push(...block(0x7b, 0x4000, []));
  return Uint8Array.from(out);
}

const CONTENT_TYPES = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${main}" ContentType="${main.startsWith("word") ? "application/vnd.ms-word.document.macroEnabled.main+xml" : "application/vnd.ms-excel.sheet.macroEnabled.main+xml"}"/></Types>`;

/** A macro-enabled OOXML package (.docm or .xlsm) with a vbaProject.bin part. */
export function macroOoxml(kind: "docm" | "xlsm"): Uint8Array {
  const main = kind === "docm" ? "word/document.xml" : "xl/workbook.xml";
  const dir = kind === "docm" ? "word" : "xl";
  return makeZip([
    { name: "[Content_Types].xml", data: CONTENT_TYPES(main) },
    {
      name: "_rels/.rels",
      data: '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
    },
    { name: main, data: '<?xml version="1.0"?><document/>' },
    {
      name: `${dir}/vbaProject.bin`,
      data: concat([Uint8Array.of(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1), new Uint8Array(56)]),
    },
  ]);
}

/** A compound file (OLE2) whose directory holds the VBA storages of a macro document (MS-OVBA 2.2). */
export function oleWithVba(): Uint8Array {
  const sector = 512;
  const file = new Uint8Array(sector * 4);
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], 0);
  const dv = new DataView(file.buffer);
  dv.setUint16(0x18, 0x3e, true); // minor version
  dv.setUint16(0x1a, 3, true); // major version 3: 512-byte sectors
  dv.setUint16(0x1c, 0xfffe, true); // little-endian
  dv.setUint16(0x1e, 9, true); // sector shift
  dv.setUint32(0x30, 1, true); // first directory sector
  const names = ["Root Entry", "Macros", "VBA", "_VBA_PROJECT", "PROJECT"];
  names.forEach((n, i) => {
    const at = sector * 2 + i * 128;
    file.set(Buffer.from(n, "utf16le"), at);
    dv.setUint16(at + 64, (n.length + 1) * 2, true);
    file[at + 66] = i === 0 ? 5 : i < 3 ? 1 : 2;
  });
  return file;
}

/** A small SWF (uncompressed, "FWS") whose tag data carries `names` as ActionScript constant-pool text. */
export function makeSwf(names: string[]): Uint8Array {
  const body = bytes(`\x00\x00\x00\x00DoABC\x00${names.join("\x00")}\x00`);
  const head = bytes("FWS\x0a");
  const len = new Uint8Array(4);
  new DataView(len.buffer).setUint32(0, 8 + body.length, true);
  return concat([head, len, body]);
}

export interface Attachment {
  name: string;
  data: Uint8Array | string;
  /** declared MIME type as a PDF name, e.g. "/application#2Fpdf" */
  subtype?: string;
  /** the /EmbeddedFiles name tree (default) or a FileAttachment annotation */
  via?: "names" | "annotation";
  /** store the file Flate-compressed */
  flate?: boolean;
}

/** A one-page PDF with these attachments; `catalog` adds catalog entries (e.g. /Collection). */
export function pdfWithAttachments(
  files: Attachment[],
  options: { catalog?: string; openActionJs?: string } = {},
): Uint8Array {
  const b = new PdfBuilder();
  const names: string[] = [];
  const annots: number[] = [];
  for (const f of files) {
    const dict = `/Type /EmbeddedFile ${f.subtype ? `/Subtype ${f.subtype}` : ""}`;
    const file = f.flate ? b.addFlateStream(dict, f.data) : b.addStream(dict, f.data);
    const spec = b.add(
      `<< /Type /Filespec /F ${hexString(f.name)} /UF ${hexString(f.name)} /EF << /F ${file} 0 R >> >>`,
    );
    if (f.via === "annotation")
      annots.push(
        b.add(
          `<< /Type /Annot /Subtype /FileAttachment /Rect [72 700 90 718] /FS ${spec} 0 R /Contents (attachment) >>`,
        ),
      );
    else names.push(`${hexString(f.name)} ${spec} 0 R`);
  }
  const content = b.addFlateStream("", "BT /F1 12 Tf 72 720 Td (Please see the attached file.) Tj ET");
  const js = options.openActionJs ? `/OpenAction << /S /JavaScript /JS ${hexString(options.openActionJs)} >>` : "";
  const tree = names.length ? `/Names << /EmbeddedFiles << /Names [${names.join(" ")}] >> >>` : "";
  b.addCatalog(
    `${tree} ${js} ${options.catalog ?? ""}`,
    1,
    `/Contents ${content} 0 R ${annots.length ? `/Annots [${annots.map((n) => `${n} 0 R`).join(" ")}]` : ""}`,
  );
  return b.build();
}

/** A PDF that runs a shellcode-spraying script when opened: malicious on its own. */
export function maliciousPdf(): Uint8Array {
  return pdfWithAttachments([], {
    openActionJs: `var sc = unescape("${"%u9090".repeat(32)}%ue800%u0000%u5b00%ucccc"); var s = unescape("%u0c0c%u0c0c"); while (s.length < 0x100000) s += s; var a = []; for (var i = 0; i < 200; i++) a[i] = s + sc;`,
  });
}

export interface DeepOutcome {
  summary: Summary;
  findings: Finding[];
  embedded: EmbeddedFilesResult;
  /** nested analyses performed, with their depth */
  nestedCalls: { name: string; depth: number }[];
}

/**
 * The deep stage as far as attachments go: the fast result, then analyzeEmbeddedFiles with a
 * recursive analyzeNested, then the advanced embedded rules; findings are scored together.
 */
export async function analyzeWithEmbedded(
  input: Uint8Array,
  options: {
    limits?: Partial<Limits>;
    depth?: number;
    calls?: { name: string; depth: number }[];
    budget?: { remaining: number };
  } = {},
): Promise<DeepOutcome> {
  const limits = resolveLimits(options.limits);
  const calls = options.calls ?? [];
  const budget = options.budget ?? { remaining: limits.MAX_NESTED_PDF_ANALYSES };
  const fast = analyzeFast(input, { fileName: "x.pdf", limits });
  const doc = readPdf(unwrapXdp(input)?.pdf ?? input, limits);
  const fastFacts = collectFacts(doc, limits);
  const embedded = await analyzeEmbeddedFiles(fastFacts, {
    depth: options.depth ?? 0,
    limits,
    nestedBudget: budget,
    analyzeNested: async (data, name, depth) => {
      calls.push({ name, depth });
      const r = await analyzeWithEmbedded(data, { limits: options.limits, depth, calls, budget });
      return {
        verdict: r.summary.verdict,
        score: r.summary.score,
        findings: r.findings,
        budgetHits: r.embedded.budgetHits,
      };
    },
  });
  const facts = { ...fastFacts, embeddedAnalysis: embedded.facts };
  const findings = [...fast.findings];
  for (const rule of ADVANCED_EMBEDDED_RULES) {
    const hit = rule.check(facts, defaultBudget());
    if (hit) findings.push(toFinding(rule, hit, limits));
  }
  return {
    summary: scoreFindings(findings, { unanalysable: false, partial: embedded.budgetHits.length > 0 }),
    findings,
    embedded,
    nestedCalls: calls,
  };
}

/**
 * A Word web archive (MHT) as Word saves one: a MIME multipart/related message whose page is Word's
 * HTML (the w: namespace, <w:WordDocument>) and, with `macros`, the ActiveMime part (editdata.mso) that
 * keeps the VBA project. The shape of the "MalDoc in PDF" attacks (JPCERT/CC 2023) and of Metasploit's
 * maldoc_in_pdf_polyglot demo document.
 */
export function wordWebArchive({ macros }: { macros: boolean }): string {
  const boundary = "----=_NextPart_01D9C1F2.5A3B7E10";
  const part = (location: string, encoding: string, type: string, body: string) =>
    `--${boundary}\r\nContent-Location: ${location}\r\nContent-Transfer-Encoding: ${encoding}\r\nContent-Type: ${type}\r\n\r\n${body}\r\n\r\n`;
  const page = `<html xmlns:o=3D"urn:schemas-microsoft-com:office:office" xmlns:w=3D"urn:schemas-microsoft-com:office:word">\r\n<head><meta name=3DProgId content=3DWord.Document>${macros ? '<link rel=3DEdit-Time-Data href=3D"report_files/editdata.mso">' : ""}\r\n<!--[if gte mso 9]><xml><w:WordDocument><w:View>Print</w:View></w:WordDocument></xml><![endif]--></head>\r\n<body><p>Quarterly report</p></body></html>`;
  // "ActiveMime" and its header, base64 as Word writes the part (the VBA storage follows, compressed)
  const mso = `${Buffer.from("ActiveMime\0\0\x01\xf0\x04\0\0\0\xff\xff\xff\xff\0\0\x07\xf0", "latin1").toString("base64")}eJztWntsHFcVPnd`;
  return [
    `MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary="${boundary}"\r\n\r\nThis document is a Single File Web Page, also known as a Web Archive file.\r\n\r\n`,
    part("file:///C:/Users/report.htm", "quoted-printable", 'text/html; charset="windows-1252"', page),
    macros ? part("file:///C:/Users/report_files/editdata.mso", "base64", "application/x-mso", mso) : "",
    `--${boundary}--\r\n`,
  ].join("");
}
