// Every analysis budget in one table. Units are in the names. Hitting a budget stops that branch,
// records an anomaly/finding and marks the result truncated; it never throws, hangs or exhausts memory.
// Lives at the bottom of the import graph so lib/pdf, lib/analyzer and lib/server all read the same table.

export interface Limits {
  /** largest input the analyzer accepts (the HTTP upload cap is configured separately in the server) */
  MAX_INPUT_BYTES: number;
  /** bytes at each end of a headerless upload searched for PDF object syntax (`N G obj`, `endobj`, `startxref`) */
  HEADERLESS_SNIFF_BYTES: number;
  /** names kept that lie outside every parsed object (stray active content a strict reading misses) */
  MAX_STRAY_NAMES: number;
  /** decoded output of one stream */
  MAX_DECODED_BYTES_PER_STREAM: number;
  /** decoded output of all streams of one document */
  MAX_DECODED_BYTES_TOTAL: number;
  /** indirect objects kept (all revisions) */
  MAX_OBJECTS: number;
  /** nesting of arrays/dicts inside one object */
  MAX_NESTING_DEPTH: number;
  /** filters applied to one stream */
  MAX_FILTER_CHAIN: number;
  /** references followed in one resolution (cycle guard backstop) */
  MAX_REF_CHAIN: number;
  /** objects parsed out of one object stream */
  MAX_OBJECTS_PER_OBJSTM: number;
  /** xref sections followed through /Prev and hybrid /XRefStm */
  MAX_XREF_SECTIONS: number;
  /** signatures per document whose coverage and later changes are examined (each compares the signed revision with the current one) */
  MAX_SIGNATURES: number;
  /** action /Next chain length and other graph walks */
  MAX_ACTION_CHAIN: number;
  /** bytes of decoded text scanned for indicators per stream */
  MAX_IOC_SCAN_BYTES_PER_STREAM: number;
  /** indicators kept per type */
  MAX_IOCS_PER_TYPE: number;
  /** URLs read inside one URL (redirect parameters, `http://http://...`) after its first; the rest of the span is skipped */
  MAX_NESTED_URLS_PER_SPAN: number;
  /** nodes (objects and the values nested in them) of the one indexing walk over every object: keyword counts, action dictionaries, strings */
  MAX_INDEX_NODES: number;
  /** nodes of the walk over every object that finds font matrices and font programs */
  MAX_FONT_WALK_NODES: number;
  /** bytes at the head of a JPEG image read for its headers before the first scan (facts/formats/jpeg.ts) */
  JPEG_HEADER_BYTES: number;
  /** marker segments of one JPEG image walked before the first scan */
  MAX_JPEG_SEGMENTS: number;
  /** tokens of one PostScript calculator function's program read for its stack use (facts/calculator-functions.ts) */
  CALCULATOR_MAX_TOKENS: number;
  /** nodes walked in one recovered object (swallowed by a stream, or read at an xref offset inside another) looking for active names */
  MAX_RECOVERED_OBJECT_NODES: number;
  /** ancestors searched for an inherited entry: /MediaBox and /Resources up the page tree (§7.7.3.4), /FT and /T up the field tree (§12.7.4) */
  MAX_INHERITANCE_DEPTH: number;
  /** nodes of the /EmbeddedFiles name tree walked (§7.9.6) */
  MAX_NAME_TREE_NODES: number;
  /** renditions of a selector rendition (/SR) and GoToE target dictionaries (/T) followed from one action */
  MAX_MEDIA_CHAIN: number;
  /** characters of one script read from the document (an action's /JS, a script stream no action reaches) */
  MAX_SCRIPT_CHARS: number;
  /** script streams that no action reaches kept per document (each is then read like any script) */
  MAX_ORPHAN_SCRIPTS: number;
  /** fields of the form's field tree walked for password fields */
  MAX_FORM_FIELDS: number;
  /** streams decoded in full as decompression-bomb candidates per document (picked by a probe of their head) */
  MAX_BOMB_CANDIDATES: number;
  /** streams holding a Flash movie kept per document */
  MAX_SWF_STREAMS: number;
  /** places (the file, decoded streams, attachments, scripts, strings) searched for industry test signatures */
  MAX_TEST_SIGNATURE_PLACES: number;
  /** `${` read as the start of a Log4j or Commons Text lookup per document (facts/processor-injections.ts) */
  MAX_LOOKUP_CANDIDATES: number;
  /** bytes outside every object (structure.ts outsideSpans) searched for a hidden program or archive (facts/hidden-payloads.ts) */
  HIDDEN_PAYLOAD_SCAN_BYTES: number;
  /** hidden programs and archives kept per document */
  HIDDEN_PAYLOADS_MAX: number;
  /** characters of one annotation or Info text stream read to see whether it holds an encoded payload */
  MAX_TEXT_FIELD_CHARS: number;
  /** annotation and Info text fields kept per document that hold an encoded payload, and (as many) that are padded like an overflow */
  MAX_ENCODED_TEXT_FIELDS: number;
  /** locations on other machines kept per document (action targets, file specifications, script literals, XFA callbacks) */
  MAX_REMOTE_LOCATIONS: number;
  /** file-share string literals kept per script */
  MAX_SCRIPT_FILE_SHARES: number;
  /** values searched inside one object for the keys that lead to a file specification it holds (what carries a location) */
  MAX_CARRIER_PATH_NODES: number;
  /** nesting depth of that search */
  MAX_CARRIER_PATH_DEPTH: number;
  /** characters of an XFA form read (its packets together), and of each version of a signed form's XFA stream compared */
  MAX_XFA_CHARS: number;
  /** `<script>` elements read from an XFA form */
  MAX_XFA_SCRIPTS: number;
  /** callbacks (submits, URL functions, data connections, external entities, image hrefs) kept per XFA form */
  MAX_XFA_CALLBACKS: number;
  /** nested `<event>` elements of an XFA form tracked (the activity a callback runs on) */
  MAX_XFA_EVENT_DEPTH: number;
  /** URL calls and executed data connections read per XFA script body */
  MAX_XFA_SCRIPT_CALLS: number;
  /** pages whose content streams are read for their layout (images, text) in the fast stage, from the first page */
  LAYOUT_MAX_PAGES: number;
  /** decoded content-stream bytes read per page for its layout */
  LAYOUT_MAX_CONTENT_BYTES: number;
  /** graphics states (q) saved per page while reading its layout; a deeper save is not kept (the matching Q then restores an outer one). Generators nest a few levels (ISO 32000-1 Annex C names 28 as a reader's limit) */
  LAYOUT_MAX_STATE_DEPTH: number;
  /** a document of at most this many pages has its page text read in the fast stage (lure wording; longer documents are not lures) */
  PAGE_TEXT_MAX_PAGES: number;
  /** decoded content-stream bytes read per page for its text in the fast stage */
  PAGE_TEXT_MAX_CONTENT_BYTES: number;
  /** characters of text kept per page in the fast stage (lure rules read the first few thousand) */
  PAGE_TEXT_MAX_CHARS: number;
  /** characters of the pages' text the call-back lure check reads (a notice is a page; CALLBACK_MAX_WORDS words of usual length are ~5,000 characters) */
  CALLBACK_TEXT_SCAN_CHARS: number;
  /** phone numbers of that text examined for a call to action and a cancellation beside them (a notice gives one or two) */
  CALLBACK_MAX_PHONES: number;
  /** characters of a page's text searched for lure wording ("document is protected", "enable content") */
  LURE_TEXT_SCAN_CHARS: number;
  /** characters of a script that the form rules search for submitForm targets and for field rewrites on open */
  FORM_SCRIPT_SCAN_CHARS: number;
  /** characters of a font's ToUnicode CMap read for the page text (a CJK font's map is ~1 MB: twice that) */
  PAGE_TEXT_MAX_CMAP_CHARS: number;
  /** form XObjects of a page whose text is read (one level: forms inside forms are not); a letterhead or a whole page placed as a form is one or two */
  PAGE_TEXT_MAX_FORMS_PER_PAGE: number;
  /** evidence entries kept per finding */
  MAX_EVIDENCE_PER_FINDING: number;
  /** characters of an excerpt shown in evidence */
  MAX_EXCERPT_CHARS: number;
  /** wall-clock budget of the fast stage in the service (milliseconds) */
  FAST_STAGE_TIMEOUT_MS: number;
  /** wall-clock budget of the advanced stage in the service (milliseconds) */
  ADVANCED_STAGE_TIMEOUT_MS: number;
  /** pages rendered by pdf.js for the lure checks, from the first page (lures are short documents) */
  RENDER_MAX_PAGES: number;
  /** render scale of those pages (1 = 72 dpi); 1.5 keeps QR modules of a 1-inch code above 3 px */
  RENDER_SCALE: number;
  /** canvas pixels of one rendered page; a larger page is rendered at a proportionally lower scale */
  RENDER_MAX_PIXELS_PER_PAGE: number;
  /** CPU-time budget of rendering one document (milliseconds of the render process's CPU, not wall-clock: the same pages on a busy machine); pages done by then are kept */
  RENDER_TIMEOUT_MS: number;
  /** characters of rendered text kept per page */
  RENDER_MAX_TEXT_CHARS_PER_PAGE: number;
  /** drawing operators of one page, tiling-pattern cells included; a page above it is read (text, links) but not drawn */
  RENDER_MAX_OPERATORS_PER_PAGE: number;
  /** tile copies pdf.js draws to build one tiling-pattern cell (bbox / step in x times y); degenerate steps (0, tiny, negative) exceed it */
  RENDER_MAX_PATTERN_TILES: number;
  /** pixels of one image pdf.js decodes while drawing; larger images are left out, as a low-memory reader would */
  RENDER_MAX_IMAGE_PIXELS: number;
  /** resident memory the process may grow by while one document renders; above it the render thread is stopped */
  RENDER_MAX_MEMORY_BYTES: number;
  /** CPU time past the render's own budget after which the host stops a render process stuck in a synchronous loop (milliseconds) */
  RENDER_HARD_STOP_GRACE_MS: number;
  /** long side of a page thumbnail (pixels), encoded as PNG only when the caller asks for page images (the scan's advanced stage) */
  RENDER_THUMBNAIL_MAX_PX: number;
  /** long side of a page's enlarged preview (pixels); never larger than the page was drawn */
  RENDER_PREVIEW_MAX_PX: number;
  /** PNG bytes of all page images of one document; a page whose images would pass it gets none (or a thumbnail only) */
  RENDER_PAGE_IMAGES_MAX_BYTES: number;
  /** QR codes decoded per rendered page */
  QR_MAX_PER_PAGE: number;
  /** bytes of the XMP metadata stream scanned */
  MAX_XMP_BYTES: number;
  /** nested PDF attachments analysed recursively down to this depth (the top-level document is depth 0) */
  MAX_EMBED_DEPTH: number;
  /** attachments analysed per document (type detection, archive listing, nested analysis) */
  MAX_EMBEDDED_FILES: number;
  /** nested PDF analyses per top-level document, all depths together */
  MAX_NESTED_PDF_ANALYSES: number;
  /** names read from one archive's central directory */
  MAX_ARCHIVE_ENTRIES: number;
  /** bytes of an attachment sniffed for script content */
  MAX_SCRIPT_SNIFF_BYTES: number;
  /** RLE bytes of one BMP image walked by the CVE-2013-2729 check */
  MAX_RLE_SCAN_BYTES: number;
  /** segment headers read from one JBIG2 stream */
  MAX_JBIG2_SEGMENTS: number;
  /** bytes of one base64 TIFF decoded from an XFA form for the CVE-2010-0188 directory check */
  MAX_TIFF_BYTES: number;
  /** blocks read from one U3D stream */
  MAX_U3D_BLOCKS: number;
  /** modifier declarations read from one U3D modifier chain */
  MAX_U3D_CHAIN_MODIFIERS: number;
  /** shading descriptions read from one U3D mesh declaration */
  MAX_U3D_SHADINGS: number;
  /** base64 images of each format (BMP, TIFF) decoded from one XFA form */
  MAX_XFA_IMAGES: number;
  /** image file directories read from one TIFF */
  MAX_TIFF_IFDS: number;
  /** entries read from one TIFF image file directory */
  MAX_TIFF_ENTRIES: number;
  /** table records read from one TrueType/OpenType table directory */
  MAX_SFNT_TABLES: number;
  /** bytes of a Type 1 font program decoded for its cleartext part (the part before eexec) */
  MAX_TYPE1_CLEARTEXT_BYTES: number;
  /** wall-clock budget of all YARA scans of one document (milliseconds) */
  YARA_TIMEOUT_MS: number;
  /** bytes handed to YARA per document, raw file and decoded streams together */
  YARA_MAX_SCAN_BYTES: number;
  /** scan targets (raw file, decoded streams, scripts) per document */
  YARA_MAX_TARGETS: number;
  /** CPU time of one script's sandboxed emulation, eval layers and timers included (milliseconds; CPU, not wall-clock, time: the same run on a busy machine) */
  JS_CPU_MS: number;
  /** memory of one emulation: the sandbox process is killed above this resident size */
  JS_MEMORY_BYTES: number;
  /** eval/Function/setTimeOut layers kept per script */
  JS_MAX_LAYERS: number;
  /** scripts larger than this are neither parsed nor emulated (text signals still run) */
  JS_MAX_SCRIPT_BYTES: number;
  /** script text the fast stage parses per document to see whether a constant-true loop can be left (only scripts with such a loop head) */
  JS_LOOP_CHECK_BYTES: number;
  /** stack of the worker that parses a script too deeply nested for the main thread (MiB) */
  JS_PARSE_STACK_MB: number;
  /** distinct scripts emulated per document (identical scripts run once) */
  JS_MAX_SCRIPTS: number;
  /** CPU time of the emulations of all scripts of one document, shared out in the scripts' rank order (milliseconds; emulation-turns.ts) */
  JS_TOTAL_CPU_MS: number;
  /** characters of layers, strings and API arguments one emulation may report */
  JS_MAX_OUTPUT_CHARS: number;
  /** nodes of one script's syntax tree walked by the static analysis (each layer's too) */
  JS_MAX_AST_NODES: number;
  /** strings the constant folding produced (not literal as written: hidden URLs) kept per script */
  JS_MAX_DECODED_STRINGS: number;
  /** characters of one of those strings kept (the rest of a longer one is not searched for indicators); 64 KiB holds any URL or command line */
  JS_MAX_DECODED_STRING_CHARS: number;
  /** entries of each list the static analysis keeps per script (dynamic-code calls, static layers, exploit uses, shellcode strings, heap-spray shapes; API names: twice this): evidence, not a census */
  JS_MAX_AST_LIST_ITEMS: number;
  /** nesting of one expression the constant folding descends into (hostile nesting; obfuscators' pieces sit a few levels deep, and the recursion must stay far from the stack's end) */
  JS_MAX_FOLD_DEPTH: number;
  /** characters of one string the constant folding builds; a longer one (string doubling, a sprayed block) is left unfolded. A hidden URL or a next layer is far shorter */
  JS_MAX_FOLDED_CHARS: number;
  /** items of one array the constant folding builds (a literal, a split); a longer one is left unfolded. A char-code array of a 64 KiB layer fits */
  JS_MAX_FOLDED_ARRAY_ITEMS: number;
  /** arguments of one global call (String.fromCharCode, unescape, ...) folded; a call with more is left unfolded (a char-code call of a 4 KiB string fits) */
  JS_MAX_FOLDED_CALL_ARGUMENTS: number;
  /** function bodies one script's text scan (runs-on-load.ts) records; past it every call counts as running on load (the conservative answer). Bounds the scan's memory: far more than a 4 MiB script holds honestly */
  JS_MAX_LOAD_SCAN_FUNCTIONS: number;
  /** calls that scan records; past it every call counts as running on load (ten per function body) */
  JS_MAX_LOAD_SCAN_CALLS: number;
  /** comments that scan records; past it every call counts as running on load (and none as commented out) */
  JS_MAX_LOAD_SCAN_COMMENTS: number;
  /** rounds of the fixed point over "called from code that runs" (each round reaches one more level of calls: a call chain deeper than 32 is not written by hand) */
  JS_MAX_LOAD_SCAN_ROUNDS: number;
  /** calls kept per outward API (submitForm, launchURL, mailDoc, ...) and per script in the fast stage: evidence, not a census */
  JS_MAX_CALLS_PER_API: number;
  /** characters of one script the fast stage's text signals read (escapes, hex runs, exploit APIs, callbacks, techniques); twice MAX_SCRIPT_CHARS, for the XFA scripts that bound does not cover */
  JS_SIGNAL_SCAN_CHARS: number;
  /** characters of one script searched for names assembled from pieces ("ev" + "al", char codes, arrays): the search copies and rewrites that text, and a decoder's pieces sit near its start */
  JS_ASSEMBLED_NAMES_SCAN_CHARS: number;
  /** characters of one script searched for obfuscation techniques in the fast stage (each pattern is linear; 2 MiB holds any hand-written script) */
  JS_OBFUSCATION_SCAN_CHARS: number;
  /** texts of a document's scripts (layers, folded and run-time strings, API targets) handed to indicator extraction */
  JS_MAX_IOC_TEXTS: number;
  /** characters of one run-time string read for its printable runs (the strings(1) view of shellcode: the URLs and commands inside it) handed to indicator extraction */
  JS_MAX_PRINTABLE_SCAN_CHARS: number;
  /** characters of the function declarations one script borrows from the others (document-level scripts first), all together */
  JS_MAX_DEFINITION_CHARS: number;
  /** a script longer than this lends none of its function declarations to the others (it is not parsed for them) */
  JS_MAX_DEFINITION_SOURCE_CHARS: number;
  /** nodes of one script walked looking for a loop it cannot leave (each walk: the loops, a loop's body) */
  JS_MAX_LOOP_WALK_NODES: number;
  /** loops it cannot leave kept per script */
  JS_MAX_ENDLESS_LOOPS: number;
  /** characters of the document's texts (Info, annotations, fields) handed to the sandbox's Acrobat stubs, all together */
  JS_CONTEXT_MAX_CHARS: number;
  /** characters of one of those texts */
  JS_CONTEXT_MAX_VALUE_CHARS: number;
  /** annotations handed to the sandbox (this.getAnnots) */
  JS_CONTEXT_MAX_ANNOTATIONS: number;
  /** form fields handed to the sandbox (this.getField) */
  JS_CONTEXT_MAX_FIELDS: number;
  /** pages whose words are handed to the sandbox (this.getPageNthWord), from the first page */
  JS_CONTEXT_MAX_WORD_PAGES: number;
  /** characters of shown text read per page for those words */
  JS_CONTEXT_MAX_PAGE_TEXT_CHARS: number;
  /** words kept per page */
  JS_CONTEXT_MAX_WORDS_PER_PAGE: number;
  /** XFA field and data values handed to the sandbox (what an XFA script reads back from its form) */
  JS_CONTEXT_MAX_XFA_VALUES: number;
  /** characters of one XFA value (all values together: four times this) */
  JS_CONTEXT_MAX_XFA_VALUE_CHARS: number;
  /** characters of the XFA form scanned for those values */
  JS_CONTEXT_XFA_SCAN_CHARS: number;
  /** characters of one template field's body searched for its default value (a field holds a value and its UI, not a document); a longer field's value is not handed over */
  JS_CONTEXT_MAX_XFA_FIELD_BODY_CHARS: number;
  /** characters of each deobfuscated layer kept in the report */
  JS_LAYER_EXCERPT_CHARS: number;
  /** characters of one script's full text, and of each of its full layers, kept in the report for the script viewer */
  JS_REPORT_SCRIPT_CHARS: number;
  /** shellcode strings of one script described (architecture, disassembly) in the report */
  SHELLCODE_PER_SCRIPT: number;
  /** bytes of one shellcode, past its sled, decoded into instructions */
  SHELLCODE_DECODED_BYTES: number;
  /** instructions of one shellcode listed in the report */
  SHELLCODE_INSTRUCTIONS: number;
  /** bytes of one shellcode string searched for the end of its leading sled (a sprayed block can be megabytes of it; a sled before code is far shorter) */
  SHELLCODE_SLED_SCAN_BYTES: number;
  /** characters of a script and of each of its layers searched for %u / \x escape runs that are shellcode candidates (MAX_SCRIPT_CHARS: a whole script) */
  SHELLCODE_ESCAPE_SCAN_CHARS: number;
  /** escape runs of one script or layer kept as shellcode candidates (the report describes SHELLCODE_PER_SCRIPT of all candidates: as many) */
  SHELLCODE_ESCAPE_RUNS: number;
  /** bytes decoded from one escape run (past its sled, SHELLCODE_DECODED_BYTES of them are read as code; a payload is a few KiB) */
  SHELLCODE_ESCAPE_RUN_BYTES: number;
  /** a file larger than this gets no TLSH similarity hash in the advanced stage (the JS port costs ~0.3 s per MiB; a prefix's hash would not be the file's) */
  TLSH_MAX_INPUT_BYTES: number;
  /** characters of full script and layer text kept in one report, all scripts together (duplicates count once) */
  JS_REPORT_TOTAL_CHARS: number;
  /** removals listed one by one in a disarm summary (`pdfscan disarm`); every removal is still counted */
  DISARM_MAX_LISTED_REMOVALS: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  MAX_INPUT_BYTES: 200 * 1024 * 1024,
  HEADERLESS_SNIFF_BYTES: 64 * 1024,
  MAX_STRAY_NAMES: 1_000,
  MAX_DECODED_BYTES_PER_STREAM: 32 * 1024 * 1024,
  MAX_DECODED_BYTES_TOTAL: 128 * 1024 * 1024,
  MAX_OBJECTS: 200_000,
  MAX_NESTING_DEPTH: 128,
  MAX_FILTER_CHAIN: 8,
  MAX_REF_CHAIN: 64,
  MAX_OBJECTS_PER_OBJSTM: 100_000,
  MAX_XREF_SECTIONS: 256,
  MAX_SIGNATURES: 64,
  MAX_ACTION_CHAIN: 256,
  MAX_IOC_SCAN_BYTES_PER_STREAM: 4 * 1024 * 1024,
  MAX_IOCS_PER_TYPE: 500,
  MAX_NESTED_URLS_PER_SPAN: 8,
  MAX_INDEX_NODES: 20_000_000,
  MAX_FONT_WALK_NODES: 5_000_000,
  CALCULATOR_MAX_TOKENS: 100_000,
  JPEG_HEADER_BYTES: 256 * 1024,
  MAX_JPEG_SEGMENTS: 1024,
  MAX_RECOVERED_OBJECT_NODES: 10_000,
  MAX_INHERITANCE_DEPTH: 32,
  MAX_NAME_TREE_NODES: 100_000,
  MAX_MEDIA_CHAIN: 16,
  MAX_SCRIPT_CHARS: 4 * 1024 * 1024,
  MAX_ORPHAN_SCRIPTS: 32,
  MAX_FORM_FIELDS: 10_000,
  MAX_BOMB_CANDIDATES: 8,
  MAX_SWF_STREAMS: 20,
  MAX_TEST_SIGNATURE_PLACES: 10_000,
  MAX_LOOKUP_CANDIDATES: 1024,
  HIDDEN_PAYLOAD_SCAN_BYTES: 16 * 1024 * 1024,
  HIDDEN_PAYLOADS_MAX: 16,
  MAX_TEXT_FIELD_CHARS: 1024 * 1024,
  MAX_ENCODED_TEXT_FIELDS: 32,
  MAX_REMOTE_LOCATIONS: 4096,
  MAX_SCRIPT_FILE_SHARES: 16,
  MAX_CARRIER_PATH_NODES: 4096,
  MAX_CARRIER_PATH_DEPTH: 10,
  MAX_XFA_CHARS: 16 * 1024 * 1024,
  MAX_XFA_SCRIPTS: 10_000,
  MAX_XFA_CALLBACKS: 256,
  MAX_XFA_EVENT_DEPTH: 64,
  MAX_XFA_SCRIPT_CALLS: 16,
  LAYOUT_MAX_PAGES: 5,
  LAYOUT_MAX_CONTENT_BYTES: 1024 * 1024,
  LAYOUT_MAX_STATE_DEPTH: 64,
  PAGE_TEXT_MAX_PAGES: 3,
  PAGE_TEXT_MAX_CONTENT_BYTES: 128 * 1024,
  PAGE_TEXT_MAX_CHARS: 10_000,
  PAGE_TEXT_MAX_CMAP_CHARS: 2 * 1024 * 1024,
  CALLBACK_TEXT_SCAN_CHARS: 8000,
  CALLBACK_MAX_PHONES: 32,
  LURE_TEXT_SCAN_CHARS: 4000,
  FORM_SCRIPT_SCAN_CHARS: 1024 * 1024,
  PAGE_TEXT_MAX_FORMS_PER_PAGE: 32,
  MAX_EVIDENCE_PER_FINDING: 20,
  MAX_EXCERPT_CHARS: 160,
  FAST_STAGE_TIMEOUT_MS: 10_000,
  ADVANCED_STAGE_TIMEOUT_MS: 120_000,
  RENDER_MAX_PAGES: 3,
  RENDER_SCALE: 1.5,
  RENDER_MAX_PIXELS_PER_PAGE: 4_000_000,
  RENDER_TIMEOUT_MS: 2_500,
  RENDER_MAX_TEXT_CHARS_PER_PAGE: 20_000,
  RENDER_MAX_OPERATORS_PER_PAGE: 500_000,
  RENDER_MAX_PATTERN_TILES: 4_096,
  RENDER_MAX_IMAGE_PIXELS: 16 * 1024 * 1024,
  RENDER_MAX_MEMORY_BYTES: 512 * 1024 * 1024,
  RENDER_HARD_STOP_GRACE_MS: 750,
  RENDER_THUMBNAIL_MAX_PX: 320,
  RENDER_PREVIEW_MAX_PX: 1_000,
  RENDER_PAGE_IMAGES_MAX_BYTES: 4 * 1024 * 1024,
  QR_MAX_PER_PAGE: 4,
  MAX_XMP_BYTES: 1024 * 1024,
  MAX_EMBED_DEPTH: 5,
  MAX_EMBEDDED_FILES: 100,
  MAX_NESTED_PDF_ANALYSES: 16,
  MAX_ARCHIVE_ENTRIES: 10_000,
  MAX_SCRIPT_SNIFF_BYTES: 64 * 1024,
  MAX_RLE_SCAN_BYTES: 8 * 1024 * 1024,
  MAX_JBIG2_SEGMENTS: 100_000,
  MAX_TIFF_BYTES: 8 * 1024 * 1024,
  MAX_U3D_BLOCKS: 100_000,
  MAX_U3D_CHAIN_MODIFIERS: 1_000,
  MAX_U3D_SHADINGS: 256,
  MAX_XFA_IMAGES: 32,
  MAX_TIFF_IFDS: 16,
  MAX_TIFF_ENTRIES: 1_000,
  MAX_SFNT_TABLES: 1_000,
  MAX_TYPE1_CLEARTEXT_BYTES: 64 * 1024,
  YARA_TIMEOUT_MS: 15_000,
  YARA_MAX_SCAN_BYTES: 64 * 1024 * 1024,
  YARA_MAX_TARGETS: 5_000,
  JS_CPU_MS: 3_000,
  JS_MEMORY_BYTES: 256 * 1024 * 1024,
  JS_MAX_LAYERS: 32,
  JS_MAX_SCRIPT_BYTES: 4 * 1024 * 1024,
  JS_LOOP_CHECK_BYTES: 256 * 1024,
  JS_PARSE_STACK_MB: 256,
  JS_MAX_SCRIPTS: 32,
  JS_TOTAL_CPU_MS: 10_000,
  JS_MAX_OUTPUT_CHARS: 2 * 1024 * 1024,
  JS_MAX_AST_NODES: 3_000_000,
  JS_MAX_DECODED_STRINGS: 64,
  JS_MAX_DECODED_STRING_CHARS: 64 * 1024,
  JS_MAX_AST_LIST_ITEMS: 64,
  JS_MAX_FOLD_DEPTH: 48,
  JS_MAX_FOLDED_CHARS: 1024 * 1024,
  JS_MAX_FOLDED_ARRAY_ITEMS: 65_536,
  JS_MAX_FOLDED_CALL_ARGUMENTS: 4096,
  JS_MAX_LOAD_SCAN_FUNCTIONS: 50_000,
  JS_MAX_LOAD_SCAN_CALLS: 500_000,
  JS_MAX_LOAD_SCAN_COMMENTS: 500_000,
  JS_MAX_LOAD_SCAN_ROUNDS: 32,
  JS_MAX_CALLS_PER_API: 8,
  JS_OBFUSCATION_SCAN_CHARS: 2 * 1024 * 1024,
  JS_SIGNAL_SCAN_CHARS: 8 * 1024 * 1024,
  JS_ASSEMBLED_NAMES_SCAN_CHARS: 1024 * 1024,
  JS_MAX_IOC_TEXTS: 256,
  JS_MAX_PRINTABLE_SCAN_CHARS: 65_536,
  JS_MAX_DEFINITION_CHARS: 512 * 1024,
  JS_MAX_DEFINITION_SOURCE_CHARS: 1024 * 1024,
  JS_MAX_LOOP_WALK_NODES: 3_000_000,
  JS_MAX_ENDLESS_LOOPS: 16,
  JS_CONTEXT_MAX_CHARS: 8 * 1024 * 1024,
  JS_CONTEXT_MAX_VALUE_CHARS: 2 * 1024 * 1024,
  JS_CONTEXT_MAX_ANNOTATIONS: 2_000,
  JS_CONTEXT_MAX_FIELDS: 2_000,
  JS_CONTEXT_MAX_WORD_PAGES: 16,
  JS_CONTEXT_MAX_PAGE_TEXT_CHARS: 256 * 1024,
  JS_CONTEXT_MAX_WORDS_PER_PAGE: 20_000,
  JS_CONTEXT_MAX_XFA_VALUES: 2_000,
  JS_CONTEXT_MAX_XFA_VALUE_CHARS: 2 * 1024 * 1024,
  JS_CONTEXT_XFA_SCAN_CHARS: 16 * 1024 * 1024,
  JS_CONTEXT_MAX_XFA_FIELD_BODY_CHARS: 65_536,
  JS_LAYER_EXCERPT_CHARS: 16 * 1024,
  JS_REPORT_SCRIPT_CHARS: 1024 * 1024,
  SHELLCODE_PER_SCRIPT: 3,
  SHELLCODE_DECODED_BYTES: 4096,
  SHELLCODE_INSTRUCTIONS: 64,
  SHELLCODE_SLED_SCAN_BYTES: 1024 * 1024,
  SHELLCODE_ESCAPE_SCAN_CHARS: 4 * 1024 * 1024,
  SHELLCODE_ESCAPE_RUNS: 3,
  SHELLCODE_ESCAPE_RUN_BYTES: 64 * 1024,
  JS_REPORT_TOTAL_CHARS: 4 * 1024 * 1024,
  TLSH_MAX_INPUT_BYTES: 8 * 1024 * 1024,
  DISARM_MAX_LISTED_REMOVALS: 10_000,
});

/**
 * Request bodies of the service (not analysis budgets: nothing in lib/analyzer reads them). The route
 * table that applies them is lib/server/http/body-limits.ts; the upload cap itself is configured
 * (PDFSCAN_MAX_UPLOAD_BYTES).
 */
export const HTTP_LIMITS = Object.freeze({
  /** a JSON body (sign-in, share options): a few fields */
  MAX_JSON_BODY_BYTES: 4 * 1024,
  /** room for multipart boundaries and part headers on top of the uploaded file itself */
  MULTIPART_OVERHEAD_BYTES: 64 * 1024,
  /**
   * the most bytes of a refused or unread body read and dropped so that a client still sending can read
   * the answer (nginx's lingering close); a longer body is cut off by closing the connection (issue 19:
   * reading is what costs memory, ~1 MB of garbage per MiB until the next collection)
   */
  MAX_DISCARD_BYTES: 16 * 1024 * 1024,
  /** entries of an uploaded ZIP looked at (issue 20: malware arrives in password ZIPs); more are a 400 */
  ARCHIVE_MAX_ENTRIES: 1_000,
  /** PDF members of one uploaded ZIP that become scans (POST /api/scans); more are a 400 */
  ARCHIVE_MAX_PDF_MEMBERS: 100,
  /** PDF members of one ZIP analysed synchronously (POST /analyze/*: one request holds them all) */
  ANALYZE_ARCHIVE_MAX_PDF_MEMBERS: 20,
  /** bytes of all members of one ZIP once inflated (each member is also held to the upload cap) */
  ARCHIVE_MAX_TOTAL_BYTES: 256 * 1024 * 1024,
  /** a member that inflates more than this many times its stored size is skipped as a zip bomb (PDFs: 2-10x) */
  ARCHIVE_MAX_RATIO: 100,
});

/**
 * Online reputation lookups of the enrichment step (lib/server/enrichment/online, issue 21 item 5),
 * off unless an operator configures a service. Each lookup sends one indicator or hash.
 */
export const PROVIDER_LIMITS = Object.freeze({
  /** lookups one scan may make at one service (the file and embedded files' hashes, the links' hosts) */
  LOOKUPS_PER_SCAN: 8,
  /** a service's answer read at most (a host on URLhaus lists up to 100 URLs: ~60 KB) */
  MAX_ANSWER_BYTES: 1024 * 1024,
  /** URLs of a URLhaus host answer kept for the report's counts */
  MAX_URLS_READ: 1_000,
});

/** What the object inspector (GET /api/scans/:id/objects, issue 22) hands to a browser per request. */
export const INSPECTOR_LIMITS = Object.freeze({
  /** object lines listed (a search or reference filter applies first) */
  MAX_LISTED_OBJECTS: 5_000,
  /** objects referring to the one shown, listed beside it */
  MAX_REFERRERS: 200,
  /** bytes of one stream shown (the CLI's --output writes the whole stream) */
  MAX_STREAM_SHOWN_BYTES: 512 * 1024,
  /** a search text */
  MAX_SEARCH_CHARS: 200,
});

/**
 * The engines' child processes (sandbox, renderer) are budgeted in CPU time (issue 19 item 7); a child
 * that makes no progress at all is stopped by the wall clock only after this many times its CPU
 * budget (and grace), so that no load short of this factor changes what an analysis finds.
 */
export const ENGINE_WALL_BACKSTOP_FACTOR = 8;

/** An idle pdf.js render process is stopped (and reaped by its thread) after this long. */
export const RENDER_PROCESS_IDLE_MS = 15_000;

/** An idle sandbox process (sandbox-emulator.ts) is stopped after this long. */
export const SANDBOX_PROCESS_IDLE_MS = 15_000;

/**
 * The name of a limit that an analysis ran into (a budget hit, reported in `budget_hits`): always a
 * key of this table, so a report names the setting to raise. Engine failures are not budget hits:
 * they are engine notes (lib/analyzer/report.ts).
 */
export type BudgetName = keyof Limits;
export const BUDGET_NAMES = Object.keys(DEFAULT_LIMITS) as [BudgetName, ...BudgetName[]];

/** Where a bounded walk reads its limits and records the ones it hits (a PdfDocument is one). */
export interface Budget {
  readonly limits: Limits;
  readonly budgetHits: Set<BudgetName>;
}

/**
 * The first `limits[name]` characters of `text`: the window a bounded scan reads, with `name` added to
 * budget_hits when characters were left unread. Every text window of this table is taken through here,
 * so that none can cut without reporting it.
 */
export function textWindow(text: string, budget: Budget, name: BudgetName): string {
  const max = budget.limits[name];
  if (text.length <= max) return text;
  budget.budgetHits.add(name);
  return text.slice(0, max);
}

/** The default limits with hits recorded nowhere: for callers of a pure helper that report no budget_hits of their own. */
export function defaultBudget(): Budget {
  return { limits: DEFAULT_LIMITS, budgetHits: new Set() };
}

export function resolveLimits(overrides?: Partial<Limits>): Limits {
  // the service and the CLI pass none: the frozen table itself (a copy of the whole table per file
  // was a measurable part of analysing a small one)
  return overrides ? { ...DEFAULT_LIMITS, ...overrides } : DEFAULT_LIMITS;
}
