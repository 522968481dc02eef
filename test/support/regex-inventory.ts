// Every regular expression the core (lib/analyzer, lib/pdf) runs, found in the source at test time so
// a regex added tomorrow is covered without touching the test (issue 19, item 6): literals through the
// TypeScript parser, `new RegExp(...)` sites by name (the test lists each one and builds what it builds).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export interface RegexLiteral {
  /** repository-relative path */
  file: string;
  line: number;
  re: RegExp;
}

/**
 * Production sources: `.ts`/`.tsx` (or the file names `names` matches) outside test files, declaration
 * files and `testing/` helpers (fixture builders).
 */
export function coreSourceFiles(root: string, dirs: readonly string[], names = /\.tsx?$/): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) {
        // lint-probe-*: the files lib/lint-floors.test.ts plants for a moment, in parallel with the walks here
        if (e.name !== "testing" && e.name !== "node_modules" && !e.name.startsWith("lint-probe-")) walk(p);
      } else if (names.test(e.name) && !/\.test\.[cm]?[jt]sx?$/.test(e.name) && !/\.d\.[cm]?ts$/.test(e.name))
        out.push(relative(root, p));
    }
  };
  for (const d of dirs) walk(join(root, d));
  return out.sort();
}

/** Every regex literal of `files`, compiled as the engine compiles it. */
export function regexLiterals(root: string, files: readonly string[]): RegexLiteral[] {
  const out: RegexLiteral[] = [];
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText(sf);
        const slash = text.lastIndexOf("/");
        out.push({
          file,
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          re: new RegExp(text.slice(1, slash), text.slice(slash + 1)),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return out;
}

/** `new RegExp(` / `RegExp(` call sites per file (a constructed regex the literal scan cannot see). */
export function regexConstructorSites(root: string, files: readonly string[]): Map<string, number> {
  const sites = new Map<string, number>();
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, true);
    let n = 0;
    const visit = (node: ts.Node) => {
      if (
        (ts.isNewExpression(node) || ts.isCallExpression(node)) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === "RegExp"
      )
        n++;
      ts.forEachChild(node, visit);
    };
    visit(sf);
    if (n) sites.set(file, n);
  }
  return sites;
}
