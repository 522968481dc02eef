// A URI action that names a program on the reader's own machine instead of a web address: a file: URL
// or a drive path to a runnable file (file:///C:/Windows/System32/cmd.exe), or a command line (`start
// C:\...\calc.exe`, `cmd /c ...`). A URI is handed to the system's URL handler; on Windows that is
// ShellExecute, which runs a program given by path, and web-based viewers pass it to the browser, which
// offers to run it (luigigubello/PayloadsAllThePDFs' payload3 and payload4). It is a /Launch written as a link.
import { isAbsoluteLocalPath } from "../content/classify-location";
import { COMMAND_LINE, isCommandTarget } from "./action-targets";
import { evidence, excerpt } from "./evidence";
import { defineRule } from "./rule";

/** the shell's `start`, then what it starts */
const SHELL_START = /^start\s+(\S.*)$/is;
/** a file: URL: its host (none or localhost for this machine's files) and its path */
const FILE_URL = /^file:(?:\/\/([^/]*))?\/*(.*)$/is;

/**
 * Windows protocol handlers that start a program with the link's text as its input: ms-msdt: (the
 * Support Diagnostic Tool runs the PowerShell its arguments carry: Follina, CVE-2022-30190),
 * ms-officecmd: (the Office launcher's command line, 2021), ms-appinstaller: (installs the package its
 * source= names; abused by Emotet and BazarLoader, CVE-2021-43890), hcp: (Help and Support Center,
 * CVE-2010-1885), compiled HTML help (ms-its:, mk:@MSITStore:), which runs the help file's scripts, and
 * the office suite's own URLs where LibreOffice or OpenOffice opens the document (they import PDFs, and
 * convert them headless on servers): vnd.sun.star.script: runs the macro or Python script it names
 * (CVE-2018-16858, CVE-2019-9848), vnd.sun.star.expand: expands the machine's environment and settings
 * (`${HOME}`, `$(user)`) into the address it then opens, sending them to the sender (CVE-2024-12426).
 */
const PROGRAM_SCHEME =
  /^(?:ms-msdt|ms-officecmd|ms-appinstaller|hcp|ms-its|vnd\.sun\.star\.(?:script|expand)):|^mk:@msitstore:/i;
/**
 * The Office URI schemes with a document on a server (`ms-word:ofe|u|https://host/x.docx`, ofv for
 * read-only): Word, Excel or PowerPoint starts and opens the attacker's document, its macros, remote
 * template and OLE links (the Follina chain's first step), past the browser's download checks.
 */
const OFFICE_REMOTE_DOCUMENT =
  /^ms-(?:word|excel|powerpoint|visio|access|project|publisher|spd|infopath):(?:ofe|ofv|nft)\|u\|\s*(?:https?|file|ftp):/i;

/**
 * The local program a URI target runs, or null for a web address, a document, a share (remote-file-target's).
 * What the target runs is judged as a /Launch target is (isCommandTarget: a command host, a runnable file);
 * a protocol handler that starts a program with the link's input counts too.
 */
export function localProgramOf(target: string): string | null {
  const t = target.trim();
  if (PROGRAM_SCHEME.test(t) || OFFICE_REMOTE_DOCUMENT.test(t)) return t;
  const url = FILE_URL.exec(t);
  // a file: URL with a host is on a share; of a document, it opens in its viewer
  if (url) return (!url[1] || url[1].toLowerCase() === "localhost") && isCommandTarget(url[2]) ? t : null;
  const command = SHELL_START.exec(t)?.[1] ?? (COMMAND_LINE.test(t) || isAbsoluteLocalPath(t) ? t : null);
  return command !== null && isCommandTarget(command) ? t : null;
}

export const uriRunsLocalProgram = defineRule({
  id: "uri-runs-local-program",
  title: "Link that runs a program on the reader's machine",
  description:
    "A URI action names a program on the reader's own computer instead of a web address: a file: URL or a drive path to an executable, script or shortcut (file:///C:/Windows/System32/cmd.exe), a command line (`start C:\\...\\calc.exe`), or a Windows protocol handler that starts a program with the link's text as its input (ms-msdt:, the Follina exploit CVE-2022-30190; ms-officecmd:; ms-appinstaller:, which installs a package from the web; hcp:; compiled HTML help; LibreOffice's vnd.sun.star.script:, which runs a macro, and vnd.sun.star.expand:, which writes the machine's environment variables into the address it opens (CVE-2024-12426); an Office URI such as `ms-word:ofe|u|https://...` that opens a document from a server in Word, Excel or PowerPoint). The reader hands a URI to the system, which runs a program given by path (Windows ShellExecute); a web-based viewer passes it to the browser, which offers to run it. It is a /Launch action written as a link, past the reader's launch blocking.",
  category: "action",
  severity: "high",
  weight: 40,
  attack: ["T1204.002", "T1106"],
  mitigations: ["block_launch_and_attachments", "sanitize_with_cdr"],
  confidence: "high",
  check({ actions }) {
    const hits = actions.filter((a) => a.type === "URI" && a.target !== undefined && localProgramOf(a.target) !== null);
    if (!hits.length) return null;
    return {
      evidence: hits.map((a) =>
        evidence({ objectRef: a.objectRef, path: a.path, excerpt: excerpt(`[${a.trigger}] ${a.target}`) }),
      ),
    };
  },
});
