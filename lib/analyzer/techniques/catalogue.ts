// The technique catalogue: every attack technique of the public PDF attack literature that the
// analyzer detects, declared once, with the rules that report it, the verdict its evidence guarantees
// (floors, applied in lib/analyzer/score.ts), the benign explanations that lift a floor, and the
// carriers it can use, each with a fixture built in code (lib/analyzer/techniques/testing). Rendered
// into docs/techniques.md (`npm run docs:rules`); techniques.test.ts fails when a technique has no
// rule, a carrier no fixture, or a floor does not hold on its fixtures.
//
// Sources: ISO 32000-2 (actions §12.6, file specifications §7.11, signatures §12.8), Stevens' "PDF
// Tools" and pdfid keyword list, the PDF attack classes of Müller et al. "Processing Dangerous Paths"
// (NDSS 2021: DoS, information disclosure, data manipulation, code execution), Mainka et al. "Shadow
// Attacks" (NDSS 2021), Check Point's NTLM-leak research (CVE-2018-4993, "Bad-PDF"), MITRE ATT&CK.
import type { Technique } from "./technique";

export const TECHNIQUES: readonly Technique[] = [
  // ---- code execution ------------------------------------------------------------------------
  {
    id: "launch-command",
    title: "Launch action runs a command or program",
    category: "code-execution",
    description:
      "A /Launch action (ISO 32000-2 §12.6.4.6) starts a command interpreter, script host or executable, optionally with parameters: the reader's prompt is all that stands between the document and code execution.",
    attack: ["T1204.002", "T1059"],
    rules: ["launch-command", "launch-action"],
    floors: [{ verdict: "malicious", rules: ["launch-command"], proof: true }],
    carriers: ["open-action", "link-click", "page-open", "form-field", "next-chain"],
  },
  {
    id: "launch-file",
    title: "Launch action opens a file or application",
    category: "code-execution",
    description:
      "A /Launch action opens another file with the application the system associates with it, or an application by name; a link does the same through a file: URL, a command line or a Windows protocol handler that starts a program with the link's input (ms-msdt: for the Follina exploit, ms-appinstaller:, an Office URI that opens a remote document in Word) or the office suite's own URLs that run a macro or send the machine's environment (LibreOffice's vnd.sun.star.script: and vnd.sun.star.expand:). Readers prompt, users click through; droppers open the file they saved.",
    attack: ["T1204.002", "T1106"],
    rules: ["launch-action", "uri-runs-local-program"],
    floors: [{ verdict: "suspicious", rules: ["launch-action", "uri-runs-local-program"] }],
    explainedBy: ["launch-opens-document-on-click"],
    carriers: [
      "open-action",
      "link-click",
      "page-open",
      "annotation-aa",
      "unreferenced",
      "uri-file-url",
      "uri-command-line",
      "uri-ms-msdt",
      "uri-office-remote-document",
      "uri-ms-appinstaller",
      "uri-libreoffice-script",
      "uri-libreoffice-expand",
    ],
  },
  {
    id: "web-viewer-script-injection",
    title: "Script injection aimed at web-based viewers (XSS)",
    category: "code-execution",
    description:
      "Markup for a web page in the document's strings (a link's URI, an annotation's author or comment, a field's value, the document information: an element with an event handler, a <script> or <iframe>), or a script that uses the browser page's APIs (document.write, document.cookie, window.location). A PDF viewer built into a web application that shows the string unescaped, or runs the script in its page, runs the attacker's code in the application's origin: stored cross-site scripting through an uploaded document.",
    attack: ["T1059.007", "T1189", "T1539"],
    rules: ["web-viewer-script-injection"],
    // code execution by design, in the viewer's page; no document of the corpora carries either
    floors: [{ verdict: "malicious", rules: ["web-viewer-script-injection"] }],
    carriers: [
      "uri-markup",
      "annotation-markup",
      "field-value-markup",
      "info-markup",
      "open-action-page-script",
      "link-page-script",
    ],
  },
  {
    id: "script-on-open",
    title: "Script runs without user action",
    category: "code-execution",
    description:
      "JavaScript bound to a trigger that fires when the document opens or a page shows (/OpenAction, the /Names JavaScript tree, page /AA /O, annotation /AA /PO /PV, XFA initialize events, the /Before and /After scripts of an FDF file run as it is opened): the entry point of nearly every script exploit.",
    attack: ["T1059.007", "T1204.002"],
    rules: ["javascript-auto-run", "javascript-present"],
    floors: [{ verdict: "suspicious", rules: ["javascript-auto-run"] }],
    explainedBy: ["script-is-form-automation"],
    carriers: [
      "open-action",
      "names-tree",
      "page-open-aa",
      "annotation-pv-aa",
      "xfa-initialize",
      "next-chain",
      "fdf-import-script",
    ],
  },
  {
    id: "attachment-launch",
    title: "Script saves and opens an attachment",
    category: "code-execution",
    description:
      "A script calls exportDataObject with nLaunch, writing an embedded file to disk and opening it: a dropper that needs no Launch action.",
    attack: ["T1204.002", "T1059.007"],
    rules: ["javascript-launches-attachment", "javascript-network-or-launch"],
    floors: [{ verdict: "malicious", rules: ["javascript-launches-attachment"] }],
    carriers: ["open-action-script", "link-click-script"],
  },
  {
    id: "script-file-drop",
    title: "Script writes a program or an autostart file to disk",
    category: "code-execution",
    description:
      "A script writes a file to a path of its own choosing with Doc.saveAs, an export API (exportAsFDF, exportAsXFDF, exportAsText, exportXFAData, XFA's xfa.host.exportData) or extractPages. A program or script type, or any file in the Startup folder (or a LaunchAgents or autostart folder), runs the next time the user opens it or signs in: the CVE-2023-27363 proof of concept writes an .hta to the Startup folder through Foxit's exportXFAData. Any other write made without the reader's consent still reaches the file system unasked.",
    attack: ["T1547.001", "T1105", "T1059.007"],
    rules: ["javascript-drops-runnable-file", "javascript-file-write"],
    floors: [
      { verdict: "malicious", rules: ["javascript-drops-runnable-file"] },
      { verdict: "suspicious", rules: ["javascript-file-write"], confidence: "high" },
    ],
    carriers: ["open-action-script", "link-click-script", "xfa-docready-script", "path-in-variables"],
  },
  {
    id: "executable-attachment",
    title: "Program or script delivered as an attachment",
    category: "code-execution",
    description:
      "The document carries an executable, a script, a macro document or HTML as an attachment (the /EmbeddedFiles tree, a FileAttachment annotation, an archive, a disguised name): code the reader is led to open. Or it hides one where no reader shows it (appended after %%EOF, before the header, between the objects, as a stream no attachment presents), for a loader sent alongside to carve out, or an archiver to open.",
    attack: ["T1204.002", "T1027.006", "T1027.009"],
    rules: [
      "embedded-executable",
      "embedded-active-content",
      "embedded-archive-with-executable",
      "embedded-script-content",
      "embedded-type-mismatch",
      "hidden-payload",
      "embedded-file",
      "portfolio-document",
    ],
    floors: [
      {
        verdict: "suspicious",
        rules: [
          "embedded-executable",
          "embedded-active-content",
          "embedded-archive-with-executable",
          "embedded-script-content",
          "embedded-type-mismatch",
          "hidden-payload",
        ],
      },
    ],
    carriers: [
      "embedded-files-tree",
      "file-attachment-annotation",
      "zip-archive",
      "rar-archive",
      "disguised-name",
      "appended-after-eof",
      "before-header",
      "between-objects",
      "plain-stream",
    ],
  },
  {
    id: "office-polyglot",
    title: "PDF that is also a macro document (MalDoc in PDF)",
    category: "code-execution",
    description:
      "A Word or Excel web archive (MHT) written in the clear among the PDF's objects: a PDF reader shows the PDF, Word opens the same file (sent under a .doc name) as the Office document and offers to run its macros. Scanners that type the file by its %PDF header never look for them (JPCERT/CC 2023; Metasploit auxiliary/fileformat/maldoc_in_pdf_polyglot).",
    attack: ["T1204.002", "T1027.009", "T1036.008"],
    rules: ["office-document-polyglot"],
    // macros (an ActiveMime part) are code run by design; an archive without them still makes Word read a file every scanner typed as PDF
    floors: [
      { verdict: "malicious", rules: ["office-document-polyglot"], confidence: "high" },
      { verdict: "suspicious", rules: ["office-document-polyglot"] },
    ],
    carriers: ["unfiltered-stream", "appended-after-eof", "no-macros"],
  },
  {
    id: "nested-malicious-pdf",
    title: "Malicious PDF attached inside the PDF",
    category: "code-execution",
    description:
      "An attached PDF that is itself malicious, analysed recursively: the outer document is the wrapper that carries it past scanners that do not open attachments.",
    attack: ["T1204.002", "T1027.009"],
    rules: ["embedded-nested-pdf-malicious", "embedded-nested-pdf-suspicious"],
    floors: [{ verdict: "malicious", rules: ["embedded-nested-pdf-malicious"] }],
    carriers: ["embedded-files-tree"],
  },
  // ---- information disclosure ----------------------------------------------------------------
  {
    id: "callback-without-consent",
    title: "Document calls out without the reader's consent",
    category: "information-disclosure",
    description:
      "An action that opens a URL, submits the form, or opens or imports a remote file (or a local one named from the drive's root, which the document did not bring) is bound to a trigger that fires on its own (document open, page open or close, an annotation becoming visible, the pointer entering it, closing, printing), or page content is loaded from a web address to be drawn (an external stream, a reference XObject): the sender learns the document was opened and from where, receives form data, or loads a second stage.",
    attack: ["T1071.001", "T1592", "T1204.002"],
    rules: ["automatic-action", "remote-goto", "submit-form"],
    floors: [{ verdict: "suspicious", rules: ["automatic-action"] }],
    carriers: [
      "open-action-uri",
      "open-action-submitform",
      "open-action-gotor-remote",
      "page-open-aa",
      "page-close-aa",
      "annotation-pv-aa",
      "annotation-po-aa",
      "annotation-mouse-enter-aa",
      "doc-will-close-aa",
      "doc-will-print-aa",
      "next-chain",
      "thread-remote",
      "importdata-remote",
      "gotoe-remote",
      "page-open-gotoe-absolute-path",
      "external-stream-url",
      "fdf-target-remote",
    ],
  },
  {
    id: "script-network-callback",
    title: "Script sends, fetches, mails or reads a file on its own",
    category: "information-disclosure",
    description:
      'A script that runs without a click calls submitForm, app.launchURL, getURL, SOAP, Net.HTTP, xfa.host.gotoURL, a mail API or a local-file API (importDataObject, util.readFileIntoStream), by name or as a computed member (this["getURL"]), or, for viewers that run scripts in a browser, fetch, XMLHttpRequest, WebSocket or an image whose source is a web address: the document beacons, exfiltrates or reads local files as it opens.',
    attack: ["T1059.007", "T1071.001", "T1041", "T1005"],
    rules: ["javascript-callback-on-open", "javascript-network-or-launch", "javascript-network-api"],
    floors: [{ verdict: "suspicious", rules: ["javascript-callback-on-open", "javascript-network-or-launch"] }],
    carriers: [
      "submitForm",
      "launchURL",
      "getURL",
      "computed-member-call",
      "soap",
      "net-http",
      "mailDoc",
      "importDataObject",
      "readFileIntoStream",
      "image-src-beacon",
      "web-fetch",
      "xfa-host-gotourl",
      "foxit-opencpdfwebpage",
    ],
  },
  {
    id: "local-file-exfiltration",
    title: "Script reads a local file and sends it out",
    category: "information-disclosure",
    description:
      "A script names a file on the reader's machine (`/etc/passwd`, a path under the user's profile), reads it into the document with importTextData, util.readFileIntoStream or another file API, and submits, mails or posts: on open, or on the first click into a form field. PDF101's local-file leakage; the Foxit Reader proof of concept of PayloadsAllThePDFs.",
    attack: ["T1005", "T1041"],
    rules: ["javascript-local-file-exfiltration"],
    floors: [{ verdict: "suspicious", rules: ["javascript-local-file-exfiltration"] }],
    carriers: ["field-mouse-down", "open-action"],
  },
  {
    id: "xfa-callback",
    title: "XFA form submits or loads external data when it opens",
    category: "information-disclosure",
    description:
      "An XFA <submit> or FormCalc Get/Post/Put bound to an event that fires on its own, a data connection executed on open, an external entity or DTD (XXE), an XSLT stylesheet named by an xml-stylesheet instruction (CVE-2019-7089), or an image loaded from a remote href: the form reaches the network, or reads local files, as it opens.",
    attack: ["T1071.001", "T1041", "T1005"],
    rules: ["xfa-callback-on-open", "xfa-external-callback", "xfa-form"],
    floors: [{ verdict: "suspicious", rules: ["xfa-callback-on-open"] }],
    carriers: [
      "submit-on-initialize",
      "soap-submit-action",
      "formcalc-get",
      "formcalc-post",
      "external-entity",
      "xml-stylesheet",
      "data-connection",
      "remote-image-href",
    ],
  },
  {
    id: "decryption-exfiltration",
    title: "Actions added in the clear to exfiltrate an encrypted document (PDFex)",
    category: "information-disclosure",
    description:
      "An encrypted document whose crypt filters leave strings or streams in the clear (/StrF or /StmF /Identity) while the other stays encrypted, with an action that submits the form or the whole document, opens a link, runs a script or opens a file. The /Encrypt dictionary has no integrity protection: an attacker who intercepts a victim's encrypted document adds such actions without its password, and when the victim opens it with the password, the action sends the decrypted content to the attacker (Müller et al., 'Practical Decryption exFiltration: Breaking PDF Encryption', CCS 2019).",
    attack: ["T1020"],
    rules: ["clear-actions-in-encrypted-document"],
    floors: [{ verdict: "suspicious", rules: ["clear-actions-in-encrypted-document"] }],
    carriers: ["clear-strings-submit-form", "clear-strings-uri", "clear-streams-script"],
  },
  {
    id: "ntlm-credential-leak",
    title: "File-share reference that leaks Windows credentials",
    category: "information-disclosure",
    description:
      "A UNC path (\\\\host\\share), file://host URL or smb: target in any file specification (actions, external streams, reference XObjects, attachments, media, script strings, XFA): when the viewer resolves it, Windows authenticates to the host and hands it the user's NTLM hash (T1187, CVE-2018-4993).",
    attack: ["T1187"],
    rules: ["remote-file-target"],
    // resolved without a click (high confidence) only: an intranet document may link to \\fileserver for a reader to click
    floors: [{ verdict: "suspicious", rules: ["remote-file-target"], confidence: "high" }],
    carriers: [
      "gotor-unc",
      "gotoe-unc",
      "launch-unc",
      "submitform-unc",
      "importdata-unc",
      "uri-file-scheme",
      "reference-xobject",
      "external-stream",
      "file-attachment-annotation",
      "media-clip",
      "script-opendoc-unc",
      "fdf-target-unc",
    ],
  },
  // ---- denial of service ---------------------------------------------------------------------
  {
    id: "decompression-bomb",
    title: "Decompression bomb",
    category: "denial-of-service",
    description:
      "A stream that expands a thousandfold or more (nested Flate included) exhausts the memory or time of whatever opens it: the reader, a mail gateway, or this scanner.",
    attack: ["T1499", "T1027"],
    rules: ["decompression-bomb"],
    floors: [{ verdict: "suspicious", rules: ["decompression-bomb"] }],
    carriers: ["flate-bomb", "nested-flate-bomb"],
  },
  {
    id: "resource-exhaustion-script",
    title: "Script that spins or exhausts memory",
    category: "denial-of-service",
    description:
      "A script loops forever (viewers run it on their main thread), reopens a dialog on every turn, or doubles a string until memory runs out: the reader hangs (exploit kits end with while(1); so it hangs instead of crashing), or the analysis is exhausted before what follows.",
    attack: ["T1499", "T1497"],
    rules: ["javascript-resource-exhaustion", "javascript-emulation-limit"],
    floors: [
      { verdict: "suspicious", rules: ["javascript-resource-exhaustion"] },
      { verdict: "suspicious", rules: ["javascript-emulation-limit"], when: "scriptBudgetSpent" },
    ],
    carriers: ["endless-loop", "alert-loop", "string-doubling", "endless-loops"],
  },
  {
    id: "structure-loop",
    title: "Loop in a linked document structure",
    category: "denial-of-service",
    description:
      "A structure readers walk links back to itself (a page-tree node among its own /Kids, an outline item that is its own sibling or descendant, a /Next chain, a name, number, field or structure tree, a form XObject that paints itself, an object stream that /Extends itself, a stitching function among its own /Functions, pages whose open actions go to each other, a reference that resolves to itself): a reader without a cycle guard hangs or crashes, and a scanner stops before the payload.",
    attack: ["T1499", "T1027"],
    rules: ["denial-of-service-loop"],
    // like a decompression bomb: the document attacks whatever opens it. No everyday or malicious file
    // of the corpora has one; the benign hits are the reader test suites' own loop regression files
    floors: [{ verdict: "suspicious", rules: ["denial-of-service-loop"] }],
    carriers: [
      "page-tree-cycle",
      "outline-cycle",
      "action-next-cycle",
      "name-tree-cycle",
      "number-tree-cycle",
      "field-tree-cycle",
      "struct-tree-cycle",
      "xobject-recursion",
      "reference-cycle",
      "object-stream-extends-cycle",
      "function-recursion",
      "page-navigation-cycle",
    ],
  },
  {
    id: "calculator-stack-exhaustion",
    title: "Calculator function that exhausts the reader's stack",
    category: "denial-of-service",
    description:
      "A PostScript calculator function (FunctionType 4: a shading's colours, a spot colour's tint transform) whose program grows the operand stack past the specification's 100 entries, typically by doubling it with `copy` (PDF101's copy stack exhaustion). The language has no loops, so an honest program's stack use is small and fixed; a reader that evaluates the function once per pixel without the limit runs out of memory or time.",
    attack: ["T1499"],
    rules: ["calculator-stack-exhaustion"],
    // like a structure loop: the document attacks whatever opens it; no file of the corpora has one
    floors: [{ verdict: "suspicious", rules: ["calculator-stack-exhaustion"] }],
    carriers: ["shading-copy-doubling", "shading-computed-copy", "tint-transform-push-overflow"],
  },
  // ---- data manipulation ---------------------------------------------------------------------
  {
    id: "shadow-attack",
    title: "Content changed after signing (shadow attacks)",
    category: "data-manipulation",
    description:
      "An incremental update after a signature hides signed content (a layer switched, an overlay annotation, a crop, a read-only field's appearance dropped), replaces it (a content stream, font, image, locked field, or a field's appearance redrawn while its value stays), or re-links the catalog, page tree or xref (an entry pointed at another object's body) to content the signer never saw (Mainka, Mladenov, Schwenk, NDSS 2021), or adds a signature field no one signs whose widget draws over the page (the sneaky signature attack: Mainka, Mladenov, Rohlmann, Schwenk, IEEE S&P 2021; adding signature fields is what a certification permits): the signature still validates over what is no longer shown.",
    attack: ["T1565.001"],
    rules: ["modified-after-signature"],
    floors: [{ verdict: "suspicious", rules: ["modified-after-signature"] }],
    carriers: [
      "hide",
      "hide-overlay",
      "replace",
      "replace-font",
      "fill-locked-field",
      "redraw-field-appearance",
      "drop-read-only-appearance",
      "hide-and-replace",
      "misdirected-xref-entry",
      "hide-and-replace-pages",
      "sneaky-signature",
    ],
  },
  {
    id: "signature-wrapping",
    title: "Signature that does not cover its file",
    category: "data-manipulation",
    description:
      "A signature's /ByteRange leaves out more than its /Contents, or reaches past the file's end or into a later revision: signature wrapping (Mladenov et al., CCS 2019) hides objects in such gaps.",
    attack: ["T1565.001"],
    rules: ["signature-does-not-cover-file"],
    floors: [],
    noFloor:
      "a signed file altered in transit (a line-end conversion, as corpus-everyday b6ba3ac69e89) or fuzzed shows the same; validators already call such a signature invalid",
    carriers: ["signature-gap", "range-past-end"],
  },
  {
    id: "universal-signature-forgery",
    title: "Signature that names a signer but cannot be checked",
    category: "data-manipulation",
    description:
      "A signature dictionary with the signer's name and no /ByteRange or no signature value (missing, null, of the wrong type or empty): the universal signature forgery of Mladenov et al. (CCS 2019), which made viewers show any document as validly signed by anyone. No signing tool writes one (a document prepared for signing holds a placeholder of zeros).",
    attack: ["T1565.001", "T1036"],
    rules: ["unverifiable-signature"],
    floors: [{ verdict: "suspicious", rules: ["unverifiable-signature"] }],
    carriers: ["byte-range-removed", "byte-range-null", "contents-null"],
  },
  {
    id: "field-rewrite-on-open",
    title: "Signed document rewrites its fields on open",
    category: "data-manipulation",
    description:
      "In a signed document, an automatic action or open script sets, resets, imports or hides fields or switches layers: the reader sees values the signer did not sign, and the signature still validates.",
    attack: ["T1565.001"],
    rules: ["signed-document-rewritten-on-open"],
    floors: [],
    noFloor:
      "certified XFA forms set and hide fields at initialize as a matter of course (corpus-everyday imm5257e hides its 'enable JavaScript' notice)",
    carriers: ["script-sets-field", "reset-form", "hide-action", "set-ocg-state", "xfa-initialize-script"],
  },
  {
    id: "pdf-injection",
    title: "PDF syntax injected into a generated document",
    category: "data-manipulation",
    description:
      "Text a service writes into a document it generates (a link's address, a customer's name, a form value) ends its string and adds PDF syntax of its own: a second /S that turns a link into JavaScript, a second /A that submits the document and its fields to the attacker, a second /OpenAction. Readers read the later of two equal keys, so the document the service meant to send runs the attacker's action (Heyes, PortSwigger 2020, 'Portable Data exFiltration'). Writers never repeat a key.",
    attack: ["T1190", "T1566.001", "T1059.007"],
    rules: ["duplicate-action-key"],
    floors: [{ verdict: "suspicious", rules: ["duplicate-action-key"], confidence: "high" }],
    carriers: ["uri-becomes-javascript", "second-link-action", "second-open-action"],
  },
  // ---- exploitation --------------------------------------------------------------------------
  {
    id: "processor-injection",
    title: "Payload for the server that processes the document",
    category: "exploitation",
    description:
      "The document is a carrier for an attack on the software that indexes, converts or logs uploaded files, not on its reader: a Log4j JNDI lookup (`${jndi:ldap://...}`, Log4Shell) or a Commons Text lookup (Text4Shell) in the title, author, a field value or the XMP metadata, which a vulnerable library runs when it logs or templates the value; or an external entity in the XMP packet or an XML attachment (an e-invoice's XML), which an XML parser resolves to read the server's files or reach into its network (XXE, SSRF); or template code or a shell command for a report generator or conversion script that renders the value or passes it to a shell (SSTI, command injection). Uploaded to a portal or a ticketing system, or scanned by a mail pipeline, the file attacks the server.",
    attack: ["T1190", "T1203"],
    rules: ["server-lookup-injection", "metadata-external-entity", "server-code-injection"],
    floors: [
      {
        verdict: "suspicious",
        rules: ["server-lookup-injection", "metadata-external-entity", "server-code-injection"],
      },
    ],
    carriers: [
      "info-title-jndi",
      "nested-lookup-jndi",
      "form-value-jndi",
      "xmp-jndi",
      "text4shell-script-lookup",
      "xmp-external-entity",
      "xmp-parameter-entity",
      "xml-attachment-external-entity",
      "info-title-ssti",
      "xmp-spring-el",
      "form-value-shell",
    ],
  },
  {
    id: "acrobat-api-exploit",
    title: "Exploit of a vulnerable Acrobat JavaScript API",
    category: "exploitation",
    description:
      "A script calls an Acrobat API with a public exploit (Collab.collectEmailInfo, util.printf, getIcon, media.newPlayer, spell.customDictionaryOpen, ...) in its exploit shape: oversized or crafted arguments after a heap spray.",
    attack: ["T1203", "T1059.007"],
    rules: ["javascript-exploit-api", "javascript-acrobat-exploit-cve"],
    floors: [
      { verdict: "malicious", rules: ["javascript-exploit-api", "javascript-acrobat-exploit-cve"], proof: true },
    ],
    carriers: ["open-action-script"],
  },
  {
    id: "heap-spray-shellcode",
    title: "Heap spray and shellcode",
    category: "exploitation",
    description:
      "Machine code in script strings (%u-encoded, hex, or assembled at run time) and the heap spray that places it: the payload of a memory-corruption exploit.",
    attack: ["T1203", "T1027"],
    rules: [
      "javascript-shellcode",
      "javascript-heap-spray",
      "javascript-deobfuscated-shellcode",
      "javascript-deobfuscated-heap-spray",
    ],
    floors: [
      { verdict: "malicious", rules: ["javascript-shellcode", "javascript-deobfuscated-shellcode"], proof: true },
      { verdict: "malicious", rules: ["javascript-heap-spray", "javascript-deobfuscated-heap-spray"] },
    ],
    carriers: ["open-action-script"],
  },
  {
    id: "typed-array-memory-exploit",
    title: "Memory-corruption exploit with typed arrays",
    category: "exploitation",
    description:
      "A script grooms the heap with ArrayBuffers or typed arrays made in a loop and punches holes in it (every other element let go), then reads and writes memory through a DataView once a use-after-free or type confusion has corrupted a length, tests for that corruption and writes pointers as denormal doubles: the shape of reader exploits since 2019 (CVE-2020-9715's public exploit; the Acrobat and Foxit use-after-free proofs of concept after it), which no string heap spray or shellcode literal shows.",
    attack: ["T1203", "T1059.007"],
    rules: ["javascript-memory-primitives"],
    floors: [{ verdict: "malicious", rules: ["javascript-memory-primitives"] }],
    carriers: ["open-action-script"],
  },
  {
    id: "reader-reentrancy-trigger",
    title: "Use-after-free trigger: the reader called back mid-work",
    category: "exploitation",
    description:
      "A script installs getters or setters on the reader's objects, wraps them in Proxies, swaps their prototypes, replaces valueOf, or sets field actions that delete pages, fields or the document: the reader runs the script's code in the middle of its own API call, and the code frees or retypes what the reader holds. The trigger of the Acrobat and Foxit use-after-free and type-confusion proofs of concept of 2019-2023 (CVE-2023-21608, CVE-2022-28672), with or without the typed-array exploitation after it.",
    attack: ["T1203", "T1059.007"],
    rules: ["javascript-reentrancy-trigger"],
    // the shape of a trigger, not proof that it works on a given reader
    floors: [{ verdict: "suspicious", rules: ["javascript-reentrancy-trigger"] }],
    carriers: ["open-action-script"],
  },
  {
    id: "string-overflow-exploit",
    title: "Metadata string that overflows a reader's buffer",
    category: "exploitation",
    description:
      "A title, author or comment string padded with hundreds of one character to the offset of a reader's fixed-size buffer, followed by the bytes that overwrite its stack (a return address or exception handler, then shellcode): Foxit Reader 4.1.1's /Title stack overflow, as Metasploit's foxit_title_bof writes it.",
    attack: ["T1203"],
    rules: ["text-field-overflow"],
    // padding then non-text bytes is the exploit's shape; no file of the corpora has one
    floors: [{ verdict: "malicious", rules: ["text-field-overflow"] }],
    carriers: ["info-title", "annotation-contents"],
  },
  {
    id: "font-exploit",
    title: "Font exploit",
    category: "exploitation",
    description:
      "A font program built to overflow or inject into the reader's font engine: an overlong SING table (CVE-2010-2883), code in a FontMatrix (CVE-2024-4367).",
    attack: ["T1203"],
    rules: ["cooltype-sing-overflow", "fontmatrix-injection", "exploit-type1-font-code"],
    floors: [
      { verdict: "malicious", rules: ["cooltype-sing-overflow", "fontmatrix-injection"], proof: true },
      { verdict: "malicious", rules: ["exploit-type1-font-code"] },
    ],
    carriers: ["truetype-sing", "font-matrix"],
  },
  {
    id: "calculator-function-injection",
    title: "Code injected through a calculator function",
    category: "exploitation",
    description:
      "A PostScript calculator function whose bounds or program hold script: a viewer that compiles the function into JavaScript without checking it (pdf.js before 2.0.550, CVE-2018-5158) runs the script as the page is drawn.",
    attack: ["T1203", "T1059.007"],
    rules: ["calculator-code-injection"],
    floors: [{ verdict: "malicious", rules: ["calculator-code-injection"], proof: true }],
    carriers: ["tint-transform-program", "shading-function-range"],
  },
  {
    id: "image-codec-exploit",
    title: "Image decoder exploit",
    category: "exploitation",
    description:
      "An image whose encoding drives a decoder out of bounds: a TIFF in an XFA form (CVE-2010-0188), an RLE bitmap (CVE-2013-2729), JBIG2 segments (CVE-2009-0658, CVE-2021-30860), a predictor with /Colors above 2^24 (CVE-2009-3459).",
    attack: ["T1203"],
    rules: [
      "xfa-tiff-exploit",
      "exploit-bmp-rle",
      "exploit-jbig2",
      "exploit-jpeg-huffman",
      "colors-overflow",
      "jbig2-stream",
    ],
    floors: [
      {
        verdict: "malicious",
        rules: ["xfa-tiff-exploit", "exploit-bmp-rle", "exploit-jbig2", "exploit-jpeg-huffman"],
        proof: true,
      },
      { verdict: "malicious", rules: ["colors-overflow"] },
    ],
    carriers: ["xfa-tiff", "xfa-bmp", "jbig2-stream", "predictor-colors", "dct-huffman-table"],
  },
  {
    id: "media-exploit",
    title: "3D, Flash and media exploit",
    category: "exploitation",
    description:
      "U3D/PRC streams with block sizes or counts that overflow (CVE-2011-2462, CVE-2009-3953), Flash movies with exploit code (CVE-2012-0754 and kin), rich media that activates as the page opens.",
    attack: ["T1203"],
    rules: [
      "exploit-u3d-prc",
      "exploit-flash",
      "richmedia-flash-asset",
      "embedded-flash",
      "rich-media",
      "media-auto-activation",
    ],
    floors: [
      { verdict: "malicious", rules: ["exploit-u3d-prc", "exploit-flash"], proof: true },
      { verdict: "suspicious", rules: ["embedded-flash", "richmedia-flash-asset"] },
    ],
    carriers: ["u3d-stream", "flash-stream"],
  },
  {
    id: "signature-match",
    title: "Known malicious content (YARA)",
    category: "exploitation",
    description:
      "Decoded content matches a YARA rule: the bundled technique rules (shellcode, embedded executables, exploit-kit script markers) or the operator's own.",
    attack: ["T1203", "T1027"],
    rules: ["yara-match"],
    floors: [],
    noFloor:
      "operators add their own YARA rules, of any precision; the bundled technique rules each have their own rule here",
    carriers: ["embedded-pe"],
  },
  // ---- social engineering --------------------------------------------------------------------
  {
    id: "credential-phishing-link",
    title: "Link to a credential-phishing page",
    category: "social-engineering",
    description:
      "A link, often over a picture of a document or a button, that leads to a page asking for a password: deep paths into compromised sites, account-action words and brands outside their own domain.",
    attack: ["T1566.002", "T1204.001"],
    rules: [
      "phishing-url-pattern",
      "phishing-image-login-link",
      "phishing-link-overlay",
      "lure-link-dominant-page",
      "suspicious-link",
    ],
    floors: [
      { verdict: "suspicious", rules: ["phishing-url-pattern", "phishing-image-login-link"] },
      // a page-sized click target that opens or imports a remote file: any click is the callback
      { verdict: "suspicious", rules: ["phishing-link-overlay"], confidence: "high" },
    ],
    carriers: ["image-page-link", "text-link", "page-covering-button", "page-covering-remote-import"],
  },
  {
    id: "malware-download-link",
    title: "Picture page that links to a download",
    category: "social-engineering",
    description:
      "A page that is one picture (a fake document, a blurred invoice) with one link to a file on a free or file-sharing host: the download is the payload.",
    attack: ["T1566.002", "T1204.002", "T1608.001"],
    rules: ["phishing-image-download-link", "lure-image-download-link"],
    floors: [{ verdict: "suspicious", rules: ["phishing-image-download-link", "lure-image-download-link"] }],
    carriers: ["image-page-link"],
  },
  {
    id: "credential-harvesting-form",
    title: "Login form inside the PDF",
    category: "social-engineering",
    description:
      "A form with a password field whose submit action or script posts the fields to a web server: the phishing page is the document itself.",
    attack: ["T1566.001", "T1056.003"],
    rules: ["lure-login-form", "submit-form"],
    floors: [{ verdict: "suspicious", rules: ["lure-login-form"] }],
    carriers: ["submit-action", "submit-script"],
  },
  {
    id: "qr-code-lure",
    title: "QR code lure",
    category: "social-engineering",
    description:
      "A short document whose QR code leads to a web page (quishing): the link leaves the mail gateway's view for a phone's browser.",
    attack: ["T1566.001", "T1204.001"],
    rules: ["lure-qr-code", "lure-qr-code-suspicious-url"],
    floors: [{ verdict: "suspicious", rules: ["lure-qr-code-suspicious-url"] }],
    carriers: ["rendered-page"],
  },
  {
    id: "fake-protected-document",
    title: "Fake 'protected document' lure",
    category: "social-engineering",
    description:
      "A page that says the document is protected, encrypted or cannot be displayed, as text or as a picture, with one way out (a link, a button, a button whose script opens the page: no /URI for a link scanner to read) to the attacker's login or download page.",
    attack: ["T1566.001", "T1204.001", "T1656"],
    rules: ["lure-fake-protected-document", "phishing-image-login-link", "lure-link-dominant-page"],
    // government forms' "cannot be displayed, download Adobe Reader" pages and agency links are not a way out (rule)
    floors: [{ verdict: "suspicious", rules: ["lure-fake-protected-document"] }],
    carriers: ["text-with-link", "image-with-link", "fake-captcha-with-link", "text-with-button-script"],
  },
  {
    id: "callback-phone-lure",
    title: "Call-back phishing notice (TOAD)",
    category: "social-engineering",
    description:
      "A fake invoice, renewal or order for a charge the reader never made, whose way out is a phone number to cancel or dispute it: the caller reaches the attacker, who has a remote-access tool installed or money sent. There is no link to check.",
    attack: ["T1566.001", "T1598.004", "T1656"],
    rules: ["lure-callback-phone"],
    floors: [{ verdict: "suspicious", rules: ["lure-callback-phone"] }],
    carriers: [
      "text-invoice",
      "text-subscription-renewal",
      "text-german",
      "text-french",
      "text-spanish",
      "text-composite-font",
    ],
  },
  {
    id: "paste-and-run-lure",
    title: "Instructions to paste and run a command (ClickFix)",
    category: "social-engineering",
    description:
      "A page dressed as a CAPTCHA or a verification tells the reader to open the Run dialog (Win+R) or a terminal and paste what the attacker's web page put on the clipboard (Ctrl+V, Enter), or shows a command that downloads or decodes the code it runs. The reader runs it by hand, past every filter that looks at files (ATT&CK T1204.004, 2024-).",
    attack: ["T1204.004", "T1566.001", "T1059.001"],
    rules: ["lure-paste-and-run"],
    floors: [{ verdict: "suspicious", rules: ["lure-paste-and-run"] }],
    carriers: ["text-run-dialog-paste", "text-powershell-cradle", "text-terminal-paste"],
  },
  {
    id: "hosted-link-lure",
    title: "Lure linking through cloud storage, free hosting, a redirector or a shortener",
    category: "social-engineering",
    description:
      "A picture or button page whose one link goes to a file share, a free site or form builder, an open redirector of a well-known service, or a shortener: the host's reputation passes filters, and the attacker's file or page is behind it.",
    attack: ["T1566.002", "T1204.001", "T1583.006"],
    rules: [
      "phishing-image-hosted-link",
      "lure-hosted-link",
      "phishing-image-download-link",
      "lure-image-download-link",
      "phishing-image-login-link",
    ],
    floors: [],
    noFloor:
      "a picture flyer linking to a Google Form or a shared folder is ordinary; the link's host alone, on such a page, proves no lure (the download rules, which see a file fetched, carry malware-download-link's floor)",
    carriers: ["cloud-storage", "site-hosting", "redirector", "shortener"],
  },
  // ---- evasion -------------------------------------------------------------------------------
  {
    id: "antivirus-test-signature",
    title: "Anti-virus or anti-spam test signature",
    category: "evasion",
    description:
      "The EICAR test file, GTUBE or the AMSI test sample anywhere in the document (raw, in a stream, an attachment, a script or a string): harmless by design, made to set off every scanner in the path, which reports it as malware; as a probe it tells an attacker which scanners a mail path runs.",
    attack: ["T1027"],
    rules: ["antivirus-test-signature"],
    floors: [{ verdict: "malicious", rules: ["antivirus-test-signature"] }],
    carriers: ["attachment", "script", "content-stream", "raw-appended"],
  },
  {
    id: "javascript-obfuscation",
    title: "Obfuscated JavaScript",
    category: "evasion",
    description:
      "Code hidden by a technique honest scripts do not use: eval of decoded or computed strings, character-code arrays, hex text, shuffled alphabets, names spelled in pieces, a payload read back from the document's metadata or annotations.",
    attack: ["T1027", "T1140", "T1059.007"],
    rules: ["javascript-obfuscation", "javascript-dynamic-code", "javascript-obfuscated-emulation-failed"],
    floors: [{ verdict: "suspicious", rules: ["javascript-obfuscation"] }],
    carriers: ["open-action-script", "unreferenced-script"],
  },
  {
    id: "hidden-names",
    title: "Names and keywords hidden from scanners",
    category: "evasion",
    description:
      "Security-relevant names written with #xx escapes (/J#61vaScript) or placed where a strict reading of the file does not look: made to defeat keyword scanners such as pdfid.",
    attack: ["T1027"],
    rules: ["name-obfuscation", "hidden-active-keyword"],
    floors: [{ verdict: "suspicious", rules: ["name-obfuscation", "hidden-active-keyword"] }],
    carriers: ["escaped-name", "stray-keyword"],
  },
  {
    id: "payload-in-metadata",
    title: "Payload hidden in metadata or annotation text",
    category: "evasion",
    description:
      "Encoded code or data stored in an annotation, an Info entry or a form field, where a script reads it back: the script itself stays short and innocent-looking.",
    attack: ["T1027", "T1027.009"],
    rules: ["payload-in-text-field"],
    floors: [{ verdict: "suspicious", rules: ["payload-in-text-field"] }],
    carriers: ["info-entry", "annotation-text"],
  },
  {
    id: "encryption-hiding",
    title: "Encryption that hides content from scanners",
    category: "evasion",
    description:
      "Encrypting the document (even with the empty password) turns its strings and streams into ciphertext for every scanner that does not decrypt; a password sent in the mail body keeps it opaque to all.",
    attack: ["T1027.013"],
    rules: ["encryption-hides-active-content", "encrypted-document"],
    floors: [],
    noFloor:
      "official forms are encrypted with the empty password to protect their scripts and fields; encryption alone proves nothing",
    carriers: ["empty-password-rc4"],
  },
  {
    id: "malformed-structure",
    title: "Malformed or polyglot structure",
    category: "evasion",
    description:
      "Bytes before the header, data after the end, objects outside the cross-reference table, two readers that disagree, a PDF wrapped in XDP: shapes that make one parser see what another does not.",
    attack: ["T1027", "T1036.008"],
    rules: [
      "malformed-structure",
      "header-not-at-start",
      "data-after-eof",
      "objects-outside-xref",
      "many-revisions",
      "high-entropy-outside-streams",
      "parser-differential",
      "xdp-wrapper",
    ],
    floors: [],
    noFloor:
      "damaged and oddly written files are common among honest ones (broken generators, partial downloads, test suites)",
    carriers: ["junk-before-header", "xdp-package"],
  },
];

export const TECHNIQUES_BY_ID: ReadonlyMap<string, Technique> = new Map(TECHNIQUES.map((t) => [t.id, t]));

/** Technique ids of each rule id (a rule can report several techniques). */
export const TECHNIQUES_OF_RULE: ReadonlyMap<string, readonly string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const t of TECHNIQUES) for (const r of t.rules) out.set(r, [...(out.get(r) ?? []), t.id]);
  for (const t of TECHNIQUES) for (const r of t.explainedBy ?? []) if (!out.has(r)) out.set(r, [t.id]);
  return out;
})();
