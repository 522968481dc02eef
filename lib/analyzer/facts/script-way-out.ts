// Where a script sends the reader: a button whose script runs `app.launchURL("https://...")` is a link
// that link scanners reading /URI do not see. Read from the calls the script signals already found
// (javascript/callback-apis.ts), for ActionFact.opens (document-facts.ts).
import type { CallbackCall } from "../javascript/callback-apis";
import { isWebTarget } from "../pages/lure-signals";

/** The APIs that send the viewer to a web page: a script that calls one is a link by other means. */
const NAVIGATION_APIS: ReadonlySet<string> = new Set(["app.launchURL", "getURL", "xfa.host.gotoURL", "submitForm"]);

/**
 * The web address a script sends the reader to when it runs (its first navigation call with a literal
 * web address, not one inside a function it only defines), if it names one.
 */
export function wayOutOf(calls: readonly CallbackCall[]): string | undefined {
  const call = calls.find(
    (c) => NAVIGATION_APIS.has(c.api) && c.onLoad && c.target !== undefined && isWebTarget(c.target),
  );
  return call?.target?.trim();
}
