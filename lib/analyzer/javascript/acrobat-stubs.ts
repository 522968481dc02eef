// The Acrobat JavaScript API as the sandbox shows it to a script: plausible values (Reader 9.3 on
// Windows, the usual plug-ins) and the document's own data (annotation subjects, Info values, page
// words, field values: exploit kits hide payloads there), so the script takes the path it takes in
// a vulnerable viewer. Every stub call is recorded with its (truncated) arguments; eval, Function,
// app.setTimeOut/setInterval, addScript and setAction record the code they are given, then run it.
// The prelude runs first, takes the host's record function and deletes it from the global object.
// Acrobat JavaScript API Reference (Adobe, 2021) for names and return values; XFA 3.3 for xfa.*.
import type { ScriptContext } from "./script-context";

/** The global through which the prelude reaches the host; removed before the script runs. */
export const SANDBOX_HOST_GLOBAL = "__sandbox_host";
/** Run by the host after the script: pending timers and actions, then a scan of the globals. */
export const SANDBOX_FINISH_GLOBAL = "__sandbox_finish";
/** The `with` scope that resolves XFA field names (unknown identifiers) to form nodes. */
export const XFA_SCOPE_GLOBAL = "__xfa_scope";

export interface PreludeOptions {
  /** the script is an XFA event script: unknown names are form nodes, `this` is a node */
  xfa?: boolean;
  /** function declarations of the document's other scripts, defined (muted) before the script runs */
  definitions?: string[];
  /** app.viewerVersion (default 9.3) */
  viewerVersion?: number;
}

/**
 * The stubs, as JavaScript source of a function (host, ctx, opts). Written for any ES5+ engine; it
 * must not throw on odd input: everything the script hands to a stub is treated as hostile.
 */
export const ACROBAT_STUBS = String.raw`function (host, ctx, opts) {
  var G = globalThis;
  try { delete G.${SANDBOX_HOST_GLOBAL}; } catch (e) {}
  var hostRecord = host.record;
  var quiet = false;
  // the recording path uses built-ins captured now: a script that replaces them cannot blind it
  var reflectApply = Reflect.apply, strSlice = String.prototype.slice, reTest = RegExp.prototype.test, stringify = JSON.stringify, isArray = Array.isArray;
  var slice = function (s, a, b) { return reflectApply(strSlice, s, [a, b]); };
  // definitions borrowed from the document's other scripts run muted: they are recorded in their own run
  var record = function () { if (!quiet) return reflectApply(hostRecord, null, arguments); };
  var MAX_CODE = host.maxChars || 262144;
  var MAX_ARG = 2048;
  var MAX_STRING = 65536;
  var realEval = G.eval;
  var RealFunction = G.Function;
  var realUnescape = G.unescape;
  var realFromCharCode = String.fromCharCode;
  var queue = [];
  var baseline = {};

  function brief(v, depth) {
    try {
      if (typeof v === "string") return v.length > MAX_ARG ? slice(v, 0, MAX_ARG) : v;
      if (v === null || v === undefined || typeof v === "number" || typeof v === "boolean") return "" + v;
      if (typeof v === "function") return "[function]";
      if (depth > 0) return isArray(v) ? "[array]" : "[object]";
      if (isArray(v)) return "[array " + v.length + "]";
      var out = {}, n = 0;
      for (var k in v) {
        if (n++ >= 16) break;
        var x = v[k];
        out[k] = typeof x === "string" ? (x.length > 256 ? slice(x, 0, 256) : x) : (typeof x === "object" && x !== null) || typeof x === "function" ? brief(x, 1) : x;
      }
      return stringify(out);
    } catch (e) { return "[object]"; }
  }
  function call(api, args) {
    var a = ["api", api];
    for (var i = 0; i < args.length && i < 8; i++) a[a.length] = brief(args[i], 0);
    try { reflectApply(record, null, a); } catch (e) {}
  }
  function layer(api, code) {
    if (typeof code !== "string") return;
    try { record("layer", api, code.length > MAX_CODE ? slice(code, 0, MAX_CODE) : code); } catch (e) {}
  }
  function wide(s) {
    var n = Math.min(s.length, 4096), w = 0;
    for (var i = 0; i < n; i++) if (s.charCodeAt(i) > 0xff) w++;
    return n > 0 && w / n >= 0.25;
  }
  function candidate(s, source) {
    if (typeof s !== "string" || s.length < 24) return;
    var head = s.length > MAX_STRING ? slice(s, 0, MAX_STRING) : s;
    if (reflectApply(reTest, /(https?|ftp):\/\/|www\.|\\\\[\w.-]+\\/i, [head]) || wide(head) || reflectApply(reTest, /%u[0-9a-f]{4}/i, [slice(head, 0, 4096)])) {
      try { record("string", source, head); } catch (e) {}
    }
  }
  function stub(api, ret) {
    return function () {
      call(api, arguments);
      return typeof ret === "function" ? reflectApply(ret, this, arguments) : ret;
    };
  }
  function methods(obj, prefix, names, ret) {
    for (var i = 0; i < names.length; i++) obj[names[i]] = stub(prefix + names[i], ret);
    return obj;
  }
  // unknown members of obj read as recorded no-op methods (hosts grow APIs; a script must not die on one)
  function permissive(obj, prefix) {
    var made = {};
    return new Proxy(obj, {
      get: function (t, k) {
        if (typeof k !== "string" || k in t || k === "then" || k === "toJSON") return t[k];
        if (!made[k]) made[k] = stub(prefix + k);
        return made[k];
      }
    });
  }
  function runLater(api, code) {
    if (typeof code === "string") { layer(api, code); queue.push(code); }
    else if (typeof code === "function") { call(api, ["[function]"]); queue.push(code); }
    return { id: queue.length };
  }

  // ---- code generation: eval, Function, timers ----
  var scoped = function (code) { return opts.xfa ? "with (${XFA_SCOPE_GLOBAL}) {\n" + code + "\n}" : code; };
  var evalHook = function eval(code) {
    if (typeof code !== "string") return code;
    layer("eval", code);
    return realEval(scoped(code));
  };
  G.eval = evalHook;
  var FunctionStub = function Function() {
    var body = arguments.length ? String(arguments[arguments.length - 1]) : "";
    layer("Function", body);
    return RealFunction.apply(this, arguments);
  };
  FunctionStub.prototype = RealFunction.prototype;
  try { Object.defineProperty(RealFunction.prototype, "constructor", { value: FunctionStub, writable: true, configurable: true }); } catch (e) {}
  G.Function = FunctionStub;
  // Acrobat 9's SpiderMonkey still had Object.prototype.eval: app[fnc](code) with fnc = "eval" (corpus e4eb97ab8eb0)
  try { Object.defineProperty(Object.prototype, "eval", { value: evalHook, writable: true, configurable: true, enumerable: false }); } catch (e) {}
  G.unescape = function unescape(s) {
    var r = realUnescape(s);
    if (r.length >= 24) candidate(r, "unescape");
    return r;
  };
  String.fromCharCode = function fromCharCode() {
    var r = realFromCharCode.apply(String, arguments);
    if (r.length >= 24) candidate(r, "String.fromCharCode");
    return r;
  };

  // ---- the document (the global object of a document script is its Doc) ----
  var info = {};
  var std = { Title: "title", Author: "author", Subject: "subject", Keywords: "keywords", Creator: "creator", Producer: "producer", CreationDate: "creationDate", ModDate: "modDate" };
  // missing Info entries read as empty strings in Acrobat, not undefined (Phoenix kit: this.subject + code)
  for (var sk in std) { info[sk] = ""; info[std[sk]] = ""; G[std[sk]] = ""; }
  for (var key in ctx.info) {
    info[key] = ctx.info[key];
    if (std[key]) { info[std[key]] = ctx.info[key]; G[std[key]] = ctx.info[key]; }
  }
  function stream(s) {
    s = s === undefined || s === null ? "" : String(s);
    var pos = 0;
    return { read: function (n) { var r = s.slice(pos, pos + (n || s.length)); pos += r.length; var h = ""; for (var i = 0; i < r.length; i++) h += ("0" + (r.charCodeAt(i) & 255).toString(16)).slice(-2); return h; }, __text: s };
  }
  // SOAP.streamDecode's encoders (Acrobat JS API Reference: "hex" and "base64"; any other name leaves
  // the text as it is): staged loaders decode their payload this way before eval (malicious-pdf's
  // --obfuscate 4, the April 2026 Reader zero-day). Also applied where a script names one as
  // util.stringFromStream's char set, which Acrobat does not decode: the layer the script means to run
  // is shown either way.
  var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  function decodeText(s, encoder) {
    s = s === undefined || s === null ? "" : String(s);
    if (s.length > MAX_STRING * 4) s = slice(s, 0, MAX_STRING * 4);
    var e = String(encoder).toLowerCase(), out = "", i;
    if (e === "hex") {
      var h = s.replace(/[^0-9a-f]/gi, "");
      for (i = 0; i + 1 < h.length; i += 2) out += realFromCharCode(parseInt(h.substr(i, 2), 16));
      return out;
    }
    if (e !== "base64") return s;
    var bits = 0, n = 0;
    for (i = 0; i < s.length; i++) {
      var v = B64.indexOf(s.charAt(i) === "-" ? "+" : s.charAt(i) === "_" ? "/" : s.charAt(i));
      if (v < 0) continue;
      bits = (bits << 6) | v; n += 6;
      if (n >= 8) { n -= 8; out += realFromCharCode((bits >> n) & 255); }
    }
    return out;
  }
  function textOf(s) { return s && s.__text !== undefined ? s.__text : ""; }
  function annot(a) {
    var o = { type: a.type || "Text", subject: a.subject === undefined ? "" : a.subject, contents: a.contents === undefined ? "" : a.contents, name: a.name || "", author: a.author || "", page: a.page || 0, rect: [0, 0, 0, 0], hidden: false, print: true, readOnly: false, noView: false, opacity: 1 };
    o.getProps = function () { call("annot.getProps", []); return o; };
    o.setProps = stub("annot.setProps");
    o.destroy = stub("annot.destroy");
    o.getStateInModel = stub("annot.getStateInModel", "");
    o.transitionToState = stub("annot.transitionToState");
    return o;
  }
  function pageOf(args) {
    var a = args[0];
    if (a && typeof a === "object") return a.nPage;
    return typeof a === "number" ? a : undefined;
  }
  var fields = {};
  function field(name) {
    name = String(name);
    if (fields[name]) return fields[name];
    var value = "";
    for (var i = 0; i < ctx.fields.length; i++) if (ctx.fields[i].name === name && ctx.fields[i].value !== undefined) value = ctx.fields[i].value;
    var f = { name: name, value: value, valueAsString: value, rawValue: value, defaultValue: "", type: "text", display: 0, hidden: false, readonly: false, required: false, textFont: "Helvetica", textSize: 0, textColor: ["G", 0], fillColor: ["T"], borderColor: ["T"], strokeColor: ["T"], borderStyle: "solid", charLimit: 0, multiline: false, page: 0, rect: [0, 0, 0, 0], doc: G, numItems: 0, exportValues: [], currentValueIndices: 0, userName: "" };
    f.setAction = function (trigger, code) { call("field.setAction", arguments); return runLater("field.setAction", code); };
    methods(f, "field.", ["setFocus", "buttonSetCaption", "buttonSetIcon", "buttonImportIcon", "checkThisBox", "setItems", "insertItemAt", "deleteItemAt", "clearItems", "signatureSign", "setLock", "browseForFileToSubmit", "defaultIsChecked"]);
    f.buttonGetCaption = stub("field.buttonGetCaption", "");
    f.buttonGetIcon = stub("field.buttonGetIcon", {});
    f.isBoxChecked = stub("field.isBoxChecked", false);
    f.isDefaultChecked = stub("field.isDefaultChecked", false);
    f.getItemAt = stub("field.getItemAt", "");
    f.getArray = stub("field.getArray", []);
    f.getLock = stub("field.getLock", null);
    f.signatureInfo = stub("field.signatureInfo", {});
    f.signatureValidate = stub("field.signatureValidate", 0);
    f.signatureGetSeedValue = stub("field.signatureGetSeedValue", {});
    fields[name] = f;
    return f;
  }
  var media = {
    version: 7, trace: false, priority: {}, ifOffScreen: {}, monitorType: {}, openCode: {}, over: {}, pageEventNames: {}, raiseCode: {}, raiseSystem: {}, renditionType: {}, status: {}, stopCode: {}, windowType: {}, closeReason: {}, defaultVisible: true,
    newPlayer: stub("media.newPlayer", function () { return player(); }),
    createPlayer: stub("media.createPlayer", function () { return player(); }),
    openPlayer: stub("media.openPlayer", function () { return player(); }),
    getPlayers: stub("media.getPlayers", []),
    canPlayOrAlert: stub("media.canPlayOrAlert", true),
    getAltTextData: stub("media.getAltTextData", {}),
    getAnnot: stub("media.getAnnot", null),
    getAnnots: stub("media.getAnnots", []),
    getRendition: stub("media.getRendition", null),
    getURLData: stub("media.getURLData", {}),
    alertFileNotFound: stub("media.alertFileNotFound"),
    alertSelectFailed: stub("media.alertSelectFailed"),
    argsDWIM: stub("media.argsDWIM", {}),
    computeFloatWinRect: stub("media.computeFloatWinRect", [0, 0, 0, 0]),
    constrainRectToScreen: stub("media.constrainRectToScreen", [0, 0, 0, 0]),
    createPlayerSettings: stub("media.createPlayerSettings", {}),
    getPlayerStarted: stub("media.getPlayerStarted", false)
  };
  function player() {
    var p = { isOpen: false, isPlaying: false, settings: {}, events: { add: stub("player.events.add"), remove: stub("player.events.remove") } };
    return methods(p, "player.", ["open", "close", "play", "pause", "stop", "seek", "setFocus", "visible", "triggerGetRect", "where"]);
  }
  var doc = {
    info: info,
    numPages: ctx.numPages || 1, pageNum: 0, numFields: ctx.fields.length, numTemplates: 0,
    documentFileName: ctx.fileName || "document.pdf",
    path: "/C/Documents and Settings/user/Desktop/" + (ctx.fileName || "document.pdf"),
    URL: "file:///C|/Documents%20and%20Settings/user/Desktop/" + (ctx.fileName || "document.pdf"),
    filesize: 65536, external: false, disclosed: false, dirty: false, hidden: false, baseURL: "", metadata: "", zoom: 100, layout: "SinglePage",
    bookmarkRoot: { name: "", children: null }, selectedAnnots: [], icons: null, templates: [], sounds: [],
    dataObjects: ctx.dataObjects.map(function (n) { return { name: n, path: n, size: 0 }; }),
    media: media,
    getAnnots: stub("this.getAnnots", function () {
      var page = pageOf(arguments), out = [];
      for (var i = 0; i < ctx.annotations.length; i++) if (page === undefined || page === -1 || ctx.annotations[i].page === page) out.push(annot(ctx.annotations[i]));
      return out;
    }),
    getAnnot: stub("this.getAnnot", function (page, name) {
      for (var i = 0; i < ctx.annotations.length; i++) if (ctx.annotations[i].page === page && ctx.annotations[i].name === name) return annot(ctx.annotations[i]);
      return null;
    }),
    getPageNthWord: stub("this.getPageNthWord", function (page, n) {
      var words = ctx.pageWords[page || 0] || [];
      return words[n || 0] === undefined ? "" : words[n || 0];
    }),
    getPageNumWords: stub("this.getPageNumWords", function (page) { return (ctx.pageWords[page || 0] || []).length; }),
    getField: stub("this.getField", function (name) { return field(name); }),
    getNthFieldName: stub("this.getNthFieldName", function (n) { var f = ctx.fields[n]; return f ? f.name : null; }),
    addField: stub("this.addField", function (name) { return field(name); }),
    getDataObject: stub("this.getDataObject", function (name) { return { name: name, path: name, size: 0 }; }),
    getDataObjectContents: stub("this.getDataObjectContents", function () { return stream(""); }),
    openDataObject: stub("this.openDataObject", function () { return G; }),
    getTemplate: stub("this.getTemplate", function (name) { return { name: name, hidden: false, spawn: stub("template.spawn", {}) }; }),
    createTemplate: stub("this.createTemplate", function (name) { return { name: name, hidden: false, spawn: stub("template.spawn", {}) }; }),
    addAnnot: stub("this.addAnnot", function (props) { return annot(props || {}); }),
    addLink: stub("this.addLink", function () { return { setAction: function (code) { call("link.setAction", arguments); return runLater("link.setAction", code); } }; }),
    getLinks: stub("this.getLinks", []),
    getOCGs: stub("this.getOCGs", []),
    getIcon: stub("this.getIcon", {}),
    getPageBox: stub("this.getPageBox", [0, 792, 612, 0]),
    getPageRotation: stub("this.getPageRotation", 0),
    getPrintParams: stub("this.getPrintParams", {}),
    getSound: stub("this.getSound", {}),
    getLegalWarnings: stub("this.getLegalWarnings", {}),
    getURL: stub("this.getURL", function () { return G; }),
    newPage: stub("this.newPage", 0),
    addScript: function (name, code) { call("this.addScript", arguments); return runLater("this.addScript", code); },
    setAction: function (trigger, code) { call("this.setAction", arguments); return runLater("this.setAction", code); },
    setPageAction: function (page, trigger, code) { call("this.setPageAction", arguments); return runLater("this.setPageAction", code); }
  };
  methods(doc, "this.", ["syncAnnotScan", "selectPageNthWord", "exportDataObject", "importDataObject", "createDataObject", "removeDataObject", "setDataObjectContents", "submitForm", "mailDoc", "mailForm", "print", "printSeps", "saveAs", "closeDoc", "resetForm", "removeField", "removeScript", "addIcon", "importIcon", "removeIcon", "spawnPageFromTemplate", "removeTemplate", "gotoNamedDest", "scroll", "flattenPages", "insertPages", "deletePages", "extractPages", "replacePages", "movePage", "calculateNow", "encryptForRecipients", "certifyInvisibleSign", "addWatermarkFromFile", "addWatermarkFromText", "importSound", "colorConvertPage", "getColorConvertAction", "addRequirement", "removeRequirement", "setOCGOrder", "importAnFDF", "importAnXFDF", "importTextData", "importXFAData", "exportAsFDF", "exportAsXFDF", "exportAsText", "exportXFAData", "addThumbnails", "removeThumbnails", "addWeblinks", "removeWeblinks", "removeLinks", "bringToFront", "createDataObject", "preflight", "query", "setPageBoxes", "setPageLabels", "setPageRotations", "setPageTabOrder", "setPageTransitions", "syncAnnotScan", "timestampSign"]);
  for (var d in doc) G[d] = doc[d];

  // ---- app ----
  var plugIns = ["Accessibility", "AcroForm", "Annots", "Checkers", "DigSig", "EScript", "EWH", "MakeAccessible", "Multimedia", "PPKLite", "ReadOutLoud", "Search", "SendMail", "Spelling", "Updater", "Weblink"].map(function (n) {
    return { name: n, path: "/C/Program Files/Adobe/Reader 9.0/Reader/plug_ins/" + n + ".api", version: opts.viewerVersion || 9.3, certified: true, loaded: true };
  });
  var app = {
    viewerVersion: opts.viewerVersion || 9.3, viewerType: "Reader", viewerVariation: "Reader", formsVersion: opts.viewerVersion || 9.3, platform: "WIN", language: "ENU",
    calculate: true, focusRect: true, fullscreen: false, numPlugIns: plugIns.length, plugIns: plugIns, openInPlace: false, runtimeHighlight: true, runtimeHighlightColor: ["RGB", 0.8, 0.8, 1],
    toolbar: true, toolbarHorizontal: true, toolbarVertical: true, printColorProfiles: [], printerNames: [], monitors: [], activeDocs: [G], doc: G, media: media,
    fs: { isFullScreen: false, backgroundColor: ["RGB", 0, 0, 0], timeDelay: 5, transitions: [], usePageTiming: true, useTimer: false, cursor: 0, defaultTransition: "", escapeExits: true, clickAdvances: true, loop: false },
    thermometer: { value: 0, duration: 100, cancelled: false, text: "", begin: stub("app.thermometer.begin"), end: stub("app.thermometer.end") },
    alert: stub("app.alert", 1),
    response: stub("app.response", ""),
    execDialog: stub("app.execDialog", "ok"),
    openDoc: stub("app.openDoc", function () { return G; }),
    newDoc: stub("app.newDoc", function () { return G; }),
    browseForDoc: stub("app.browseForDoc", {}),
    getPath: stub("app.getPath", "/C/Program Files/Adobe/Reader 9.0/Reader"),
    listMenuItems: stub("app.listMenuItems", []),
    listToolbarButtons: stub("app.listToolbarButtons", []),
    popUpMenu: stub("app.popUpMenu", null),
    popUpMenuEx: stub("app.popUpMenuEx", null),
    trustedFunction: stub("app.trustedFunction", function (f) { return f; }),
    trustPropagatorFunction: stub("app.trustPropagatorFunction", function (f) { return f; }),
    setTimeOut: function (code) { call("app.setTimeOut", arguments); return runLater("app.setTimeOut", code); },
    setInterval: function (code) { call("app.setInterval", arguments); return runLater("app.setInterval", code); }
  };
  methods(app, "app.", ["beep", "launchURL", "openFDF", "mailMsg", "mailGetAddrs", "execMenuItem", "addMenuItem", "addSubMenu", "addToolButton", "removeToolButton", "hideMenuItem", "hideToolbarButton", "clearTimeOut", "clearInterval", "beginPriv", "endPriv", "goBack", "goForward", "loadPolicyFile", "newFDF", "getString", "setProfile", "showUI"]);

  var util = {
    printf: stub("util.printf", function (f) { return typeof f === "string" ? f.slice(0, 1024) : ""; }),
    printd: stub("util.printd", "2010/01/01"),
    printx: stub("util.printx", function (f, s) { return String(s === undefined ? "" : s); }),
    scand: stub("util.scand", function () { return new Date(2010, 0, 1); }),
    stringFromStream: stub("util.stringFromStream", function (s, cs) { return decodeText(textOf(s), cs); }),
    streamFromString: stub("util.streamFromString", function (s) { return stream(s); }),
    byteToChar: stub("util.byteToChar", function (n) { return realFromCharCode(n & 255); }),
    charToByte: stub("util.charToByte", function (c) { return String(c).charCodeAt(0) & 255; }),
    crackURL: stub("util.crackURL", function (u) { return { cScheme: "http", cHost: "", nPort: 80, cPath: "/", cParameters: "", cFragment: "", cURL: String(u) }; }),
    iconStreamFromIcon: stub("util.iconStreamFromIcon", {}),
    readFileIntoStream: stub("util.readFileIntoStream", function () { return stream(""); }),
    spansToXML: stub("util.spansToXML", ""),
    xmlToSpans: stub("util.xmlToSpans", [])
  };
  var Collab = methods({}, "Collab.", ["collectEmailInfo", "getIcon", "addStateModel", "removeStateModel", "documentToStream", "isDocReadOnly", "hideMenuItem", "setSharedProperty"]);
  var spell = { available: true, dictionaryNames: [], dictionaryOrder: [], domainNames: [], languages: ["en_US"], languageOrder: [], userWords: stub("spell.userWords", []) };
  methods(spell, "spell.", ["customDictionaryOpen", "customDictionaryClose", "customDictionaryCreate", "customDictionaryDelete", "customDictionaryExport", "customDictionaryDownload", "addDictionary", "removeDictionary", "addWord", "removeWord", "ignoreAll"]);
  spell.check = stub("spell.check", true);
  spell.checkText = stub("spell.checkText", "");
  spell.checkWord = stub("spell.checkWord", null);
  var SOAP = { wireDump: false };
  methods(SOAP, "SOAP.", ["request", "connect", "response", "queryServices", "resolveService"], {});
  SOAP.streamDecode = stub("SOAP.streamDecode", function (s, enc) { return stream(decodeText(textOf(s), enc)); });
  SOAP.streamEncode = stub("SOAP.streamEncode", function (s) { return s; });
  SOAP.streamFromString = stub("SOAP.streamFromString", function (s) { return stream(s); });
  SOAP.stringFromStream = stub("SOAP.stringFromStream", textOf);
  var RSS = methods({}, "RSS.", ["addFeed"]);
  var Net = { SOAP: SOAP, HTTP: methods({}, "Net.HTTP.", ["request"]), Discovery: methods({}, "Net.Discovery.", ["queryServices", "resolveService"]), streamDecode: SOAP.streamDecode, streamEncode: SOAP.streamEncode, streamDigest: stub("Net.streamDigest", {}) };
  var event = { name: "Open", type: "Doc", target: G, targetName: "", source: G, value: "", rc: true, change: "", changeEx: "", commitKey: 0, willCommit: true, modifier: false, shift: false, selStart: 0, selEnd: 0, keyDown: false, fieldFull: false };
  var console = methods({}, "console.", ["println", "show", "hide", "clear"]);
  var globalObj = { setPersistent: stub("global.setPersistent"), subscribe: stub("global.subscribe") };
  var color = { transparent: ["T"], black: ["G", 0], white: ["G", 1], red: ["RGB", 1, 0, 0], green: ["RGB", 0, 1, 0], blue: ["RGB", 0, 0, 1], cyan: ["CMYK", 1, 0, 0, 0], magenta: ["CMYK", 0, 1, 0, 0], yellow: ["CMYK", 0, 0, 1, 0], dkGray: ["G", 0.25], gray: ["G", 0.5], ltGray: ["G", 0.75], convert: function (c) { return c; }, equal: function () { return true; } };
  var security = { handlers: [], validateSignaturesOnOpen: true, getHandler: stub("security.getHandler", null), exportToFile: stub("security.exportToFile"), importFromFile: stub("security.importFromFile"), chooseRecipientsDialog: stub("security.chooseRecipientsDialog", []), getSecurityPolicies: stub("security.getSecurityPolicies", []) };
  var identity = { name: "user", loginName: "user", email: "", corporation: "" };
  var search = { available: true, indexes: [], query: stub("search.query"), addIndex: stub("search.addIndex"), removeIndex: stub("search.removeIndex"), getIndexForPath: stub("search.getIndexForPath", null) };
  var globals = {
    app: app, util: util, Collab: Collab, spell: spell, SOAP: SOAP, Net: Net, RSS: RSS, event: event, console: console, global: globalObj, color: color, security: security, identity: identity, search: search,
    display: { visible: 0, hidden: 1, noPrint: 2, noView: 3 },
    border: { s: "solid", b: "beveled", d: "dashed", i: "inset", u: "underline" },
    style: { ch: "check", cr: "cross", di: "diamond", ci: "circle", st: "star", sq: "square" },
    font: { Times: "Times-Roman", TimesB: "Times-Bold", Helv: "Helvetica", HelvB: "Helvetica-Bold", Cour: "Courier", Symbol: "Symbol", ZapfD: "ZapfDingbats" },
    scaleHow: { proportional: 0, anamorphic: 1 }, scaleWhen: { always: 0, never: 1, tooBig: 2, tooSmall: 3 },
    position: { textOnly: 0, iconOnly: 1, iconTextV: 2, textIconV: 3, iconTextH: 4, textIconH: 5, overlay: 6 },
    highlight: { n: "none", i: "invert", p: "push", o: "outline" }, zoomtype: { none: "NoVary", fitP: "FitPage", fitW: "FitWidth" }
  };
  for (var g in globals) G[g] = globals[g];
  // the XFA plug-in's globals: forms test them before nagging for an update (Adobe's ADBE boilerplate)
  G.xfa_installed = true;
  G.xfa_version = 3.0;
  // AForm.js built-ins used by ordinary form scripts
  var af = ["AFNumber_Format", "AFNumber_Keystroke", "AFPercent_Format", "AFPercent_Keystroke", "AFDate_Format", "AFDate_FormatEx", "AFDate_Keystroke", "AFDate_KeystrokeEx", "AFTime_Format", "AFTime_FormatEx", "AFTime_Keystroke", "AFSpecial_Format", "AFSpecial_Keystroke", "AFSpecial_KeystrokeEx", "AFSimple_Calculate", "AFRange_Validate", "AFMergeChange", "AFMakeNumber", "AFExtractNums"];
  for (var i = 0; i < af.length; i++) G[af[i]] = stub(af[i], null);

  // ---- XFA (a DOM of form nodes; unknown properties are child nodes) ----
  var nodes = {};
  var xfaValues = {};
  var xv = ctx.xfaValues || [];
  for (var xi = 0; xi < xv.length; xi++) if (!xfaValues.hasOwnProperty(xv[xi].name)) xfaValues[xv[xi].name] = xv[xi].value;
  function list(som) {
    return { length: 0, item: function (i) { return node(som + "[" + i + "]"); }, append: stub("xfa.nodeList.append"), insert: stub("xfa.nodeList.insert"), remove: stub("xfa.nodeList.remove"), namedItem: function (n) { return node(som + "." + n); } };
  }
  function node(som) {
    som = String(som);
    if (nodes[som]) return nodes[som];
    var keep = {};
    var keepTarget = { intact: "none", next: "none", previous: "none" };
    ["intact", "next", "previous"].forEach(function (k) {
      Object.defineProperty(keep, k, { get: function () { return keepTarget[k]; }, set: function (v) { call("xfa.keep." + k + "=", [v]); keepTarget[k] = v; }, enumerable: true });
    });
    // the form's own data: the value of the data or template element of that name (xfa-values.ts)
    var leaf = som.split(".").pop().replace(/\[\d*\]$/, "");
    var held = xfaValues.hasOwnProperty(leaf) ? xfaValues[leaf] : null;
    var state = { rawValue: held, value: held, formattedValue: held === null ? "" : held };
    var base = {
      name: leaf, somExpression: som, className: "field", isNull: held === null, presence: "visible", access: "open", keep: keep,
      resolveNode: stub("xfa.resolveNode", function (s) { return node(s); }),
      resolveNodes: stub("xfa.resolveNodes", function (s) { return list(s); }),
      createNode: stub("xfa.createNode", function (t, n) { return node(n || t || "new"); }),
      loadXML: stub("xfa.node.loadXML"), saveXML: stub("xfa.node.saveXML", ""), applyXSL: stub("xfa.node.applyXSL", ""),
      clone: function () { return node(som + "#clone"); }, setAttribute: stub("xfa.node.setAttribute"), getAttribute: stub("xfa.node.getAttribute", ""),
      isPropertySpecified: stub("xfa.node.isPropertySpecified", false), execEvent: stub("xfa.node.execEvent"), execInitialize: stub("xfa.node.execInitialize"),
      execCalculate: stub("xfa.node.execCalculate"), execValidate: stub("xfa.node.execValidate", true), getElement: function (n) { return node(som + "." + n); },
      toString: function () { return ""; }, valueOf: function () { return ""; },
      instanceManager: { count: 1, min: 0, max: -1, addInstance: stub("xfa.instanceManager.addInstance", function () { return node(som + "#inst"); }), removeInstance: stub("xfa.instanceManager.removeInstance"), setInstances: stub("xfa.instanceManager.setInstances"), moveInstance: stub("xfa.instanceManager.moveInstance") }
    };
    base.nodes = list(som);
    base.all = list(som);
    var p = new Proxy(base, {
      get: function (t, k) {
        if (typeof k !== "string") return undefined;
        if (k === "rawValue" || k === "value" || k === "formattedValue") return state[k];
        if (k in t) return t[k];
        if (k === "then" || k === "length") return undefined;
        return node(som + "." + k);
      },
      set: function (t, k, v) {
        if (k === "rawValue" || k === "value" || k === "formattedValue") { call("xfa." + k + "=", [v]); state[k] = v; return true; }
        t[k] = v;
        return true;
      }
    });
    nodes[som] = p;
    return p;
  }
  var xfaRoot = node("xfa");
  var xfa = {
    host: { name: "Acrobat", appType: "Reader", version: String(opts.viewerVersion || 9.3), variation: "Reader", platform: "WIN", language: "en_US", numPages: ctx.numPages || 1, currentPage: 0, title: "", validationsEnabled: true, calculationsEnabled: true },
    resolveNode: stub("xfa.resolveNode", function (s) { return node(s); }),
    resolveNodes: stub("xfa.resolveNodes", function (s) { return list(s); }),
    createNode: stub("xfa.createNode", function (t, n) { return node(n || t || "new"); }),
    isPropertySpecified: stub("xfa.isPropertySpecified", false),
    form: node("xfa.form"), template: node("xfa.template"), datasets: node("xfa.datasets"), data: node("xfa.data"), config: node("xfa.config"), record: node("xfa.record"),
    connectionSet: node("xfa.connectionSet"), sourceSet: node("xfa.sourceSet"), signature: node("xfa.signature"),
    layout: { ready: true, pageCount: stub("xfa.layout.pageCount", 1), absPageCount: stub("xfa.layout.absPageCount", 1), page: stub("xfa.layout.page", 1), absPage: stub("xfa.layout.absPage", 0), pageContent: stub("xfa.layout.pageContent", function () { return list("xfa.layout"); }), relayout: stub("xfa.layout.relayout"), relayoutPageArea: stub("xfa.layout.relayoutPageArea"), h: stub("xfa.layout.h", 0), w: stub("xfa.layout.w", 0), x: stub("xfa.layout.x", 0), y: stub("xfa.layout.y", 0) },
    event: { target: xfaRoot, change: "", newText: "", prevText: "", fullText: "", newContentType: "", prevContentType: "", selStart: 0, selEnd: 0, commitKey: 0, keyDown: false, modifier: false, shift: false, name: "initialize" }
  };
  methods(xfa.host, "xfa.host.", ["gotoURL", "exportData", "importData", "print", "resetData", "setFocus", "beep", "openList", "documentInBatch", "documentCountInBatch"]);
  xfa.host.messageBox = stub("xfa.host.messageBox", 1);
  xfa.host.response = stub("xfa.host.response", "");
  xfa.host.getFocus = stub("xfa.host.getFocus", null);
  xfa.host = permissive(xfa.host, "xfa.host.");
  G.xfa = xfa;
  if (opts.xfa) {
    G.${XFA_SCOPE_GLOBAL} = new Proxy({}, {
      has: function (t, k) { return typeof k === "string" && !(k in G) && k !== "undefined" && /^[A-Za-z_$]/.test(k); },
      get: function (t, k) { if (typeof k !== "string") return undefined; if (k in t) return t[k]; return node("xfa.form." + k); },
      set: function (t, k, v) { t[k] = v; return true; }
    });
    Object.defineProperty(G, "rawValue", { get: function () { return null; }, set: function (v) { call("xfa.rawValue=", [v]); }, configurable: true });
    // \`this\` of an event script is its form node
    G.resolveNode = xfa.resolveNode;
    G.resolveNodes = xfa.resolveNodes;
    G.keep = node("xfa.form.this").keep;
  }

  // ---- native-looking functions: kits test String(app.newDoc).substr(1, 3) == "fun", which holds in
  // Acrobat's SpiderMonkey ("\nfunction newDoc() {\n    [native code]\n}\n"), not for script source
  var natives = new WeakMap();
  [[G, ["eval", "unescape", "Function"]], [String, ["fromCharCode"]]].forEach(function (e) { e[1].forEach(function (k) { natives.set(e[0][k], k); }); });
  [app, util, Collab, spell, SOAP, Net, Net.HTTP, RSS, media, console, security, search, xfa, xfa.host, xfa.layout, doc, app.thermometer, globalObj].forEach(function (o) {
    for (var k in o) if (typeof o[k] === "function" && !natives.has(o[k])) natives.set(o[k], k);
  });
  for (var ai = 0; ai < af.length; ai++) natives.set(G[af[ai]], af[ai]);
  var realToString = Function.prototype.toString;
  var toStringStub = function toString() {
    var name = natives.get(this);
    return name === undefined ? reflectApply(realToString, this, []) : "\nfunction " + name + "() {\n    [native code]\n}\n";
  };
  natives.set(toStringStub, "toString");
  try { Object.defineProperty(Function.prototype, "toString", { value: toStringStub, writable: true, configurable: true, enumerable: false }); } catch (e) {}

  // ---- functions the document's other scripts declare (a kit splits its code across scripts) ----
  var defs = opts.definitions || [];
  quiet = true;
  for (var di = 0; di < defs.length; di++) { try { realEval(defs[di]); } catch (e) {} }
  quiet = false;

  // ---- after the script: pending timers and actions, then the globals it left ----
  for (var b in G) baseline[b] = true;
  Object.defineProperty(G, "${SANDBOX_FINISH_GLOBAL}", {
    enumerable: false,
    value: function () {
      for (var n = 0; n < queue.length && n < 64; n++) {
        try { var job = queue[n]; if (typeof job === "function") job(); else realEval(scoped(job)); } catch (e) {}
      }
      var names = Object.getOwnPropertyNames(G);
      for (var k = 0; k < names.length && k < 4096; k++) {
        if (baseline[names[k]]) continue;
        try {
          var v = G[names[k]];
          if (typeof v === "string") candidate(v, "global");
          else if (Array.isArray(v)) for (var j = 0; j < v.length && j < 4; j++) candidate(v[j], "global");
        } catch (e) {}
      }
    }
  });
}`;

/** The prelude for one script: the stubs, given the document's context. */
export function acrobatPrelude(ctx: ScriptContext, opts: PreludeOptions = {}): string {
  const context = JSON.stringify({ ...ctx, viewerVersion: undefined });
  const options = JSON.stringify({
    xfa: !!opts.xfa,
    viewerVersion: opts.viewerVersion ?? ctx.viewerVersion ?? 9.3,
    definitions: opts.definitions ?? [],
  });
  return `(${ACROBAT_STUBS})(globalThis.${SANDBOX_HOST_GLOBAL}, ${context}, ${options});`;
}

/** XFA event scripts name form fields as bare identifiers: resolve unknown names through the scope. */
export function wrapXfaScript(source: string): string {
  return `with (${XFA_SCOPE_GLOBAL}) {\n${source}\n}`;
}
