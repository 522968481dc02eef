// pdfscan disarm IN OUT [--json] - a copy of IN without its active content (scripts, actions,
// attachments, XFA, rich media, exploit fonts), written to OUT as a whole new file, and a summary of
// what was removed. The work is in disarm-run.ts, imported when the command runs.
import type { Command } from "commander";
import type { CliContext } from "../context";

export interface DisarmOptions {
  json?: boolean;
}

const EXAMPLES = `
Examples:
  $ pdfscan disarm invoice.pdf invoice.safe.pdf
  $ pdfscan disarm --json suspicious.pdf clean.pdf | jq '.counts'
  $ curl -s https://example.org/x.pdf | pdfscan disarm - - > x.safe.pdf    summary on stderr

Removed: /OpenAction and /AA everywhere; JavaScript (actions, /Names /JavaScript), Launch, URI,
SubmitForm, ImportData, GoToR/GoToE and media actions (a link stays, without its action); attached
files (/EmbeddedFiles, /EF, file attachment annotations); the XFA form (/XFA, /NeedsRendering; the
AcroForm fields stay); RichMedia, 3D, Screen, Movie and Sound annotations, and Flash or 3D streams
wherever they hang; portfolios (/Collection); fonts shaped as exploits (CVE-2010-2883, CVE-2024-4367);
encoded payloads in annotation or Info text; stream data and pages taken from other files (/F of a
stream, /Ref of a form: a share or a URL fetched as the page is drawn); the EICAR and GTUBE test strings
in a page's text; the angle brackets of HTML markup for a web viewer's page in strings (links,
comments, fields, Info); the $ of Log4j and Commons Text lookups in strings (\${jndi:...}), and XML
metadata that declares an external entity; active keywords left where no reader acts on them. A Word web archive (MHT)
kept in the clear in a stream is written compressed, so Word no longer opens the copy as a macro
document.
OUT is a new file of the objects reachable from /Root and /Info, with one cross-reference table:
object streams expanded, encryption (empty user password) removed, earlier revisions, objects
outside the xref and bytes outside every object (appended payloads) gone, a page tree readers refuse rebuilt. Object numbers in the summary are IN's;
OUT numbers its objects 1..n.

Exit codes: 0 the copy was written; 2 IN could not be read or disarmed (a password, no catalog).`;

export function registerDisarmCommand(program: Command, ctx: CliContext): void {
  program
    .command("disarm")
    .description(
      "write a copy of a PDF without its active content (scripts, actions, attachments, XFA) and list what was removed",
    )
    .argument("<in>", "the PDF (or XDP package) to disarm, or - for stdin")
    .argument("<out>", "where to write the copy, or - for stdout")
    .option("--json", "print the summary as JSON (on stderr when OUT is -)")
    .addHelpText("after", EXAMPLES)
    .action(async (input: string, output: string, opts: DisarmOptions) => {
      const { runDisarm } = await import("./disarm-run");
      await runDisarm(input, output, opts, ctx);
    });
}
