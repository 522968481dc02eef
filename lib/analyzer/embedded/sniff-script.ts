// Script content recognised without a shebang or a telling file name: the droppers attached to
// PDFs are mostly JScript/VBScript/PowerShell/batch/HTA text (T1059). Each language needs two
// distinct markers, so prose that mentions one keyword does not count.

export type ScriptLanguage = "vbscript" | "jscript" | "powershell" | "batch" | "hta" | "shell";

const MARKERS: Record<ScriptLanguage, RegExp[]> = {
  hta: [
    /<hta:application\b/i,
    /<script\b[^<>]*language\s*=\s*["']?(vbscript|jscript)/i,
    /\bwindow\.(resizeTo|moveTo)\s*\(/i,
    /\bself\.close\s*\(/i,
  ],
  vbscript: [
    /\bCreateObject\s*\(\s*["'](WScript\.Shell|Scripting\.FileSystemObject|MSXML2\.XMLHTTP|ADODB\.Stream|Shell\.Application)/i,
    /\bOn\s+Error\s+Resume\s+Next\b/i,
    /^[ \t]*Dim\s+\w+/im,
    /^[ \t]*Set\s+\w+\s*=\s*(CreateObject|GetObject)\b/im,
    /\bExecute(Global)?\s*[("]/i,
    /\bWScript\.(Sleep|Quit|ScriptFullName|Arguments)\b/i,
    /\bChr[WB]?\s*\(\s*\d+\s*\)\s*&/i,
  ],
  jscript: [
    /\bnew\s+ActiveXObject\s*\(/i,
    /\bWScript\.(CreateObject|Shell|Sleep|Quit|ScriptFullName)\b/,
    /\bGetObject\s*\(\s*["']winmgmts/i,
    /\beval\s*\(/,
    /\bString\.fromCharCode\s*\(/,
    /\.Run\s*\(\s*["'](cmd|powershell)/i,
  ],
  powershell: [
    /\b(IEX|Invoke-Expression)\b/i,
    /\bNew-Object\s+(System\.)?Net\.WebClient\b/i,
    /\.DownloadString\s*\(|\.DownloadFile\s*\(/i,
    /\[(System\.)?Convert\]::FromBase64String\s*\(/i,
    /\s-(e|enc|encodedcommand)\s+[A-Za-z0-9+/=]{20,}/i,
    /\bStart-Process\b|\bInvoke-WebRequest\b|\$env:(TEMP|APPDATA)\b/i,
    /\bpowershell(\.exe)?\s+-(nop|noprofile|w(indowstyle)?|ep|executionpolicy)\b/i,
  ],
  batch: [
    /^[ \t]*@echo\s+off\b/im,
    /^[ \t]*(set|setlocal)\s+\w/im,
    /%~dp0|%TEMP%|%APPDATA%/i,
    /^[ \t]*start\s+("|\/b|\/min)/im,
    /\bcmd(\.exe)?\s+\/c\b/i,
    /^[ \t]*(goto|call)\s+:?\w/im,
  ],
  shell: [
    /^#!\s*\/(usr\/)?bin\/(env\s+)?(ba|z|k)?sh\b/m,
    /\b(curl|wget)\s[^\n|]{0,512}\|\s*(ba)?sh\b/,
    /\bchmod\s+\+x\b/,
    /\bnohup\b/,
  ],
};

/** Languages tested most specific first: an HTA holds VBScript, a batch file may call powershell. */
const ORDER: ScriptLanguage[] = ["hta", "powershell", "vbscript", "jscript", "batch", "shell"];

/** Share of printable ASCII/whitespace in `head`; scripts are text. */
export function printableRatio(head: Uint8Array): number {
  if (!head.length) return 0;
  let ok = 0;
  for (const c of head) if ((c >= 0x20 && c < 0x7f) || c === 0x09 || c === 0x0a || c === 0x0d) ok++;
  return ok / head.length;
}

/** The first `maxBytes` as single-byte text: a UTF-8 BOM dropped, UTF-16LE (BOM FF FE) narrowed to its low bytes. */
export function textHead(data: Uint8Array, maxBytes: number): Uint8Array {
  const head = data.subarray(0, maxBytes);
  // UTF-16LE text is common for .vbs/.ps1 saved by Windows tools
  if (head[0] === 0xff && head[1] === 0xfe)
    return Uint8Array.from({ length: (head.length - 2) >> 1 }, (_, i) => head[2 + i * 2]);
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return head.subarray(3);
  return head;
}

/** True when `data` reads as text (after BOM handling). */
export function looksLikeText(data: Uint8Array, threshold = 0.9): boolean {
  return printableRatio(textHead(data, 4096)) >= threshold;
}

/** The script language of `data`, or null when it is not recognisably a script. */
export function sniffScript(data: Uint8Array, maxBytes: number): ScriptLanguage | null {
  const head = textHead(data, maxBytes);
  if (printableRatio(head.subarray(0, 4096)) < 0.9) return null;
  const text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString("latin1");
  for (const lang of ORDER) {
    const hits = MARKERS[lang].filter((re) => re.test(text)).length;
    if (hits >= 2 || (lang === "hta" && hits >= 1 && /<hta:application\b/i.test(text))) return lang;
  }
  return null;
}
