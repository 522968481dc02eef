import { describe, expect, it } from "vitest";
import { defaultBudget, resolveLimits, type BudgetName } from "../../limits";
import { fileWriteOfCall, findFileWrites, writtenFileRuns } from "./file-writes";

const find = (text: string) => findFileWrites(text, defaultBudget());

describe("findFileWrites", () => {
  it("reads the cPath of an object argument and what the file does", () => {
    const [w] = find(
      'this.exportXFAData({ cPath: "/C/Users/Public/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/x.hta", bXDP: false });',
    );
    expect(w).toMatchObject({
      api: "this.exportXFAData",
      path: "/C/Users/Public/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/x.hta",
      runs: "logon",
      onLoad: true,
      afterDialog: false,
    });
  });

  it("reads the positional path argument of each API at its place", () => {
    expect(find('this.saveAs("/c/temp/a.exe");')[0]).toMatchObject({ path: "/c/temp/a.exe", runs: "open" });
    expect(find('this.exportAsText(true, null, "/c/temp/b.bat");')[0]).toMatchObject({
      api: "this.exportAsText",
      path: "/c/temp/b.bat",
      runs: "open",
    });
    expect(find('this.extractPages(0, 1, "/c/temp/pages.pdf");')[0]).toMatchObject({
      api: "this.extractPages",
      path: "/c/temp/pages.pdf",
      runs: null,
    });
    expect(find('this.exportAsFDF(true, true, null, false, "/c/temp/data.fdf");')[0]).toMatchObject({
      path: "/c/temp/data.fdf",
      runs: null,
    });
    expect(find('xfa.host.exportData("/c/temp/run.vbs", 0);')[0]).toMatchObject({
      api: "xfa.host.exportData",
      path: "/c/temp/run.vbs",
      runs: "open",
    });
    // exportData of any other object is not XFA's
    expect(find('report.exportData("/c/temp/run.vbs");')).toEqual([]);
  });

  it("resolves a path joined from literals and variables, without running anything", () => {
    const [w] = find(
      'var d = "C:\\\\Users\\\\Public\\\\Start Menu\\\\Programs\\\\Startup\\\\"; var p = d + "a" + ".js"; this.saveAs({ cPath: p });',
    );
    expect(w.path).toBe("C:\\Users\\Public\\Start Menu\\Programs\\Startup\\a.js");
    expect(w.runs).toBe("logon");
  });

  it("reports a write whose arguments run past the window, with its path unresolved", () => {
    const [w] = find(`this.saveAs(${" ".repeat(500)}"/c/temp/x.hta");`);
    expect(w).toMatchObject({ api: "this.saveAs", path: undefined, runs: null });
  });

  it("leaves Save As with no path to the reader, and ignores commented-out calls and the script's own functions", () => {
    expect(find("this.saveAs();")).toEqual([]);
    expect(find('// this.saveAs("/c/x.exe");\nvar a = 1;')).toEqual([]);
    expect(find('function saveAs(name) { return name; } saveAs("/c/x.exe");')).toEqual([]);
  });

  it("bounds the variable lookups of a path: pieces that resolve to nothing cannot fan out", () => {
    // 41 variables of one letter each: the first 32 lookups resolve, the rest are left out. Without the
    // bound, b = a + a + ... and c = b + b + ... over empty pieces cost 60 * 400 * 400 lookups
    const vars = Array.from({ length: 41 }, (_, i) => `p${i}`);
    const [w] = find(`${vars.map((v) => `var ${v} = "a";`).join(" ")} this.saveAs(${vars.join("+")});`);
    expect(w.path).toBe("a".repeat(32));
  });

  it("tells a call a button's function makes, or one behind a dialog, from one made on load", () => {
    expect(find('function save() { this.saveAs("/c/temp/form.pdf"); }')[0].onLoad).toBe(false);
    expect(find('if (app.alert("Save a copy?", 2, 2) == 4) this.saveAs("/c/temp/form.pdf");')[0].afterDialog).toBe(
      true,
    );
  });

  it("keeps at most JS_MAX_CALLS_PER_API calls and reports the limit", () => {
    const budget = { limits: resolveLimits({ JS_MAX_CALLS_PER_API: 2 }), budgetHits: new Set<BudgetName>() };
    expect(findFileWrites('this.saveAs("/a.pdf"); this.saveAs("/b.pdf"); this.saveAs("/c.pdf");', budget)).toHaveLength(
      2,
    );
    expect([...budget.budgetHits]).toContain("JS_MAX_CALLS_PER_API");
  });
});

describe("writtenFileRuns", () => {
  it("names autostart folders, runnable types, and neither", () => {
    expect(writtenFileRuns("/Users/x/Library/LaunchAgents/com.update.plist")).toBe("logon");
    expect(writtenFileRuns("/home/x/.config/autostart/update.desktop")).toBe("logon");
    expect(writtenFileRuns("C:\\temp\\report.pdf.lnk")).toBe("open");
    expect(writtenFileRuns("/c/temp/report.pdf")).toBeNull();
    expect(writtenFileRuns(undefined)).toBeNull();
  });
});

describe("fileWriteOfCall", () => {
  it("reads the sandbox's record of a write, object or positional", () => {
    expect(fileWriteOfCall({ api: "this.saveAs", args: ['{"cPath":"/c/x/Startup/a.hta"}'] })).toMatchObject({
      path: "/c/x/Startup/a.hta",
      runs: "open",
    });
    expect(fileWriteOfCall({ api: "this.exportAsXFDF", args: ["true", "true", "null", "/c/t/a.vbs"] })).toMatchObject({
      path: "/c/t/a.vbs",
      runs: "open",
    });
    expect(fileWriteOfCall({ api: "app.alert", args: ["x"] })).toBeNull();
  });
});
