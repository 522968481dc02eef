import { describe, expect, it } from "vitest";
import {
  classifyLocation,
  isAbsoluteLocalPath,
  isFileShare,
  type LocationKind,
  type LocationSyntax,
} from "./classify-location";

const CASES: [target: string, syntax: LocationSyntax, kind: LocationKind, host?: string][] = [
  // UNC paths in every spelling Windows resolves
  ["\\\\files.example.net\\share\\report.pdf", "file-spec", "unc", "files.example.net"],
  ["\\\\\\\\192.0.2.7\\\\test", "file-spec", "unc", "192.0.2.7"], // the literal of public PoCs: backslashes doubled
  ["\\\\host", "file-spec", "unc", "host"],
  ["/\\host\\share", "uri", "unc", "host"],
  ["\\\\?\\UNC\\host\\share\\x.pdf", "file-spec", "unc", "host"],
  ["\\\\.\\UNC\\host\\share", "windows-path", "unc", "host"],
  ["\\\\?\\GLOBALROOT\\Device\\Mup\\host\\share", "windows-path", "unc", "host"],
  ["\\\\host@SSL@443\\DavWWWRoot\\x", "file-spec", "unc", "host"],
  ['"\\\\host\\share\\run.exe"', "windows-path", "unc", "host"],
  ["//host/share/x.pdf", "windows-path", "unc", "host"],
  ["file://host/share/x.pdf", "uri", "file-host", "host"],
  ["FILE://Host.Example/x", "uri", "file-host", "host.example"],
  ["file:////host/share/x", "uri", "unc", "host"],
  ["file:\\\\host\\share", "uri", "unc", "host"],
  ["smb://host/share", "uri", "smb", "host"],
  ["cifs://host/share", "file-spec", "smb", "host"],
  ["search-ms:query=invoice&crumb=location:%5C%5Chost%5Cshare", "uri", "unc", "host"],
  // web locations, scheme-relative references
  ["https://example.com/files/handbook.zip", "uri", "web", "example.com"],
  ["ftp://user@ftp.example.com:21/x", "uri", "web", "ftp.example.com"],
  ["//commons.wikimedia.org/wiki/User:Kauczuk", "uri", "network-path", "commons.wikimedia.org"],
  ["//en.wikipedia.org/wiki/.pdf", "file-spec", "network-path", "en.wikipedia.org"],
  ["mailto:forms@example.com", "uri", "mail"],
  ["javascript:void(0)", "uri", "other-scheme"],
  ["search-ms:query=invoice", "uri", "other-scheme"],
  // local
  ["appendix.pdf", "file-spec", "local"],
  ["pdfdoc?DB=EPODOC&IDX=x", "file-spec", "local"],
  ["/c/docs/x.pdf", "file-spec", "local"],
  ["C:\\Windows\\system32\\calc.exe", "windows-path", "local"],
  ["\\docs\\x.pdf", "windows-path", "local"],
  ["\\\\?\\C:\\very\\long\\path", "windows-path", "local"],
  ["\\\\.\\pipe\\x", "windows-path", "local"],
  ["\\\\localhost\\c$\\x", "file-spec", "local"],
  ["\\\\127.0.0.1\\c$\\x", "file-spec", "local"],
  ["file:///C:/docs/x.pdf", "uri", "local"],
  ["file://localhost/C:/x", "uri", "local"],
  ["file://c:/x", "uri", "local"],
  ["file:/x", "uri", "local"],
  ["///x", "uri", "local"],
  ["", "uri", "local"],
];

describe("classifyLocation", () => {
  it.each(CASES)("%s (%s) is %s", (target, syntax, kind, host) => {
    const l = classifyLocation(target, syntax);
    expect(l.kind).toBe(kind);
    if (host) expect(l.host).toBe(host);
  });

  it("counts shares as file shares and web locations not", () => {
    expect(["unc", "file-host", "smb", "webdav"].every((k) => isFileShare(k as LocationKind))).toBe(true);
    expect(["web", "network-path", "mail", "local", "other-scheme"].some((k) => isFileShare(k as LocationKind))).toBe(
      false,
    );
  });

  it("reads only the head of a huge target", () => {
    expect(classifyLocation(`\\\\host\\${"a".repeat(4 * 1024 * 1024)}`, "file-spec").kind).toBe("unc");
    expect(classifyLocation(`${"/".repeat(1024 * 1024)}x`, "uri").kind).toBe("local");
  });
});

describe("isAbsoluteLocalPath", () => {
  it.each(["C:\\Users\\Public\\a.pdf", "c:/temp/a.pdf", "\\203.0.113.9\test", "/C/Documents/a.pdf", " /etc/passwd"])(
    "takes %s for a path from a drive's root",
    (p) => {
      expect(isAbsoluteLocalPath(p)).toBe(true);
    },
  );

  it.each(["annex.pdf", "docs/annex.pdf", "..\\annex.pdf", "\\\\host\\share\\a.pdf", "//host/a.pdf", ""])(
    "takes %s for a relative (or network) path",
    (p) => {
      expect(isAbsoluteLocalPath(p)).toBe(false);
    },
  );
});
