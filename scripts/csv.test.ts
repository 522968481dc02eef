import { describe, expect, it } from "vitest";
import { parseCsv, parseCsvRecords } from "./csv";

describe("parseCsv", () => {
  it.each([
    [
      "plain fields",
      "a,b,c\n1,2,3\n",
      [
        ["a", "b", "c"],
        ["1", "2", "3"],
      ],
    ],
    [
      "no trailing newline",
      "a,b\n1,2",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "CRLF records",
      "a,b\r\n1,2\r\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    ["empty fields", ",x,\n", [["", "x", ""]]],
    ["quoted comma", 'a,"b,c",d\n', [["a", "b,c", "d"]]],
    ["doubled quote", '"say ""hi""",x\n', [['say "hi"', "x"]]],
    ["line breaks inside quotes", 'a,"line1\nline2\r\nline3",b\n', [["a", "line1\nline2\r\nline3", "b"]]],
    ["empty quoted field", '"",x\n', [["", "x"]]],
    ["byte-order mark", "\ufeffa,b\n", [["a", "b"]]],
  ])("%s", (_name, input, expected) => {
    expect(parseCsv(input)).toEqual(expected);
  });
});

describe("parseCsvRecords", () => {
  it("keys rows by header, fills missing trailing fields and skips blank lines", () => {
    const text = 'sha256,file_name,notes\nabc,benign/x.pdf,"JS, XFA"\n\ndef,y.pdf\n';
    expect(parseCsvRecords(text)).toEqual([
      { sha256: "abc", file_name: "benign/x.pdf", notes: "JS, XFA" },
      { sha256: "def", file_name: "y.pdf", notes: "" },
    ]);
  });
});
