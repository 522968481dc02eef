// Text-level signals of a script, cheap enough for the fast stage. They look for the techniques
// exploit kits used (escaped shellcode, heap spraying, eval of decoded strings, vulnerable Acrobat
// APIs); the advanced stage re-checks on a real parser's AST and on the deobfuscated layers.

export interface ExploitApi {
  api: string;
  cve: string[];
  pattern: RegExp;
}

/**
 * Acrobat JavaScript APIs with public exploits. Patterns ask for the exploit's shape where the API
 * also has benign uses (util.printf with a huge width, getAnnots with numeric arguments).
 */
export const EXPLOIT_APIS: readonly ExploitApi[] = [
  { api: "Collab.collectEmailInfo", cve: ["CVE-2007-5659", "CVE-2008-0655"], pattern: /collectEmailInfo\s*\(/ },
  { api: "util.printf", cve: ["CVE-2008-2992"], pattern: /util\s*\.\s*printf\s*\(\s*["']%\s*\d{3,}/ },
  { api: "Collab.getIcon", cve: ["CVE-2009-0927"], pattern: /Collab\s*\.\s*getIcon\s*\(/ },
  { api: "getAnnots", cve: ["CVE-2009-1492"], pattern: /getAnnots\s*\(\s*-?\s*(0x[0-9a-f]+|\d+)\s*,/i },
  { api: "spell.customDictionaryOpen", cve: ["CVE-2009-1493"], pattern: /customDictionaryOpen\s*\(/ },
  { api: "media.newPlayer", cve: ["CVE-2009-4324"], pattern: /media\s*\.\s*newPlayer\s*\(\s*null\s*\)/ },
  { api: "doc.printSeps", cve: ["CVE-2010-4091"], pattern: /printSeps\s*\(/ },
  { api: "app.removeToolButton", cve: ["CVE-2013-3346"], pattern: /removeToolButton\s*\(/ },
];

export interface ScriptSignals {
  length: number;
  evalLike: boolean;
  unescape: boolean;
  fromCharCode: boolean;
  /** number of %uXXXX escapes (UCS-2 encoded machine code) */
  percentU: number;
  /** %u9090 / %u0c0c style repeated filler: a NOP sled or heap-spray address */
  nopSled: boolean;
  /** number of \xNN / \uNNNN escapes in string literals */
  escapes: number;
  /** longest run of hex digits (hex-encoded payloads) */
  longestHexRun: number;
  /** longest quoted string literal */
  longestString: number;
  /** string doubling / large array fill loops */
  heapSpray: boolean;
  /** obfuscator-style identifiers (_0x1a2b) */
  obfuscatedIdentifiers: number;
  exploitApis: ExploitApi[];
  /** exportDataObject with nLaunch: saves and opens an attachment */
  launchesAttachment: boolean;
  /** app.launchURL / getURL / submitForm / SOAP / Net.HTTP */
  network: boolean;
}

const PERCENT_U = /%u[0-9a-f]{4}/gi;
const NOP_SLED = /(%u(9090|0c0c|0a0a|0d0d|0b0b|4141|1414)){2,}|(\\x(90|0c|0a|0d)){8,}|0x0c0c0c0c|0x0a0a0a0a|0x0d0d0d0d/i;
const ESCAPES = /\\(x[0-9a-f]{2}|u[0-9a-f]{4})/gi;
const HEX_RUN = /[0-9a-f]{256,}/gi;
const STRING_LIT = /"[^"\n]{512,}"|'[^'\n]{512,}'/g;
const EVAL_LIKE = /\beval\s*\(|\bFunction\s*\(|new\s+Function\b|\[\s*["']eval["']\s*\]|setTimeOut\s*\(\s*[a-z_$]/i;
const SPRAY = /\b([A-Za-z_$][\w$]*)\s*\+=\s*\1\b|\b([A-Za-z_$][\w$]*)\s*=\s*\2\s*\+\s*\2\b|while\s*\(\s*[\w$.]+\.length\s*<\s*(0x[0-9a-f]{4,}|\d{5,})|new\s+Array\s*\(\s*(0x[0-9a-f]{3,}|\d{4,})\s*\)/i;
const OBF_IDENT = /\b_0x[0-9a-f]{4,}\b/gi;
const LAUNCH_ATTACHMENT = /exportDataObject\s*\([^)]*nLaunch\s*:\s*[12]/;
const NETWORK = /launchURL\s*\(|getURL\s*\(|submitForm\s*\(|\bSOAP\s*\.|Net\s*\.\s*HTTP/;

/** Bounded regex scans: every pattern is linear (no nested quantifiers). */
export function scriptSignals(source: string): ScriptSignals {
  const text = source.length > 8 * 1024 * 1024 ? source.slice(0, 8 * 1024 * 1024) : source;
  return {
    length: source.length,
    evalLike: EVAL_LIKE.test(text),
    unescape: /\bunescape\s*\(/.test(text),
    fromCharCode: /fromCharCode/.test(text),
    percentU: count(text, PERCENT_U),
    nopSled: NOP_SLED.test(text),
    escapes: count(text, ESCAPES),
    longestHexRun: longest(text, HEX_RUN),
    longestString: longest(text, STRING_LIT),
    heapSpray: SPRAY.test(text),
    obfuscatedIdentifiers: count(text, OBF_IDENT),
    exploitApis: EXPLOIT_APIS.filter((a) => a.pattern.test(text)),
    launchesAttachment: LAUNCH_ATTACHMENT.test(text),
    network: NETWORK.test(text),
  };
}

function count(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text)) n++;
  return n;
}

function longest(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let max = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) max = Math.max(max, m[0].length);
  return max;
}
