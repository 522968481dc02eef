import { describe, expect, it } from "vitest";
import { STATUS_BY_CODE } from "../../lib/server/errors";
import { PROBLEM_MESSAGES, problemMessage } from "./problem-messages";

describe("problem messages", () => {
  it.each(Object.keys(STATUS_BY_CODE))("has a plain sentence for %s", (code) => {
    expect(problemMessage({ code })).toBe(PROBLEM_MESSAGES[code as keyof typeof PROBLEM_MESSAGES]);
    expect(problemMessage({ code })).toMatch(/^[A-Z].*\.$/);
  });

  it("never echoes the API's raw wording and falls back for unknown codes", () => {
    for (const message of Object.values(PROBLEM_MESSAGES)) expect(message).not.toMatch(/form field|"file"|_/);
    expect(problemMessage({ code: "no_such_code" })).toBe(PROBLEM_MESSAGES.unknown);
    expect(problemMessage({ code: "constructor" })).toBe(PROBLEM_MESSAGES.unknown);
  });
});
