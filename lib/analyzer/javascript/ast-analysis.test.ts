// Static analysis on the AST: one row per technique of the exploit kits, the exploit form of every
// API of EXPLOIT_APIS (plain and obfuscated) with its CVE, benign look-alikes that must stay quiet,
// and hostile nesting that must cost a parse error, never the process.
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { analyzeAst, normalizeApi, parseScript } from "./ast-analysis";
import { EXPLOIT_APIS } from "./script-signals";

const SLED = "%u9090".repeat(24);
// x86: cld; call +0x82; pushad; mov ebp,esp; xor eax,eax; mov edx,fs:[eax+0x30] (msfvenom prologue)
const SHELLCODE = "%ue8fc%u0082%u0000%u8960%u31e5%u64c0%u508b%u8b30%u0c52%u528b%u8b14%u2872%ub70f%u264a%uff31%u3cac";

describe("analyzeAst: techniques", () => {
  it.each([
    [
      "eval(unescape(...))",
      `eval(unescape("%61%6c%65%72%74%28%31%29"))`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.dynamicCode.map((d) => d.api)).toEqual(["eval"]);
        expect(f.decodeCalls.unescape).toBe(1);
        expect(f.decodeChains).toBeGreaterThanOrEqual(1);
        expect(f.staticLayers).toEqual(["alert(1)"]);
      },
    ],
    [
      "String.fromCharCode chain into eval",
      `var c = String.fromCharCode(97,112,112,46,97,108,101,114,116,40,49,41); eval(c);`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.decodeCalls.fromCharCode).toBe(1);
        expect(f.decodeChains).toBe(1);
        expect(f.staticLayers).toEqual(["app.alert(1)"]);
        expect(f.apis).toContain("String.fromCharCode");
      },
    ],
    [
      "computed this['ev'+'al']",
      `this["ev" + "al"]("app.alert(2)")`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.computedCalls).toEqual(["eval"]);
        expect(f.dynamicCode.map((d) => d.api)).toEqual(["eval"]);
        expect(f.staticLayers).toEqual(["app.alert(2)"]);
      },
    ],
    [
      "name assembled with += and an alias of this",
      `var fnc = 'ev'; fnc += 'a'; fnc += 'l'; var t = this; t[fnc]("x()")`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.computedCalls).toEqual(["eval"]);
        expect(f.apis).toContain("eval");
      },
    ],
    [
      "reversed string and (0, eval)",
      `var n = "lave".split("").reverse().join(""); (0, this[n])("y()"); (0, eval)("z()")`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.staticLayers).toEqual(["y()", "z()"]);
      },
    ],
    [
      "new Function and constructor.constructor",
      `new Function("a", "return a")(1); [].constructor.constructor("w()")()`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.dynamicCode.map((d) => d.api)).toEqual(["Function", "Function"]);
        expect(f.staticLayers).toEqual(["return a", "w()"]);
      },
    ],
    [
      "app.setTimeOut with code",
      `app.setTimeOut("main()", 10)`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.dynamicCode.map((d) => d.api)).toEqual(["app.setTimeOut"]);
        expect(f.staticLayers).toEqual(["main()"]);
      },
    ],
    [
      "%u shellcode with a NOP sled, split in pieces",
      `var sc = unescape("${SLED.slice(0, 60)}" + "${SLED.slice(60)}" + "${SHELLCODE}");`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.shellcode).toHaveLength(1);
        expect(f.shellcode[0].nopSled).toBe(true);
        expect(f.percentU).toBe(40);
      },
    ],
    [
      "heap spray: string doubling and an array filled in a loop",
      `var b = unescape("%u0c0c%u0c0c"); while (b.length < 0x40000) b += b; var m = new Array(); for (var i = 0; i < 300; i++) m[i] = b + sc;`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.heapSpray.map((h) => h.kind).sort()).toEqual(["array-fill", "string-doubling"]);
      },
    ],
    [
      "heap spray: growth loop and push",
      `var s = x; while (s.length < 0x10000) s += block; for (var j = 0; j < 0x100; j++) arr.push(s.substr(0, 100));`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.heapSpray.map((h) => h.kind).sort()).toEqual(["array-fill", "growth-loop"]);
      },
    ],
    [
      "long and escaped strings",
      `var a = "${"A".repeat(2000)}"; var b = "${"\\x41".repeat(80)}";`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.longStrings).toBe(1);
        expect(f.longestString).toBe(2000);
        expect(f.escapedStrings).toBe(1);
      },
    ],
    [
      "hex-encoded shellcode carrying a URL",
      `var eh = '9090909090909090e9fb0000005f64a1300000008b400c8b701c' + '${Buffer.from("http://evil.example/load.php").toString("hex")}00';`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.shellcode).toHaveLength(1);
        expect(f.decodedStrings.join("\n")).toContain("http://evil.example/load.php");
      },
    ],
    [
      "shellcode as an array of dwords",
      `var sc = [0x0082e8fc, 0x89600000, 0x64c031e5, 0x8b30508b, 0x528b0c52, 0x28728b14, 0x264ab70f, 0x3cacff31, 0x2c027c61, 0x0dcfc120, 0xf2e2c701, 0x528b5752, 0x3c4a8b10, 0x78114c8b, 0xd10148e3, 0x20598b51];`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.shellcode).toHaveLength(1);
      },
    ],
    [
      "Acrobat APIs through aliases, normalised",
      `var z = app.doc; z.syncAnnotScan(); var p = z.getAnnots({ nPage: 0 }); var v = app.viewerVersion; getField("a").setAction("MouseUp", "go()");`,
      (f: ReturnType<typeof analyzeAst>) => {
        expect(f.apis).toEqual(
          expect.arrayContaining(["this.syncAnnotScan", "this.getAnnots", "app.viewerVersion", "this.getField"]),
        );
        expect(f.staticLayers).toEqual(["go()"]);
        expect(f.exploits).toEqual([]);
      },
    ],
  ])("%s", (_name, source, expectFacts) => {
    const facts = analyzeAst(source, { budget: defaultBudget() });
    expect(facts.parsed).toBe(true);
    expectFacts(facts);
  });
});

describe("analyzeAst: exploit APIs with their CVEs", () => {
  const TIFF_B64 = "SUkqADggAABBQUFBQUFBQUFBQUFBQUFB";
  it.each([
    ["Collab.collectEmailInfo", `Collab.collectEmailInfo({ subj: "", msg: s });`, ["CVE-2007-5659", "CVE-2008-0655"]],
    [
      "Collab.collectEmailInfo obfuscated",
      `var c = Collab; c["collect" + "EmailInfo"]({ msg: s });`,
      ["CVE-2007-5659", "CVE-2008-0655"],
    ],
    ["util.printf huge width", `util.printf("%45000.45000f", 0);`, ["CVE-2008-2992"]],
    ["util.printf width folded", `var f = "%4500" + "0.45000f"; util["pr" + "intf"](f, num);`, ["CVE-2008-2992"]],
    ["Collab.getIcon", `Collab.getIcon(sc + "_N.bundle");`, ["CVE-2009-0927"]],
    ["Collab.getIcon via computed alias", `var o = this["Col" + "lab"]; o.getIcon(n);`, ["CVE-2009-0927"]],
    ["getAnnots with crafted integers", `this.getAnnots(-1, -1, 0, 0);`, ["CVE-2009-1492"]],
    ["spell.customDictionaryOpen", `spell.customDictionaryOpen(0, s, 1);`, ["CVE-2009-1493"]],
    [
      "media.newPlayer(null)",
      `util.printd("p@111111111111111111111111 : yyyy111", new Date()); this.media.newPlayer(null);`,
      ["CVE-2009-4324"],
    ],
    ["doc.printSeps", `app.doc.printSeps();`, ["CVE-2010-4091"]],
    ["app.removeToolButton", `app.removeToolButton({ cName: "x" });`, ["CVE-2013-3346", "CVE-2014-0496"]],
    [
      "XFA keep.previous",
      `xfa.resolveNode("xfa[0].form[0].form1[0].#subform[0].rect1").keep.previous = "contentArea";`,
      ["CVE-2013-0640"],
    ],
    [
      "XFA rawValue TIFF",
      `var img = xfa.resolveNode("ImageField1"); img.rawValue = "${TIFF_B64}" + pad;`,
      ["CVE-2010-0188"],
    ],
    ["dataObjects ESObject freed", `this.dataObjects[0].toString(); this.dataObjects[0] = null;`, ["CVE-2020-9715"]],
  ])("%s", (_name, source, cves) => {
    const facts = analyzeAst(source, { budget: defaultBudget() });
    expect(facts.exploits.flatMap((e) => e.cve).sort()).toEqual([...cves].sort());
  });

  it("covers every API of EXPLOIT_APIS", () => {
    // the table above names each one; a new table entry needs a row here (text-only entries have no AST shape)
    expect(
      EXPLOIT_APIS.filter((e) => e.shape !== "text")
        .map((e) => e.api)
        .sort(),
    ).toEqual([
      "Collab.collectEmailInfo",
      "Collab.getIcon",
      "app.removeToolButton",
      "doc.printSeps",
      "getAnnots",
      "media.newPlayer",
      "spell.customDictionaryOpen",
      "this.dataObjects[n] = null",
      "util.printf",
      "xfa keep.previous",
      "xfa rawValue TIFF",
    ]);
  });

  it.each([
    ["util.printf with an ordinary format", `util.printf("%.2f", total);`],
    ["getAnnots with its object argument", `var a = this.getAnnots({ nPage: 0 });`],
    [
      "media.newPlayer with settings",
      `var p = app.media.createPlayer({ settings: {} }); media.newPlayer({ doc: this });`,
    ],
    ["this.getIcon (a document icon, not Collab)", `var i = this.getIcon("logo");`],
    ["rawValue of a text field", `xfa.resolveNode("name").rawValue = "John";`],
    ["keep.previous read, not set", `if (node.keep.previous == "none") go();`],
  ])("no exploit: %s", (_name, source) => {
    expect(analyzeAst(source, { budget: defaultBudget() }).exploits).toEqual([]);
  });
});

describe("analyzeAst: hostile input", () => {
  it("reports a concatenation of 100k terms as too deep instead of crashing", () => {
    const source = `var p = ${Array.from({ length: 100_000 }, (_, i) => `'A${i % 10}'`).join("+")};`;
    const facts = analyzeAst(source, { budget: defaultBudget() });
    expect(facts.parsed).toBe(false);
    expect(facts.tooDeep).toBe(true);
    expect(facts.parseError).toMatch(/stack/i);
  });

  it("reports 100k nested parentheses as too deep", () => {
    const facts = analyzeAst(`x = ${"(".repeat(100_000)}1${")".repeat(100_000)};`, { budget: defaultBudget() });
    expect(facts).toMatchObject({ parsed: false, tooDeep: true });
  });

  it("walks a deep AST parsed elsewhere without recursion", () => {
    // a left-deep + chain as the worker parser returns it (JSON), 100k levels
    let node: Record<string, unknown> = { type: "Literal", start: 0, end: 3, value: "%u9090", raw: "'%u9090'" };
    for (let i = 0; i < 100_000; i++)
      node = {
        type: "BinaryExpression",
        start: 0,
        end: 3,
        operator: "+",
        left: node,
        right: { type: "Literal", start: 0, end: 3, value: "%u9090", raw: "'%u9090'" },
      };
    const ast = {
      type: "Program",
      start: 0,
      end: 3,
      body: [{ type: "ExpressionStatement", start: 0, end: 3, expression: node }],
    };
    const facts = analyzeAst("x+x", { ast: ast as never, budget: defaultBudget() });
    expect(facts.parsed).toBe(true);
    expect(facts.nodes).toBeGreaterThan(200_000);
    expect(facts.shellcode[0]?.nopSled).toBe(true);
  });

  it("parses around an HTML comment block that hides data (corpus abf69e61131d)", () => {
    const p = parseScript(`var a = 1;\n<!--\ncWKQmZla\n2Kzm7JVm/O\n-->\nfunction f() { return a; }`);
    expect("ast" in p && p.tolerant).toBe(true);
    const facts = analyzeAst(`var a = 1;\n<!--\n9aZ+/x\n-->\napp.alert(a);`, { budget: defaultBudget() });
    expect(facts.apis).toContain("app.alert");
  });

  it("repairs a NUL byte and keeps the offsets", () => {
    const p = parseScript("var a = 1;\0\napp.alert(a);");
    expect("ast" in p && p.text).toBe("var a = 1; \napp.alert(a);");
  });

  it("keeps the longest prefix that parses", () => {
    const facts = analyzeAst("app.alert(1);\nvar x = ;;; garbage (", { budget: defaultBudget() });
    expect(facts.parsed).toBe(true);
    expect(facts.tolerant).toBe(true);
    expect(facts.apis).toContain("app.alert");
  });

  it("does not fold a regex replace that could backtrack", () => {
    const facts = analyzeAst(`var s = "${"a".repeat(5000)}!".replace(/(a+)+$/, ""); this[s]();`, {
      budget: defaultBudget(),
    });
    expect(facts.computedCalls).toEqual([]);
    expect(facts.unresolvedComputedCalls).toBe(1);
  });
});

describe("normalizeApi", () => {
  it.each([
    ["app.doc.getAnnots", "this.getAnnots"],
    ["event.target.syncAnnotScan", "this.syncAnnotScan"],
    ["getField", "this.getField"],
    ["this.eval", "eval"],
    ["this.Collab.getIcon", "Collab.getIcon"],
    ["this.media.newPlayer", "media.newPlayer"],
    ["app.alert", "app.alert"],
    ["String.fromCharCode", "String.fromCharCode"],
    ["myHelper", "myHelper"],
  ])("%s -> %s", (path, name) => {
    expect(normalizeApi(path)).toBe(name);
  });
});

/** parseScript's answer for `source` from a worker thread (test/support/parse-in-worker.mjs); "exited N" when the thread died. */
function parseInWorker(source: string): Promise<string> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("../../../test/support/parse-in-worker.mjs", import.meta.url), {
      workerData: { source },
      execArgv: [],
    });
    worker.once("message", (m: string) => {
      resolve(m);
      void worker.terminate();
    });
    worker.once("error", (e) => resolve(`error ${e.message}`));
    worker.once("exit", (code) => resolve(`exited ${code}`));
  });
}

describe("parseScript on nesting past the stack", () => {
  // acorn's own stack-overflow catch ran a regex at the deepest level, where V8 compiled it with no
  // stack left and aborted the process (acorn-parser.ts); fuzz seed 1411 found it, 5,000 levels did it
  it.each([
    ["computed members", (n: number) => `${"this[".repeat(n)}x${"]".repeat(n)}`],
    ["parentheses", (n: number) => `x = ${"(".repeat(n)}1${")".repeat(n)};`],
    ["arrays", (n: number) => `x = ${"[".repeat(n)}${"]".repeat(n)};`],
    ["unary operators", (n: number) => `x = ${"!".repeat(n)}y;`],
  ])("answers %s nested 2k to 200k deep with an AST or a too-deep error, never an abort", (_name, build) => {
    for (const n of [2_000, 5_000, 20_000, 200_000]) {
      const outcome = parseScript(build(n));
      expect("ast" in outcome || ("error" in outcome && outcome.tooDeep)).toBe(true);
    }
  });

  it("answers 5,000 levels of `this[` in a worker thread, where V8 aborted the whole process", async () => {
    expect(await parseInWorker(`${"this[".repeat(5_000)}x${"]".repeat(5_000)}`)).toMatch(/^(ast|too deep)$/);
  });
});
