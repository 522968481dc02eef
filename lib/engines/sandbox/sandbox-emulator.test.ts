// The sandbox against what hostile scripts do: nested eval layers and Acrobat API calls are recorded;
// an endless loop, unbounded allocation (strings, typed arrays), deep recursion, a crashing or mute
// child, and a process over its memory budget all end in a status, within budget, and this process
// carries on. No timing assertions beyond "finished, with this status".
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acrobatPrelude, wrapXfaScript } from "../../analyzer/javascript/acrobat-stubs";
import { CANCELLED, type EmulationBudget } from "../../analyzer/javascript/emulation";
import { EMPTY_SCRIPT_CONTEXT, type ScriptContext } from "../../analyzer/javascript/script-context";
import { createSandboxEmulator } from "./sandbox-emulator";

const BUDGET: EmulationBudget = {
  cpuMs: 1000,
  memoryBytes: 256 * 1024 * 1024,
  maxLayers: 16,
  maxOutputChars: 1024 * 1024,
};
const emulate = createSandboxEmulator({ concurrency: 2 });
const prelude = (ctx: Partial<ScriptContext> = {}, xfa = false) =>
  acrobatPrelude({ ...EMPTY_SCRIPT_CONTEXT, ...ctx }, { xfa });
const scratch = mkdtempSync(join(tmpdir(), "sandbox-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * A stand-in runner that speaks runner.mjs's protocol: "ready", the warm-up answered with "ready",
 * and `onJob` (a statement) run for each script. `record(o)` writes a record line.
 */
function fakeRunner(name: string, onJob: string): string {
  const path = join(scratch, `${name}.mjs`);
  writeFileSync(
    path,
    `import { writeSync } from "node:fs";
const record = (o) => writeSync(3, JSON.stringify(o) + "\\n");
record({ t: "ready" });
process.on("message", (m) => {
  if (m.t !== "job") return record({ t: "ready" });
  ${onJob}
});`,
  );
  return path;
}

describe("recording", () => {
  it("captures every layer of nested eval, Function and app.setTimeOut", async () => {
    const l4 = "app.alert(42)";
    const l3 = `app.setTimeOut(${JSON.stringify(l4)}, 10)`;
    const l2 = `new Function(${JSON.stringify(l3)})()`;
    const l1 = `eval(${JSON.stringify(l2)})`;
    const r = await emulate(`eval(${JSON.stringify(l1)})`, prelude(), BUDGET);
    expect(r.status).toBe("completed");
    expect(r.layers).toEqual([l1, l2, l3, l4]);
    expect(r.apiCalls).toContainEqual({ api: "app.alert", args: ["42"] });
  });

  it("records Acrobat API calls with their arguments", async () => {
    const r = await emulate(
      `app.alert("hi"); util.printf("%45000.45000f", 1); Collab.getIcon("x_N.bundle"); this.exportDataObject({ cName: "a.exe", nLaunch: 2 });`,
      prelude(),
      BUDGET,
    );
    expect(r.status).toBe("completed");
    expect(r.apiCalls).toEqual([
      { api: "app.alert", args: ["hi"] },
      { api: "util.printf", args: ["%45000.45000f", "1"] },
      { api: "Collab.getIcon", args: ["x_N.bundle"] },
      { api: "this.exportDataObject", args: ['{"cName":"a.exe","nLaunch":2}'] },
    ]);
  });

  it("serves the document's annotations, Info and page words to the script", async () => {
    const ctx = {
      annotations: [{ page: 0, subject: "z61z70z70z2ez61z6cz65z72z74z28z31z29" }],
      info: { Title: "t1" },
      pageWords: [["hello", "world"]],
    };
    const script = `var p = app.doc.getAnnots({ nPage: 0 }); eval(unescape(p[0].subject.replace(/z/g, "%"))); app.alert(this.info.title + this.subject + getPageNthWord(0, 1));`;
    const r = await emulate(script, prelude(ctx), BUDGET);
    expect(r.layers).toEqual(["app.alert(1)"]);
    expect(r.apiCalls).toContainEqual({ api: "app.alert", args: ["t1world"] });
  });

  it("keeps SpiderMonkey's Object.prototype.eval and records run-time shellcode and URLs", async () => {
    const r = await emulate(
      `var f = "ev" + "al"; app[f]("var s = unescape('${"%u0c0c".repeat(40)}'); var u = 'http://evil.example/' + 'payload.exe';");`,
      prelude(),
      BUDGET,
    );
    expect(r.layers).toHaveLength(1);
    expect(r.strings.some((s) => s.startsWith("\u0c0c\u0c0c"))).toBe(true);
    expect(r.strings).toContain("http://evil.example/payload.exe");
  });

  it("resolves XFA field names and records keep.previous and rawValue", async () => {
    const r = await emulate(
      wrapXfaScript(`ImageField1.rawValue = "SUkqADggAAB"; xfa.resolveNode("f.rect1").keep.previous = "contentArea";`),
      prelude({}, true),
      BUDGET,
    );
    expect(r.status).toBe("completed");
    expect(r.apiCalls).toEqual(
      expect.arrayContaining([
        { api: "xfa.rawValue=", args: ["SUkqADggAAB"] },
        { api: "xfa.keep.previous=", args: ["contentArea"] },
      ]),
    );
  });

  it("keeps recording when the script replaces the built-ins the stubs use", async () => {
    const r = await emulate(
      `Array.prototype.push = String.prototype.slice = JSON.stringify = Function.prototype.apply = null; eval("app.alert('still seen')");`,
      prelude(),
      BUDGET,
    );
    expect(r.layers).toEqual(["app.alert('still seen')"]);
    expect(r.apiCalls).toContainEqual({ api: "app.alert", args: ["still seen"] });
  });

  it("shows the stubs as native functions, as Acrobat's SpiderMonkey does (corpus 07397995afaf)", async () => {
    const r = await emulate(
      `function mine() { return 1; } app.alert((app.newDoc + "").substr(1, 3) + "|" + (String(eval).indexOf("[native code]") > 0) + "|" + (String(mine).indexOf("return 1") > 0));`,
      prelude(),
      BUDGET,
    );
    expect(r.apiCalls).toEqual([{ api: "app.alert", args: ["fun|true|true"] }]);
  });

  it("gives the script no host access", async () => {
    const r = await emulate(
      `app.alert([typeof process, typeof require, typeof __sandbox_host, typeof std, typeof os].join())`,
      prelude(),
      BUDGET,
    );
    expect(r.apiCalls).toEqual([{ api: "app.alert", args: ["undefined,undefined,undefined,undefined,undefined"] }]);
  });
});

describe("limits", () => {
  it("stops an endless loop at its CPU budget", async () => {
    const r = await emulate(`app.alert("before"); while (true) {}`, prelude(), { ...BUDGET, cpuMs: 300 });
    expect(r.status).toBe("timeout");
    expect(r.apiCalls).toEqual([{ api: "app.alert", args: ["before"] }]);
    // the budget is CPU time: it ran out only once the script had used it
    expect(r.cpuMs).toBeGreaterThanOrEqual(300);
  });

  it("kills a child that spins where the interpreter cannot interrupt it, once its CPU time passes the budget and the grace", async () => {
    const runnerPath = fakeRunner("spin", "for (;;) {}");
    const r = await createSandboxEmulator({ runnerPath, graceMs: 200, permissionModel: false })("1", "", {
      ...BUDGET,
      cpuMs: 200,
    });
    expect(r.status).toBe("timeout");
    expect(r.detail).toMatch(/ms of CPU time/);
    expect(r.cpuMs).toBeGreaterThan(400);
  });

  it("does not stop a child for the wall-clock time it spends without the CPU (a busy machine): only CPU time counts", async () => {
    // a child that gets no CPU for a while, as on a loaded machine, then finishes: under a wall-clock
    // budget of 100 ms (cpuMs + grace) it would have been killed
    const runnerPath = fakeRunner(
      "descheduled",
      `setTimeout(() => { record({ t: "done", status: "completed", cpuMs: 3 }); record({ t: "ready" }); }, 400);`,
    );
    const r = await createSandboxEmulator({ runnerPath, graceMs: 50, permissionModel: false })("1", "", {
      ...BUDGET,
      cpuMs: 50,
    });
    expect(r).toMatchObject({ status: "completed", cpuMs: 3 });
    expect(r.durationMs).toBeGreaterThanOrEqual(400);
  });

  it.each([
    ["string doubling", `var s = unescape("%u0c0c"); while (true) s = s + s + "x";`],
    ["typed arrays", `var a = []; for (;;) a.push(new Uint8Array(1 << 20));`],
    ["array of objects", `var a = []; for (var i = 0;; i++) a.push({ i: i, s: "x" + i });`],
  ])("stops a memory bomb (%s)", async (_name, script) => {
    // CPU time to spare: the memory cap must be what stops it. With 3 s, a machine busy with other
    // work (shared caches, a sibling hyperthread) let the array of objects use up its CPU first
    const r = await emulate(script, prelude(), { ...BUDGET, cpuMs: 30_000 });
    expect(["memory-limit", "error"]).toContain(r.status);
  });

  it("turns deep recursion into an error", async () => {
    const r = await emulate(`function f(n) { return f(n + 1) + 1; } f(0);`, prelude(), BUDGET);
    expect(r.status).toBe("error");
    expect(r.detail).toMatch(/stack overflow/);
  });

  it("kills a child whose resident memory exceeds the budget", async () => {
    const r = await emulate(`app.alert(1)`, prelude(), { ...BUDGET, memoryBytes: 24 * 1024 * 1024 });
    expect(r.status).toBe("memory-limit");
    expect(r.detail).toMatch(/resident memory/);
  });

  it("reports a crashing child as an error", async () => {
    const runnerPath = fakeRunner("crash", "process.abort();");
    const r = await createSandboxEmulator({ runnerPath, permissionModel: false })("1", "", BUDGET);
    expect(r.status).toBe("error");
    expect(r.detail).toMatch(/exited/);
  });

  it("reports a child that never starts as an error", async () => {
    const runnerPath = join(scratch, "mute.mjs");
    writeFileSync(runnerPath, `setInterval(() => {}, 1000);`);
    const r = await createSandboxEmulator({ runnerPath, startupTimeoutMs: 500, permissionModel: false })(
      "1",
      "",
      BUDGET,
    );
    expect(r).toMatchObject({ status: "error", layers: [], apiCalls: [] });
    expect(r.detail).toMatch(/did not start/);
  });

  it("reports a missing runner as an error", async () => {
    const r = await createSandboxEmulator({ runnerPath: join(scratch, "absent.mjs"), permissionModel: false })(
      "1",
      "",
      BUDGET,
    );
    expect(r.status).toBe("error");
  });

  it("runs at most `concurrency` children and finishes them all", async () => {
    const results = await Promise.all([1, 2, 3, 4].map((n) => emulate(`app.alert(${n})`, prelude(), BUDGET)));
    expect(results.map((r) => r.apiCalls[0]?.args[0])).toEqual(["1", "2", "3", "4"]);
  });
});

describe("cancellation", () => {
  it("kills a running script's child when the analysis is cancelled, and says so", async () => {
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 300);
    const r = await emulate("while (true) {}", prelude(), { ...BUDGET, cpuMs: 20_000 }, cancel.signal);
    expect(r).toMatchObject({ status: "error", detail: CANCELLED });
    // far short of the 20 s CPU budget: the abort, not the budget, ended it
    expect(r.durationMs).toBeLessThan(10_000);
  });

  it("starts no child for an analysis that is already cancelled", async () => {
    const r = await emulate("app.alert(1)", prelude(), BUDGET, AbortSignal.abort());
    expect(r).toMatchObject({ status: "error", detail: CANCELLED, durationMs: 0 });
  });
});

describe("children serving several scripts", () => {
  /** a runner that answers each script with its process id, so a test can tell which child ran it */
  const pidRunner = () =>
    fakeRunner(
      "pid",
      `record({ t: "api", api: "pid", args: [String(process.pid)] }); record({ t: "done", status: "completed", cpuMs: 1 }); record({ t: "ready" });`,
    );
  const pidOf = (r: { apiCalls: { args: string[] }[] }) => Number(r.apiCalls[0]?.args[0]);
  /** resolves once the process has exited (bounded by the test's timeout, not by a clock of its own) */
  const exited = async (pid: number) => {
    for (;;) {
      try {
        process.kill(pid, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it("gives each script a fresh interpreter: nothing one script sets is seen by the next", async () => {
    const one = createSandboxEmulator({ concurrency: 1 });
    await one(`globalThis.left = "by the first"; Object.prototype.polluted = 1; app.alert(1)`, prelude(), BUDGET);
    const r = await one(`app.alert([typeof left, typeof ({}).polluted].join())`, prelude(), BUDGET);
    expect(r.apiCalls).toEqual([{ api: "app.alert", args: ["undefined,undefined"] }]);
    await one.close();
  });

  it("runs the next script in the same child, and a new child after one was killed", async () => {
    const runnerPath = pidRunner();
    const sandbox = createSandboxEmulator({ runnerPath, concurrency: 1, permissionModel: false });
    const first = pidOf(await sandbox("1", "", BUDGET));
    expect(pidOf(await sandbox("2", "", BUDGET))).toBe(first);
    // a memory budget below any node process: the child is killed before the script
    expect((await sandbox("3", "", { ...BUDGET, memoryBytes: 1024 })).status).toBe("memory-limit");
    await exited(first);
    expect(pidOf(await sandbox("4", "", BUDGET))).not.toBe(first);
    await sandbox.close();
  });

  it("replaces a child after scriptsPerChild scripts", async () => {
    const sandbox = createSandboxEmulator({
      runnerPath: pidRunner(),
      concurrency: 1,
      scriptsPerChild: 2,
      permissionModel: false,
    });
    const pids = [];
    for (let i = 0; i < 3; i++) pids.push(pidOf(await sandbox(String(i), "", BUDGET)));
    expect(pids[1]).toBe(pids[0]);
    expect(pids[2]).not.toBe(pids[0]);
    await sandbox.close();
  });

  it("stops an idle child, and close() stops the others", async () => {
    const idle = createSandboxEmulator({ runnerPath: pidRunner(), concurrency: 1, idleMs: 50, permissionModel: false });
    await exited(pidOf(await idle("1", "", BUDGET)));
    const sandbox = createSandboxEmulator({ runnerPath: pidRunner(), concurrency: 2, permissionModel: false });
    const pids = (await Promise.all(["1", "2"].map((s) => sandbox(s, "", BUDGET)))).map(pidOf);
    await sandbox.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });

  it("warms a new child with the first script's prelude before the script, and only once", async () => {
    const runnerPath = join(scratch, "count-warm.mjs");
    writeFileSync(
      runnerPath,
      `import { writeSync } from "node:fs";
let warm = 0;
const record = (o) => writeSync(3, JSON.stringify(o) + "\\n");
record({ t: "ready" });
process.on("message", (m) => {
  if (m.t === "warm") warm++;
  else record({ t: "api", api: "warm", args: [String(warm), m.prelude === "P" ? "prelude" : "other"] }), record({ t: "done", status: "completed", cpuMs: 1 });
  record({ t: "ready" });
});`,
    );
    const sandbox = createSandboxEmulator({ runnerPath, concurrency: 1, permissionModel: false });
    expect((await sandbox("1", "P", BUDGET)).apiCalls).toEqual([{ api: "warm", args: ["1", "prelude"] }]);
    expect((await sandbox("2", "P", BUDGET)).apiCalls).toEqual([{ api: "warm", args: ["1", "prelude"] }]);
    await sandbox.close();
  });
});
