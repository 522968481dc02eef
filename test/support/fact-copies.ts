// One source for each fact (issue 23 item 2, ../shared/style.md "the same fact declared in several
// places"): the production code, outside a fact's source module, that still spells the fact out. A
// consistency test says what a copy looks like and expects none, so a copy that comes back fails it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { coreSourceFiles } from "./regex-inventory";

export const REPO_ROOT = join(import.meta.dirname, "../..");

/** Production code of every floor: app/ and lib/ (TypeScript and plain ESM), the root entry points and the Next config. */
export function productionFiles(): string[] {
  return [
    ...coreSourceFiles(REPO_ROOT, ["app", "lib"], /\.(?:tsx?|mjs)$/),
    "proxy.ts",
    "instrumentation.ts",
    "next.config.mjs",
  ];
}

/** A file's code lines, numbered from 1; comment lines are left out (a comment may name the fact it cites). */
function codeLines(file: string): { line: number; code: string }[] {
  return readFileSync(join(REPO_ROOT, file), "utf8")
    .split("\n")
    .map((text, i) => ({ line: i + 1, code: text.trim() }))
    .filter(({ code }) => !/^(?:\/\/|\/\*|\*)/.test(code));
}

/** "file:line: code" of each code line of a production file other than `sources` that `isCopy` accepts. */
export function findCopies(isCopy: (line: string) => boolean, sources: readonly string[]): string[] {
  return productionFiles()
    .filter((file) => !sources.includes(file))
    .flatMap((file) =>
      codeLines(file)
        .filter(({ code }) => isCopy(code))
        .map(({ line, code }) => `${file}:${line}: ${code.slice(0, 160)}`),
    );
}

/** The production files other than `sources` whose code, taken whole, `isCopy` accepts (a list spread over lines). */
export function filesWithCopies(isCopy: (code: string) => boolean, sources: readonly string[]): string[] {
  return productionFiles().filter(
    (file) =>
      !sources.includes(file) &&
      isCopy(
        codeLines(file)
          .map(({ code }) => code)
          .join("\n"),
      ),
  );
}
