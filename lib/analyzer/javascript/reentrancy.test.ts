import { describe, expect, it } from "vitest";
import { findReentrancyShapes, type ReentrancyKind } from "./reentrancy";

const kinds = (text: string) => findReentrancyShapes(text).map((s) => s.kind);

describe("findReentrancyShapes", () => {
  it.each<[string, string, ReentrancyKind]>([
    // the CVE-2023-21608 crash: getters on the event and on a field, then the form reset that reads them
    [
      "a getter on a field",
      'var f0 = this.getField("testfield"); f0.__defineGetter__("doc", function () { return {}; }); this.resetForm();',
      "accessor",
    ],
    [
      "a property redefined on a reader object",
      'Object.defineProperty(this["Collab"], "defaultStore", { enumerable: false });',
      "accessor",
    ],
    [
      "a Proxy handed to a reader call",
      "var p = new Proxy({}, { get: function () { return 1; } }); app.alert(p);",
      "proxy",
    ],
    ["a prototype swap", "var o = {}; o.__proto__ = this; event.target = o;", "prototype-swap"],
    [
      "valueOf replaced",
      'var n = { valueOf: function () { this.removeField("a"); return 0; } }; this.getField("b").setFocus(n);',
      "conversion-override",
    ],
    // the CVE-2022-28672 trigger: a Format action that deletes a page, by name and inline
    [
      "a named callback that frees",
      'var f1 = this.getField("f"); f1.setAction("Format", "formatCallback()"); function formatCallback() { this.deletePages(0); }',
      "action-frees",
    ],
    ["inline code that frees", "this.getField('f').setAction('Calculate', 'this.closeDoc(true);');", "action-frees"],
  ])("finds %s", (_name, text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    // ordinary form scripts
    'var f = this.getField("total"); f.setAction("Format", "AFNumber_Format(2, 0, 0, 0, \\"\\", true);");',
    'this.getField("reset").setAction("MouseUp", "showHelp()"); function showHelp() { app.alert("Fill in every field"); }',
    'if (app.alert("Clear the form?", 2, 2) == 4) this.resetForm();',
    // a "Clear" button made by script: its click resets the form while the reader is idle
    'var b = this.addField("clear", "button", 0, [20, 20, 80, 40]); b.setAction("MouseUp", "this.resetForm();");',
    // a script library that never touches the reader's objects
    'Object.defineProperty(exports, "__esModule", { value: true }); var x = { valueOf: function () { return 1; } };',
    "",
  ])("finds nothing in %j", (text) => {
    expect(findReentrancyShapes(text)).toEqual([]);
  });
});
