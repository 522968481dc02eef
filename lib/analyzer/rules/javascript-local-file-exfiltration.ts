// A script that reads a file it names on the reader's machine and sends something out: the file's
// content leaves the machine, whatever starts the script. PDF101's local-file leakage; the Foxit
// Reader proof of concept of PayloadsAllThePDFs reads /etc/passwd with importTextData when a text field
// is clicked and posts it with submitForm. A click on a form field is no consent to that: forms that
// import data let the reader pick the file (no path given: a file dialog), which is not counted.
import type { CallbackCall } from "../javascript/callback-apis";
import { defineRule } from "./rule";
import { evidence, excerpt } from "./evidence";

/** a string literal naming a path from a root: `/etc/passwd`, `C:\Users\...`, `\\host\share`, `~/...`, `file:` */
const LITERAL_PATH = /["']((?:[a-z]:[\\/]|\/(?!\/)|\\\\|~\/|file:)[^"'\n]{1,200})["']/i;

/** the path a file-reading call names as a literal, if it names one */
const namedPath = (c: CallbackCall): string | undefined =>
  c.role === "file" ? LITERAL_PATH.exec(c.text)?.[1] : undefined;

export const javascriptLocalFileExfiltration = defineRule({
  id: "javascript-local-file-exfiltration",
  title: "Script reads a named local file and sends data out",
  description:
    "One script reads a file it names by path on the reader's machine (importTextData, util.readFileIntoStream, importDataObject, importAnFDF, importXFAData and the other file APIs with a literal path such as `/etc/passwd` or `C:\\Users\\...`) and submits, mails or sends to a URL (submitForm, SOAP, Net.HTTP, app.launchURL, mailDoc...). Whatever runs the script, a document open or a click on a form field, the file's content can leave the machine: local-file leakage (Müller et al., PDF101, Black Hat 2020). A form's import button leaves the file to the reader (no path: a file dialog) and is not counted.",
  category: "javascript",
  severity: "high",
  weight: 45,
  attack: ["T1005", "T1041"],
  mitigations: ["disable_reader_javascript", "block_indicators"],
  confidence: "high",
  check({ scripts }) {
    const hits = scripts.flatMap((s) => {
      const read = s.signals.callbacks.find((c) => namedPath(c) !== undefined);
      const send = s.signals.callbacks.find((c) => c.role === "network" || c.role === "mail");
      return read && send ? [{ s, read, send }] : [];
    });
    if (!hits.length) return null;
    return {
      evidence: hits.map(({ s, read, send }) =>
        evidence({
          objectRef: s.objectRef,
          path: s.path,
          excerpt: excerpt(`[${s.trigger}] reads ${namedPath(read)} (${read.api}), sends: ${send.text}`),
        }),
      ),
    };
  },
});
