import { describe, expect, it } from "vitest";
import { FALLBACK_NEXT_PATH, MAX_NEXT_PATH_LENGTH, nextPathRefusal, safeNextPath } from "./safe-next-path";

// `next` as the sign-in page receives it: the query parameter already percent-decoded once.
const REFUSED: [string, string][] = [
  ["network-path reference", "//evil.example/x"],
  ["tab between the slashes (issue 19: next=/%09/evil.example/x)", "/\t/evil.example/x"],
  ["tab, still encoded once more", "/%09/evil.example/x"],
  ["CR LF between the slashes", "/\r\n/evil.example"],
  ["CR LF, encoded", "/%0d%0a/evil.example"],
  ["newline after the first slash", "/\n/evil.example"],
  ["leading space", " /evil"],
  ["slash backslash", "/\\evil.example"],
  ["backslash slash", "\\/evil.example"],
  ["two backslashes", "\\\\evil.example"],
  ["backslash inside the path", "/a\\..\\..\\/evil.example"],
  ["encoded backslash", "/%5Cevil.example"],
  ["encoded backslash, lower case", "/%5cevil.example"],
  ["encoded second slash", "/%2Fevil.example"],
  ["encoded double slash", "/%2F%2Fevil.example"],
  ["double-encoded slash", "/%252Fevil.example"],
  ["triple-encoded slash", "/%25252Fevil.example"],
  ["double-encoded tab", "/%2509/evil.example"],
  ["dot segment that leaves //", "/.//evil.example"],
  ["dot-dot segment that leaves //", "/x/..//evil.example"],
  ["encoded dot segments", "/%2e%2e//evil.example"],
  ["absolute http URL", "http://evil.example/"],
  ["absolute https URL", "https://evil.example"],
  ["scheme-relative with userinfo", "//user@evil.example"],
  ["javascript: URL", "javascript:alert(document.cookie)"],
  ["data: URL", "data:text/html,<script>alert(1)</script>"],
  ["relative path", "evil.example/x"],
  ["fullwidth solidus", "/\uff0f/evil.example"],
  ["ideographic full stop host", "//evil\u3002example"],
  ["NUL", "/\u0000/evil.example"],
  ["DEL", "/\u007f/evil.example"],
  ["invalid percent-encoding", "/%E0%A4%A"],
  ["empty", ""],
  ["too long", `/${"a".repeat(MAX_NEXT_PATH_LENGTH)}`],
];

const ACCEPTED: [string, string][] = [
  ["/", "/"],
  ["/scans", "/scans"],
  ["/scans/Lywa8_K40vazHp57edU3kw", "/scans/Lywa8_K40vazHp57edU3kw"],
  ["/scans?verdict=malicious&status=completed", "/scans?verdict=malicious&status=completed"],
  ["/scans/abc#findings", "/scans/abc#findings"],
  ["/a/./b/../c", "/a/c"],
  ["/scans/%C3%A9t%C3%A9", "/scans/%C3%A9t%C3%A9"],
  ["/x//y", "/x//y"],
];

describe("safeNextPath", () => {
  it.each(REFUSED)("refuses %s", (_name, value) => {
    expect(nextPathRefusal(value)).not.toBeNull();
    expect(safeNextPath(value)).toBe(FALLBACK_NEXT_PATH);
  });

  it.each(ACCEPTED)("accepts %s", (value, normalised) => {
    expect(nextPathRefusal(value)).toBeNull();
    expect(safeNextPath(value)).toBe(normalised);
  });

  it("answers / for anything that is not one string", () => {
    for (const value of [undefined, null, 42, ["/scans", "//evil.example"], { toString: () => "/scans" }])
      expect(safeNextPath(value)).toBe("/");
  });

  it("never returns a value a browser resolves to another origin", () => {
    const origin = "http://127.0.0.1:3000";
    for (const [, value] of [...REFUSED, ...ACCEPTED]) {
      // the browser's own reading: WHATWG URL drops tabs and newlines and reads \ as /
      const target = new URL(safeNextPath(value), origin);
      expect(target.origin, value).toBe(origin);
    }
  });
});
