import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { findCallbackCalls } from "../javascript/callback-apis";
import { wayOutOf } from "./script-way-out";

describe("wayOutOf: the web page a script sends the reader to", () => {
  const wayOut = (script: string) => wayOutOf(findCallbackCalls(script, defaultBudget()));
  it.each([
    ['app.launchURL("https://docs-view.example/auth", true);', "https://docs-view.example/auth"],
    ['this.getURL("http://example.com/p");', "http://example.com/p"],
    ['xfa.host.gotoURL("www.example.com/login");', "www.example.com/login"],
    ['this.submitForm({cURL: "https://collect.example/x"});', "https://collect.example/x"],
  ])("%s", (script, url) => expect(wayOut(script)).toBe(url));

  it.each([
    ['this.mailDoc({cTo: "hr@example.com"});', "a mail, no page"],
    ['app.launchURL(base + "/auth", true);', "no literal address"],
    ['this.submitForm({cURL: "mailto:hr@example.com"});', "an address, not a web page"],
    ['function go() { app.launchURL("https://example.com/"); }', "a function the script only defines"],
  ])("%s: none (%s)", (script) => expect(wayOut(script)).toBeUndefined());
});
