// The engines' child processes outlive nothing of their host. A pool thread that ran an advanced stage
// holds two: the render process (pdf.js) and a sandbox process (QuickJS). When piscina terminates that
// thread (a hard timeout), the thread cannot kill or reap them; they exit by themselves because their
// IPC channel, owned by the terminated thread, closes (render-process.ts and sandbox/runner.mjs exit
// on "disconnect", also while a timer or a pending write holds their event loop: with a ref'd interval
// planted in runner.mjs and its handler removed, this test fails). One mechanism for both: the render
// process's former heartbeat and the sandbox's idle self-exit were backstops for this same case. Runs
// the built worker bundle (dist/), as the server's pool does.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { PdfBuilder, hexString } from "../lib/pdf/testing/pdf-builder";

const WORKER_BUNDLE = join(process.cwd(), "dist", "analysis-worker.mjs");
/** a liveness bound, not a measured time: the children exit within milliseconds of the channel closing */
const GONE_WITHIN_MS = 20_000;

/** A page with text (rendered) and a script run on open (emulated). */
function pageAndScriptPdf(): Uint8Array {
  const b = new PdfBuilder();
  const font = b.add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>");
  const content = b.addStream("", "BT /F1 12 Tf 72 720 Td (Quarterly report) Tj ET");
  b.addCatalog(
    `/OpenAction << /S /JavaScript /JS ${hexString('var total = 1 + 2; app.alert("total " + total);')} >>`,
    1,
    `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R`,
  );
  return b.build();
}

/**
 * The worker thread: runs one advanced stage with the pool's own task handler, then waits to be
 * terminated. It lists the process's children every few milliseconds while the stage runs: an engine
 * child may already be gone when the stage ends (the render process stops after RENDER_PROCESS_IDLE_MS
 * idle, which a loaded machine can reach while the script is emulated), and the test must know it.
 */
const HOST = `
import { readdirSync, readFileSync } from "node:fs";
import { MessageChannel, parentPort, workerData } from "node:worker_threads";
const { default: runAnalysisTask } = await import(workerData.bundle);
const seen = new Map();
const look = () => {
  for (const t of readdirSync("/proc/self/task")) {
    let list = "";
    try { list = readFileSync("/proc/self/task/" + t + "/children", "latin1"); } catch { continue; }
    for (const pid of list.split(/\\s+/).filter(Boolean).map(Number)) {
      if (seen.has(pid)) continue;
      try { seen.set(pid, readFileSync("/proc/" + pid + "/cmdline", "latin1").replaceAll("\\0", " ")); } catch {}
    }
  }
};
const poll = setInterval(look, 5);
const { port1 } = new MessageChannel();
const result = await runAnalysisTask({ kind: "deep", bytes: workerData.bytes, fileName: "orphan.pdf", control: port1 });
look();
clearInterval(poll);
port1.close();
parentPort.postMessage({
  answer: { notes: result.engine_notes, scripts: result.javascript?.length ?? 0, pages: result.lures?.pages_rendered ?? 0 },
  children: [...seen],
});
`;

/** Child processes of this process, by every thread that forked one. */
function childPids(): number[] {
  return readdirSync("/proc/self/task").flatMap((t) =>
    readFileSync(`/proc/self/task/${t}/children`, "latin1").split(/\s+/).filter(Boolean).map(Number),
  );
}

/** Running: present and not a zombie (an exited child nobody reaped). */
function running(pid: number): boolean {
  if (!existsSync(`/proc/${pid}`)) return false;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "latin1").replaceAll("\0", " ");
  } catch {
    return "";
  }
}

describe.skipIf(process.platform !== "linux")("engine children of a terminated pool thread", () => {
  it("the render and sandbox processes exit when the thread that forked them is terminated", async () => {
    expect(existsSync(WORKER_BUNDLE), `${WORKER_BUNDLE} is missing: run npm run build`).toBe(true);
    const before = new Set(childPids());
    const bytes = pageAndScriptPdf().slice().buffer;
    const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(HOST)}`), {
      workerData: { bundle: pathToFileURL(WORKER_BUNDLE).href, bytes },
      transferList: [bytes],
    });
    const { answer, children } = await new Promise<{
      answer: { notes: unknown[]; scripts: number; pages: number };
      children: [number, string][];
    }>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    // both engines ran: no engine note, the script was emulated and the page rendered
    expect(answer).toEqual({ notes: [], scripts: 1, pages: 1 });
    // ...each in a child process the thread forked (seen while the stage ran)
    const engineChildren = children.filter(([pid]) => !before.has(pid));
    const commands = engineChildren.map(([, command]) => command);
    expect(
      commands.some((c) => c.includes("render-process")),
      commands.join("\n"),
    ).toBe(true);
    expect(
      commands.some((c) => c.includes("runner.mjs")),
      commands.join("\n"),
    ).toBe(true);
    // the children still running when the thread goes: on an idle machine both
    const forked = engineChildren.map(([pid]) => pid).filter(running);
    expect(forked.length).toBeGreaterThan(0);

    await worker.terminate();
    const deadline = Date.now() + GONE_WITHIN_MS;
    while (forked.some(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(forked.filter(running).map(commandOf)).toEqual([]);
  }, 60_000);
});
