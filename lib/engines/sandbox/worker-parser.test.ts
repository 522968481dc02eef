// Scripts nested too deeply for the main thread's stack are parsed in a worker with a large stack, in a
// child process of its own; the AST is walked here without recursion. Failures come back as errors,
// never as throws, and never end this process.
import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { analyzeAst, parseScript } from "../../analyzer/javascript/ast-analysis";
import { createWorkerParser } from "./worker-parser";

const parseDeep = createWorkerParser();

describe("createWorkerParser", () => {
  it("parses a 100k-term concatenation the main thread cannot, and the analysis folds it", async () => {
    const source = `var sc = unescape(${Array.from({ length: 100_000 }, () => `"%u0c0c"`).join("+")});`;
    const local = parseScript(source);
    expect("error" in local && local.tooDeep).toBe(true);
    const deep = await parseDeep(source);
    expect("ast" in deep).toBe(true);
    const facts = analyzeAst(source, { ast: "ast" in deep ? deep.ast : undefined, budget: defaultBudget() });
    expect(facts.parsed).toBe(true);
    expect(facts.shellcode[0]?.nopSled).toBe(true);
  });

  it("parses 20k nested parentheses", async () => {
    const deep = await parseDeep(`x = ${"(".repeat(20_000)}1${")".repeat(20_000)};`);
    expect("ast" in deep).toBe(true);
  });

  it("returns syntax errors and timeouts as errors", async () => {
    expect(await parseDeep("var = ;")).toMatchObject({ error: expect.stringMatching(/Unexpected/) });
    const slow = createWorkerParser({ timeoutMs: 1 });
    expect(await slow(`var a = [${"1,".repeat(200_000)}];`)).toMatchObject({
      error: expect.stringMatching(/timed out|exited/),
    });
  });

  it("answers an error when a script exhausts the parsing thread's stack and V8 aborts its process, and parses the next script", async () => {
    // acorn tests each level's RangeError with a regex compiled with no stack left: with a stack this
    // large V8 aborts ("RegExpCompiler Allocation failed", fuzz seed 1411); in a worker of this
    // process that ended the process
    const parse = createWorkerParser({ stackSizeMb: 32 });
    expect(await parse(`${"this[".repeat(40_000)}x${"]".repeat(40_000)}`)).toMatchObject({
      error: expect.stringMatching(/exited|stack/),
    });
    expect(await parse("var a = 1;")).toMatchObject({ ast: expect.objectContaining({ type: "Program" }) });
  });

  it("keeps regex and bigint literals readable", async () => {
    const deep = await parseDeep(`var r = /a+/g; var n = 10n;`);
    expect("ast" in deep && JSON.stringify(deep.ast)).toContain('"pattern":"a+"');
  });
});
