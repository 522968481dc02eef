// Whether a dotted quad seen in text is a network address. Most dotted quads in documents are something
// else: product versions (`Scribus 1.3.3.12`, `Chrome/138.0.0.0`, `RAD PDF 2.38.3.1`, a Producer or
// CreatorTool value), section numbers of standards (`ISO 19005-2, 6.2.4.1`, `7.21.4.1-1 General`),
// numbered outline entries. A wrong IP reaches STIX and MISP exports as a malicious-activity indicator,
// so the context decides: a network word or address syntax next to it makes it an address; a name or a
// version keyword before it makes it a version. Prose, metadata and scripts need the first; an action's
// target or command line only must not have the second, since it names a host bare.
import type { IocSourceKind } from "./ioc-source";

/** Words that announce an address (the two words before the quad are read: "connect to", "IP address"). */
const NETWORK_WORDS = new Set([
  "ip",
  "ips",
  "ipv4",
  "ipaddress",
  "ip-address",
  "host",
  "hosts",
  "hostname",
  "server",
  "servers",
  "srv",
  "address",
  "addresses",
  "addr",
  "gateway",
  "gw",
  "proxy",
  "dns",
  "nameserver",
  "resolver",
  "router",
  "firewall",
  "connect",
  "connecting",
  "connected",
  "connection",
  "ping",
  "c2",
  "cnc",
  "callback",
  "beacon",
  "remote",
  "peer",
  "endpoint",
  "target",
  "dest",
  "destination",
  "src",
  "dst",
  "bind",
  "listen",
  "listening",
  "socket",
  "tcp",
  "udp",
  "lhost",
  "rhost",
  "ftp",
  "http",
  "https",
  "telnet",
  "ssh",
  "nc",
  "curl",
  "wget",
  "visit",
  "browse",
  "reach",
  "subnet",
  "netmask",
  "route",
  "dhcp",
  "wan",
  "lan",
  "url",
  "uri",
  "serveur",
  "adresse",
  "servidor",
  "dirección",
  "direccion",
  "endereço",
  "endereco",
  "indirizzo",
  "adres",
  "adresi",
  "сервер",
  "адрес",
]);
/** Words and metadata keys after which a dotted number is a version. */
const VERSION_WORDS = new Set([
  "ver",
  "vers",
  "v",
  "build",
  "release",
  "rel",
  "rev",
  "revision",
  "update",
  "patch",
  "sp",
  "servicepack",
  "firmware",
  "fw",
  "edition",
  "producer",
  "creator",
  "creatortool",
  "generator",
  "application",
  "software",
  "agent",
  "useragent",
  "tool",
  "library",
  "engine",
]);
/**
 * Action targets and command lines, where a bare quad is a host (`/URI (1.2.3.4)`, `ping 1.2.3.4`).
 * Scripts are read like prose: exploit scripts compare the viewer's version with dotted literals
 * (`if (v == '10.1.2.45')`, CVE-2013-0640 kits) far more often than they name an address bare.
 */
const TARGET_SOURCES: ReadonlySet<IocSourceKind> = new Set([
  "launch-action",
  "uri-action",
  "submit-form",
  "gotor-action",
  "qr-code",
]);

/** Between a name and its version: `Scribus 1.3`, `Chrome/138`, `version: 1`, `Version='4.1'`. */
const SEPARATORS = ` \t:="'(/`;
const WORD_CHAR = /[\p{L}\p{N}_-]/u;
/** windows of the context test, not budgets: how far before an address a product name and its separator are looked for */
const MAX_SEPARATOR_CHARS = 4;
const MAX_WORD_CHARS = 40;
/** text of a metadata element read back to its start tag (a Producer value is one line): a window of the context test, not a budget */
const MAX_ELEMENT_TEXT_CHARS = 256;

/** True when the quad at text[start, end) is an address in its context (see the header). */
export function isAddressInContext(text: string, start: number, end: number, source: IocSourceKind): boolean {
  const after = text.slice(end, end + 8);
  // `1.2.3.4:8080` and `10.0.0.0/8` are address syntax; `7.21.4.1-1` and `8.10.2.3-t01` are section ids
  if (/^:\d{1,5}(?!\d)/.test(after) || /^\/\d{1,2}(?![\d.])/.test(after)) return true;
  if (/^-[\p{L}\p{N}]/u.test(after)) return false;
  const before = text.slice(Math.max(0, start - 7), start);
  // `//1.2.3.4/`, `\\1.2.3.4\`, `user@1.2.3.4`, and the IPv4 tail of an IPv4-mapped IPv6 `::ffff:1.2.3.4`
  if (
    before.endsWith("//") ||
    before.endsWith("\\\\") ||
    before.endsWith("@") ||
    before.toLowerCase().endsWith("::ffff:")
  )
    return true;

  let i = start;
  let separators = "";
  while (i > 0 && separators.length < MAX_SEPARATOR_CHARS && SEPARATORS.includes(text[i - 1]))
    separators = text[--i] + separators;
  // inside an XML element (XMP, XFA): its name says what the text is (`<xmp:CreatorTool>`, `<pdf:Producer>`)
  const element = enclosingElement(text, start);
  if (VERSION_WORDS.has(element) || element.endsWith("version")) return false;
  if (NETWORK_WORDS.has(element)) return true;
  if (i > 0 && text[i - 1] === ">") return TARGET_SOURCES.has(source);
  const [word, wordStart] = wordBefore(text, i);
  const second = wordBefore(text, skipSpaces(text, wordStart))[0];
  if (NETWORK_WORDS.has(word) || NETWORK_WORDS.has(second)) return true;
  if (VERSION_WORDS.has(word) || word.endsWith("version")) return false;
  // a name, then a space or a slash: a product and its version (`Acrobat 9.1.0.163`, `Chrome/138.0.0.0`)
  if (/^\p{L}/u.test(word) && (separators === " " || separators === "/")) return false;
  return TARGET_SOURCES.has(source);
}

/** The lowercased word ending at `end` (namespace prefix dropped: `pdfx:TemplateVersion`) and where it starts. */
function wordBefore(text: string, end: number): [string, number] {
  let i = end;
  while (i > 0 && end - i < MAX_WORD_CHARS && WORD_CHAR.test(text[i - 1])) i--;
  return [text.slice(i, end).toLowerCase(), i];
}

function skipSpaces(text: string, end: number): number {
  let i = end;
  while (i > 0 && end - i < MAX_SEPARATOR_CHARS && (text[i - 1] === " " || text[i - 1] === "\t")) i--;
  return i;
}

/** The lowercased local name of the XML element whose text contains `at` (`<xmp:CreatorTool>` -> creatortool), or "". */
function enclosingElement(text: string, at: number): string {
  // both searches stay inside the window that can answer: unbounded, each candidate address in a
  // long text without markup (a script) scanned back to its start, quadratic in the text
  const from = Math.max(0, at - MAX_ELEMENT_TEXT_CHARS);
  const near = text.slice(from, at + 1);
  const openAt = near.lastIndexOf("<");
  const gtAt = openAt === -1 ? -1 : near.indexOf(">", openAt);
  if (gtAt === -1) return "";
  const open = from + openAt;
  const gt = from + gtAt;
  if (text[open + 1] === "/" || text[gt - 1] === "/") return "";
  const name = text.slice(open + 1, gt).split(/\s/)[0];
  return name.slice(name.indexOf(":") + 1).toLowerCase();
}
