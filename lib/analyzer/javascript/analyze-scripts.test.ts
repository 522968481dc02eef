// analyzeScripts end to end on PDFs built in code, with the real sandbox and deep parser: layers
// decoded at run time go back through static analysis (CVEs, shellcode, spray, IOCs); a hostile
// script ends in its budget and the analysis still returns; without engines the static part stands.
import { beforeAll, describe, expect, it } from "vitest";
import { defaultBudget } from "../../limits";
import { createSandboxEmulator } from "../../engines/sandbox/sandbox-emulator";
import { createWorkerParser } from "../../engines/sandbox/worker-parser";
import { IocCollector } from "../iocs";
import { JavaScriptEntry } from "../report";
import { collectScriptIndicators } from "./analyze-scripts";
import {
  analyzePdfScripts,
  annotationKitPdf,
  benignFormPdf,
  deepConcatenationPdf,
  loopAndFormPdf,
  manyLoopsPdf,
  xfaHeldPayloadPdf,
  xfaExploitPdf,
  type Analyzed,
} from "./testing/script-fixtures";

const engines = { emulate: createSandboxEmulator({ concurrency: 2 }), parseDeep: createWorkerParser() };

describe("a kit that hides its payload in an annotation", () => {
  let kit: Analyzed;
  beforeAll(async () => {
    kit = await analyzePdfScripts(annotationKitPdf(), engines);
  });

  it("extracts the script with its location and trigger", () => {
    const [entry] = kit.result.entries;
    expect(kit.result.entries).toHaveLength(1);
    expect(() => JavaScriptEntry.parse(entry)).not.toThrow();
    expect(entry).toMatchObject({
      location: { path: "/Root/OpenAction" },
      trigger: "document open",
      automatic: true,
      origin: "action",
    });
  });

  it("runs it with the annotation's subject and records the decoded layer", () => {
    const [entry] = kit.result.entries;
    expect(entry.emulation.status).toBe("completed");
    expect(entry.deobfuscated_layers[0]).toContain('Collab["collect" + "EmailInfo"]');
    // report text is defanged
    expect(entry.deobfuscated_layers[0]).toContain("evil[.]example/drop.exe");
    expect(entry.deobfuscated_layers[0]).not.toContain("http://");
    // the viewer's full text is verbatim
    expect(entry.full_layers?.[0]).toContain("http://evil.example/drop.exe");
    expect(entry.source?.length).toBe(entry.size);
    expect(entry.full_text_truncated).toBe(false);
    expect(entry.apis).toEqual(
      expect.arrayContaining([
        "this.syncAnnotScan",
        "this.getAnnots",
        "eval",
        "unescape",
        "Collab.collectEmailInfo",
        "app.launchURL",
      ]),
    );
  });

  it("names the CVE from the layer and from the run, and finds shellcode and spray in the layer", () => {
    const [s] = kit.result.scripts;
    expect(s.cves).toEqual(["CVE-2007-5659", "CVE-2008-0655"]);
    expect(new Set(s.exploits.map((e) => e.source))).toEqual(new Set(["layer", "emulation"]));
    expect(s.shellcode.some((c) => c.source === "layer" && c.nopSled)).toBe(true);
    expect(s.heapSpray.map((h) => h.kind)).toEqual(expect.arrayContaining(["string-doubling", "array-fill"]));
    expect(s.network).toContainEqual({ api: "app.launchURL", target: "http://evil.example/drop.exe" });
  });

  it("describes the payload's shellcode: x86 by its PEB access, its prologue disassembled; the sled alone is no code", () => {
    const [entry] = kit.result.entries;
    // the layer's two %u runs: the 48-byte sled (nothing to read) and the 32-byte prologue
    expect(entry.shellcode).toHaveLength(1);
    const [sc] = entry.shellcode!;
    expect(sc).toMatchObject({
      source: "layer",
      size: 32,
      architecture: "x86",
      bitness: 32,
      sled_bytes: 0,
      truncated: false,
    });
    expect(sc.architecture_evidence).toEqual([expect.stringContaining("PEB of 32-bit Windows")]);
    expect(sc.instructions.slice(0, 6).map((i) => i.text)).toEqual([
      "cld",
      "call 00000088h",
      "pusha",
      "mov ebp, esp",
      "xor eax, eax",
      "mov edx, [fs:eax+30h]",
    ]);
    expect(sc.instructions[1]).toMatchObject({ offset: 1, hex: "e882000000" });
  });

  it("hands the decoded texts to the indicator extractor", () => {
    const sink = new IocCollector(100, defaultBudget());
    collectScriptIndicators(kit.result, sink);
    expect(sink.toIocs().urls).toContain("http://evil.example/drop.exe");
  });
});

describe("budgets", () => {
  it("stops an endless page-open script within its budget and still reports every script", async () => {
    const { result } = await analyzePdfScripts(loopAndFormPdf(), engines, { JS_CPU_MS: 400 });
    const loop = result.entries.find((e) => e.trigger === "page open")!;
    expect(loop.emulation.status).toBe("timeout");
    expect(loop.apis).toContain("app.alert");
    const form = result.entries.find((e) => e.trigger === "field keystroke")!;
    expect(form.emulation).toMatchObject({ status: "skipped" });
    for (const e of result.entries) expect(() => JavaScriptEntry.parse(e)).not.toThrow();
  });

  it("skips a script above JS_MAX_SCRIPT_BYTES and says so", async () => {
    const { result } = await analyzePdfScripts(annotationKitPdf(), engines, { JS_MAX_SCRIPT_BYTES: 64 });
    expect(result.entries[0].emulation).toMatchObject({
      status: "skipped",
      detail: expect.stringMatching(/JS_MAX_SCRIPT_BYTES/),
    });
    expect(result.entries[0].parse_error).toMatch(/JS_MAX_SCRIPT_BYTES/);
    expect(result.budgetHits).toContain("JS_MAX_SCRIPT_BYTES");
  });

  it("parses a script too deep for this thread in the worker, and reports it without one", async () => {
    const pdf = deepConcatenationPdf(30_000);
    const deep = await analyzePdfScripts(pdf, { parseDeep: engines.parseDeep });
    expect(deep.result.scripts[0].ast.parsed).toBe(true);
    expect(deep.result.scripts[0].shellcode[0]?.nopSled).toBe(true);
    const shallow = await analyzePdfScripts(pdf, {});
    expect(shallow.result.entries[0].parse_error).toMatch(/too deep/);
    expect(shallow.result.entries[0].emulation).toMatchObject({ status: "skipped", detail: "no sandbox configured" });
  });
});

describe("XFA and forms", () => {
  it("runs an XFA initialize script with form nodes and names CVE-2010-0188 and CVE-2013-0640", async () => {
    const { result } = await analyzePdfScripts(xfaExploitPdf(), engines);
    const [s] = result.scripts;
    expect(s.origin).toBe("xfa");
    expect(s.emulationStatus).toBe("completed");
    expect(s.cves).toEqual(["CVE-2010-0188", "CVE-2013-0640"]);
    expect(
      s.exploits
        .filter((e) => e.source === "emulation")
        .map((e) => e.api)
        .sort(),
    ).toEqual(["xfa keep.previous", "xfa rawValue TIFF"]);
  });

  it("analyses one handler shared by many widgets once and finds nothing in a benign form", async () => {
    const { result } = await analyzePdfScripts(benignFormPdf(20), engines);
    expect(result.entries).toHaveLength(21);
    const shared = result.scripts.filter((s) => s.trigger === "field format");
    expect(new Set(shared.map((s) => s.sha256)).size).toBe(1);
    expect(shared[0].ast).toBe(shared[19].ast);
    for (const s of result.scripts) {
      expect(s.cves).toEqual([]);
      expect(s.shellcode).toEqual([]);
      expect(s.layers).toEqual([]);
    }
    const docLevel = result.entries.find((e) => e.location.path.startsWith("/Root/Names/JavaScript"))!;
    expect(docLevel.emulation.status).toBe("completed");
  });
});

describe("a copy of a script", () => {
  it("that differs only in the white space around it (an orphan stream of an action's code) is run once", async () => {
    const { PdfBuilder, hexString } = await import("../../pdf/testing/pdf-builder");
    const code = `var w = app.alert("one"); app.launchURL("http://example.test/x", true);`;
    const b = new PdfBuilder();
    b.addStream("", `\r\n${code}\n`);
    b.addCatalog(`/OpenAction << /S /JavaScript /JS ${hexString(code)} >>`);
    let runs = 0;
    const counting = {
      ...engines,
      emulate: (async (...a) => (runs++, engines.emulate(...a))) as typeof engines.emulate,
    };
    const { result } = await analyzePdfScripts(b.build(), counting);
    expect(result.entries.map((e) => e.origin).sort()).toEqual(["action", "stream"]);
    expect(new Set(result.entries.map((e) => e.sha256)).size).toBe(2);
    expect(runs).toBe(1);
    expect(result.entries.map((e) => e.emulation.status)).toEqual(["completed", "completed"]);
  });
});

describe("JS_MAX_SCRIPTS", () => {
  it("runs the automatic scripts first and reports the ones left over", async () => {
    const { PdfBuilder, hexString } = await import("../../pdf/testing/pdf-builder");
    const b = new PdfBuilder();
    const widgets = [0, 1, 2].map((i) =>
      b.add(
        `<< /Type /Annot /Subtype /Widget /Rect [0 0 1 1] /A << /S /JavaScript /JS ${hexString(`eval("app.alert(" + ${i} + ")")`)} >> >>`,
      ),
    );
    b.addCatalog(
      `/OpenAction << /S /JavaScript /JS ${hexString(`eval(unescape("%61pp.alert(9)"))`)} >>`,
      1,
      `/Annots [${widgets.map((w) => `${w} 0 R`).join(" ")}]`,
    );
    const { result } = await analyzePdfScripts(b.build(), engines, { JS_MAX_SCRIPTS: 2 });
    expect(result.entries.find((e) => e.automatic)!.emulation.status).toBe("completed");
    expect(result.entries.filter((e) => e.emulation.detail === "JS_MAX_SCRIPTS budget exhausted")).toHaveLength(2);
    expect(result.budgetHits).toEqual(["JS_MAX_SCRIPTS"]);
  });
});

describe("the emulation budget of a document", () => {
  it("bounds the CPU time and the sandbox children of a document with 100 looping scripts", async () => {
    let children = 0;
    const cpu: number[] = [];
    const counting = {
      ...engines,
      emulate: (async (...a) => {
        children++;
        const run = await engines.emulate(...a);
        cpu.push(run.cpuMs);
        return run;
      }) as typeof engines.emulate,
    };
    const limits = { JS_TOTAL_CPU_MS: 3000, JS_CPU_MS: 1000, JS_MAX_SCRIPTS: 40 };
    const { result } = await analyzePdfScripts(manyLoopsPdf(100), counting, limits);
    expect(result.scripts).toHaveLength(100);
    // one child per run at most, never more runs than JS_MAX_SCRIPTS
    expect(children).toBeLessThanOrEqual(limits.JS_MAX_SCRIPTS);
    // each run gets what the runs before it left (counted in CPU time, not wall-clock time: the same
    // runs on a busy machine), so together they stay within the budget, plus the interrupt's
    // granularity and the short extra budget of the last run's timers
    expect(cpu.length).toBeGreaterThanOrEqual(3);
    expect(cpu.reduce((a, b) => a + b, 0)).toBeLessThan(limits.JS_TOTAL_CPU_MS + 600);
    expect(result.budgetHits).toEqual(expect.arrayContaining(["JS_MAX_SCRIPTS", "JS_TOTAL_CPU_MS"]));
    const statuses = new Set(result.entries.map((e) => e.emulation.status));
    expect([...statuses].sort()).toEqual(["skipped", "timeout"]);
    // 3 s of CPU and 40 sandbox children: on a machine loaded several times over that is a minute of wall time
  }, 90_000);
});

describe("an XFA form whose script decodes data held in the form", () => {
  it("unfolds the layer from the field's default value and the data packet, and names its CVE", async () => {
    const { result } = await analyzePdfScripts(xfaHeldPayloadPdf(), engines);
    const [s] = result.scripts;
    expect(s.emulationStatus).toBe("completed");
    expect(s.generatedLayers[0]).toContain('Collab.getIcon("N.bundle")');
    expect(s.cves).toEqual(["CVE-2009-0927"]);
    // an XFA host method the stubs do not know is recorded, not fatal
    expect(s.apis).toEqual(expect.arrayContaining(["xfa.host.messageBox", "xfa.host.someNewerApi"]));
  });
});
