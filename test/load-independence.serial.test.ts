// Issue 19 item 7: a file's verdict must not depend on how busy the machine is. The same document,
// whose answer needs both budgeted engines to finish their work (a script whose CPU work decides the
// URL it opens, pages with text and a QR code to render), is analysed on the machine as it is and
// again with it loaded by busy processes, four per core: the results must be the same. Budgets are
// set from a first run to about twice the CPU the work needs, so under wall-clock budgets the
// loaded run (several times slower) would lose the URL or pages; under CPU-time budgets it may not.
// Serial (vitest.serial.config.ts): loading the machine would slow the tests running beside it.
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeDeep } from "../lib/analyzer/deep/analyze-deep";
import { renderBudgetOf } from "../lib/analyzer/pages/render-facts";
import { buildLurePdf, pdfString, prose } from "../lib/analyzer/pages/testing/lure-pdf";
import type { DeepResult } from "../lib/analyzer/report";
import { createPdfRenderer } from "../lib/engines/render/create-pdf-renderer";
import { createSandboxEmulator } from "../lib/engines/sandbox/sandbox-emulator";
import { createWorkerParser } from "../lib/engines/sandbox/worker-parser";
import { DEFAULT_LIMITS, type Limits } from "../lib/limits";

/** every page the renderer draws */
const PAGES = DEFAULT_LIMITS.RENDER_MAX_PAGES;
/** loop rounds of the script: a few hundred milliseconds of QuickJS work */
const ROUNDS = 600_000;
/** budget = this many times the CPU time the work took when calibrated */
const HEADROOM = 2;
const BUSY_PER_CORE = 4;

const script = `var h = 7; for (var i = 0; i < ${ROUNDS}; i++) { h = (h * 31 + i) % 1000003; } app.launchURL("https://collect.example/r/" + h, true);`;
const document = buildLurePdf({
  pages: Array.from({ length: PAGES }, (_, i) => ({
    lines: [`Invoice page ${i + 1}`, ...prose(12)],
    qr: { text: `https://pay.example/invoice/${i + 1}` },
  })),
  setup: (b) => ({ catalog: `/OpenAction ${b.add(`<< /S /JavaScript /JS ${pdfString(script)} >>`)} 0 R` }),
});

const renderer = createPdfRenderer();
const engines = {
  render: renderer,
  emulate: createSandboxEmulator({ concurrency: 2 }),
  parseDeep: createWorkerParser(),
};
let limits: Partial<Limits>;
let calibration: string;

/** What the verdict is made of: everything but timings. */
function essence(r: DeepResult) {
  return {
    verdict: r.summary.verdict,
    score: r.summary.score,
    findings: r.findings.map((f) => f.ruleId).sort(),
    budgetHits: r.budget_hits,
    pagesRendered: r.lures.pages_rendered,
    qr: r.lures.qr_codes,
    emulation: r.javascript.map((j) => j.emulation.status),
    urls: [...r.iocs.urls].sort(),
  };
}

/** Busy processes, `BUSY_PER_CORE` per core, spinning until killed. */
function loadMachine(): ChildProcess[] {
  return Array.from({ length: availableParallelism() * BUSY_PER_CORE }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
}

beforeAll(async () => {
  // calibration on the machine as it is: CPU time of the render (warm: the first one loads fonts and
  // the QR decoder), run time of the script
  await renderer(document, renderBudgetOf(DEFAULT_LIMITS));
  const render = await renderer(document, renderBudgetOf(DEFAULT_LIMITS));
  const first = await analyzeDeep(document, { fileName: "calibration.pdf", engines });
  const scriptMs = first.javascript[0]?.emulation.duration_ms ?? 0;
  limits = {
    RENDER_TIMEOUT_MS: Math.max(200, Math.ceil((render.cpuMs ?? render.durationMs) * HEADROOM)),
    JS_CPU_MS: Math.max(200, Math.ceil(scriptMs * HEADROOM)),
    JS_TOTAL_CPU_MS: Math.max(400, Math.ceil(scriptMs * HEADROOM * 2)),
  };
  calibration = `render ${render.cpuMs} ms CPU, script ${scriptMs} ms: budgets ${JSON.stringify(limits)}`;
});

afterAll(() => renderer.close());

describe("verdicts do not depend on the machine's load", () => {
  it("gives the same answer with the machine loaded by busy processes", async () => {
    const quiet = await analyzeDeep(document, { fileName: "load.pdf", engines, limits });
    // the document needs every engine's work: otherwise the comparison would show nothing
    expect(essence(quiet), calibration).toMatchObject({
      pagesRendered: PAGES,
      budgetHits: [],
      emulation: ["completed"],
    });
    expect(
      essence(quiet).urls.some((u) => u.startsWith("https://collect.example/r/")),
      calibration,
    ).toBe(true);
    expect(essence(quiet).qr).toHaveLength(PAGES);

    const busy = loadMachine();
    try {
      const loaded = await analyzeDeep(document, { fileName: "load.pdf", engines, limits });
      console.log(
        `load-independence: ${calibration}; quiet ${quiet.duration_ms} ms, loaded ${loaded.duration_ms} ms (${busy.length} busy processes)`,
      );
      expect(essence(loaded), calibration).toEqual(essence(quiet));
    } finally {
      for (const p of busy) p.kill("SIGKILL");
    }
  });
});
