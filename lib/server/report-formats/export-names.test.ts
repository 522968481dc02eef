// The report formats have one source (export-names.ts): the renderers, the web UI's export links and
// the CLI's choices cover the same formats, and no production file lists the format names again.
import { describe, expect, it } from "vitest";
import { EXPORT_FORMATS } from "../../../app/_lib/scans";
import { filesWithCopies } from "../../../test/support/fact-copies";
import { REPORT_EXPORTS, REPORT_FORMAT_CHOICES } from "./export-names";
import { REPORT_FORMAT_NAMES, REPORT_FORMATS } from "./index";

const sorted = (names: readonly string[]) => [...names].sort();

describe("report formats, declared once", () => {
  it("are the ones the server renders, the web UI links and the CLI offers", () => {
    expect(sorted(REPORT_FORMAT_NAMES)).toEqual(sorted(REPORT_FORMAT_CHOICES));
    expect(EXPORT_FORMATS.map((f) => f.format)).toEqual(REPORT_FORMAT_CHOICES);
    for (const name of REPORT_FORMAT_NAMES) expect(REPORT_FORMATS[name].extension).toBe(REPORT_EXPORTS[name].extension);
  });

  it("are listed by name only in export-names.ts", () => {
    // three or more quoted format names in one file, stix or misp among them (the CLI's own batch output
    // formats, json/sarif/csv/md, are another list; a feed parser may name a stix or misp feed)
    const listsFormats = (code: string) => {
      const named = REPORT_FORMAT_CHOICES.filter((f) => code.includes(`"${f}"`));
      return named.length >= 3 && (named.includes("stix") || named.includes("misp"));
    };
    expect(filesWithCopies(listsFormats, ["lib/server/report-formats/export-names.ts"])).toEqual([]);
  });
});
