import { describe, expect, it } from "vitest";
import { urlAssignments } from "./form-automation";

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
    const source = 'app.launchURL("http://a.example/"); if (x == "http://b.example/") y(); z = http; w = "httpx://c"; v = "http:/d"';
    expect(urlAssignments(source).size).toBe(0);
  });
});
