// The "content is opaque" predicate has one source (content-opaque.ts): its table over every security
// state, and no production line that decides it again by comparing the state with two values.
import { describe, expect, it } from "vitest";
import { findCopies } from "../../../test/support/fact-copies";
import { isContentOpaque } from "./content-opaque";

/** `state === "a" || state === "b"`, `state !== "a" && state !== "b"`: a second spelling of the predicate */
const TWO_STATE_TEST = /state\s*[!=]==\s*"[a-z-]+"\s*(?:\|\||&&)[^;]*state\s*[!=]==\s*"[a-z-]+"/;

describe("isContentOpaque", () => {
  it.each([
    ["none", false],
    ["decrypted", false],
    ["password-required", true],
    ["unsupported", true],
  ] as const)("%s -> %s", (state, opaque) => {
    expect(isContentOpaque({ state })).toBe(opaque);
  });

  it("a password-required document whose strings and streams are in the clear (only attachments encrypted) is not opaque", () => {
    const methods = { strings: "none", streams: "none", files: "aes256" } as const;
    expect(isContentOpaque({ state: "password-required", methods })).toBe(false);
    expect(isContentOpaque({ state: "password-required", methods: { ...methods, strings: "aes256" } })).toBe(true);
    expect(isContentOpaque({ state: "password-required", methods: { ...methods, streams: "rc4" } })).toBe(true);
  });

  it("is the only place that decides it", () => {
    expect(findCopies((line) => TWO_STATE_TEST.test(line), ["lib/analyzer/content/content-opaque.ts"])).toEqual([]);
  });
});
