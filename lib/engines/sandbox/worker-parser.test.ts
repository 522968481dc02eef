// Scripts nested too deeply for the main thread's stack are parsed in a worker with a large stack;
// its AST (JSON) is walked here without recursion. Failures come back as errors, never as throws.
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
    expect(await slow(`var a = [${"1,".repeat(200_000)}];`)).toMatchObject({ error: expect.stringMatching(/timed out|exited/) });
  });

  it("keeps regex and bigint literals readable", async () => {
    const deep = await parseDeep(`var r = /a+/g; var n = 10n;`);
    expect("ast" in deep && JSON.stringify(deep.ast)).toContain('"pattern":"a+"');
  });
});
