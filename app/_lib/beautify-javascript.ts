// A script laid out for reading (issue 22: a 3,415-character one-line script could only be scrolled
// sideways): js-beautify re-indents and breaks lines by reading tokens. It parses nothing into code and
// runs nothing, and it tolerates the broken and obfuscated syntax malware is made of. The scan page
// runs it in a Web Worker (beautify.worker.ts), so a large script never freezes the page.
import { js as jsBeautify } from "js-beautify";

/** Larger scripts are not laid out (download them instead): the worker's time stays bounded. */
export const MAX_BEAUTIFY_CHARS = 2_000_000;

export function beautifyJavaScript(code: string): string {
  return jsBeautify(code, {
    indent_size: 2,
    max_preserve_newlines: 2,
    // keep escapes as written: unescaping would show text the script only builds at run time
    unescape_strings: false,
    break_chained_methods: false,
    wrap_line_length: 0,
    end_with_newline: false,
  });
}
