import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCommandTarget } from "./rules/action-targets";
import { classifyUrl } from "./iocs/classify-url";
import { fileKindOfExtension, isExecutableName, RUNNABLE_EXTENSIONS } from "./file-kinds";

const root = path.resolve(import.meta.dirname, "../..");

describe("file kinds: one table for attachments, Launch targets and links", () => {
  it.each(RUNNABLE_EXTENSIONS)("reads .%s as runnable in an attachment name and a Launch target", (ext) => {
    expect(isExecutableName(`invoice.${ext}`)).toBe(true);
    expect(isCommandTarget(`C:\\Users\\Public\\invoice.${ext}`)).toBe(true);
  });

  it.each(RUNNABLE_EXTENSIONS.filter((e) => !["com", "sh", "app"].includes(e)))(
    "reads a link to a .%s file as an executable download",
    (ext) => {
      expect(classifyUrl(`https://files.example.net/dl/invoice.${ext}`)?.executableDownload).toBe(true);
    },
  );

  it("does not read a domain-named segment as a download (.com, .sh, .app are also top-level domains)", () => {
    for (const ext of ["com", "sh", "app"]) {
      expect(fileKindOfExtension(ext, { inUrl: true })).toBeNull();
      expect(classifyUrl(`https://web.archive.org/web/2020/http://example.${ext}`)?.executableDownload).toBe(false);
      expect(classifyUrl(`https://login.example.net/?next=https://example.${ext}`)?.queryFileKind).toBeNull();
    }
  });

  it("documents and pages are none of the kinds", () => {
    for (const name of ["report.pdf", "letter.docx", "photo.jpg", "index.html", "data.csv", "notes"])
      expect(isExecutableName(name)).toBe(false);
    expect(isCommandTarget("report.pdf")).toBe(false);
  });

  it("has no second list of executable extensions in the analyzer (the three copies had drifted apart)", () => {
    const files = execFileSync("git", ["ls-files", "lib/analyzer/*.ts"], { cwd: root, encoding: "utf8" })
      .split("\n")
      .filter((f) => f && !f.endsWith(".test.ts") && f !== "lib/analyzer/file-kinds.ts");
    // a list of extensions with the usual suspects side by side, as a regex alternation or a word list
    const list =
      /\b(?:exe|scr|pif)\b[|\s,'"]+(?:exe|scr|com|pif|msi|dll|cpl|bat)\b[|\s,'"]+(?:exe|scr|com|pif|msi|dll|cpl|bat|cmd|vbs)\b/;
    const copies = files.filter((f) => list.test(readFileSync(path.join(root, f), "utf8")));
    expect(copies).toEqual([]);
  });
});
