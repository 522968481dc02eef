// An error the user can act on (bad server URL, a server's problem answer, a missing API key):
// main() prints its message as one line, without a stack trace, and exits 2.
export class CliError extends Error {
  override name = "CliError";
}
