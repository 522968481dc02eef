import { describe, expect, it } from "vitest";
import { defang, refang } from "./defang";

describe("defang", () => {
  it.each([
    ["http://evil.com/a.php", "hxxp[://]evil[.]com/a.php"],
    ["https://user@evil.com:8080/x@y?a.b", "hxxps[://]user[@]evil[.]com:8080/x[@]y?a.b"],
    ["HTTP://EVIL.COM/", "hxxp[://]EVIL[.]COM/"],
    ["ftp://files.evil.com/", "ftp[://]files[.]evil[.]com/"],
    ["http://[2001:db8::1]/", "hxxp[://][2001:db8::1]/"],
    ["bad.guy@evil.com", "bad.guy[@]evil[.]com"],
    ["10.0.0.5", "10[.]0[.]0[.]5"],
    ["2001:db8::1", "2001:db8::1"],
    ["evil.com", "evil[.]com"],
    ["\\\\evil.com@SSL\\share\\a.exe", "\\\\evil[.]com[@]SSL\\share\\a.exe"],
    ["\\\\10.0.0.5\\s", "\\\\10[.]0[.]0[.]5\\s"],
    [
      "https://www.google.com/url?q=https://evil.example/a&sa=D",
      "hxxps[://]www[.]google[.]com/url?q=hxxps[://]evil[.]example/a&sa=D",
    ],
  ])("%s -> %s", (value, expected) => {
    expect(defang(value)).toBe(expected);
  });
});

describe("refang", () => {
  it.each([
    "http://evil.com/a.php",
    "https://user@evil.com:8080/x@y?a.b",
    "bad.guy@evil.com",
    "10.0.0.5",
    "https://www.google.com/url?q=https://evil.example/a&sa=D",
  ])("undoes defang: %s", (value) => {
    expect(refang(defang(value))).toBe(value);
  });

  it("reads the other spellings analysts paste: (.) and [:]", () => {
    expect(refang("evil(.)example[:]8080")).toBe("evil.example:8080");
  });
});
