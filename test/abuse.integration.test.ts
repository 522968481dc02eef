// Issue 19 over real HTTP, in both configurations (SQLite + in-process queue; PostgreSQL + Redis/BullMQ
// with a worker process): each attack that still worked is replayed and must be refused. No
// assertion waits on a duration: the tests wait for states (/health load, scan status, log lines)
// and hold analyses with the test-only PDFSCAN_TEST_DEEP_HOLD_MS until they are cancelled.
//   - one key's 36 concurrent deep analyses made another user's /analyze/fast answer 503;
//   - a browser signed in as Alice was swapped to Mallory's key by a sign-in without asking;
//   - 12 concurrent 40 KB uploads against a 100 KB quota stored 366 KB;
//   - a scan deleted during its advanced stage left rendered page images behind;
//   - share links outlived `pdfscan keys revoke` of the key that minted them;
//   - unauthenticated requests wrote one audit line each, without limit.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { setUpShared } from "../lib/server/testing/set-up-shared";
import { benignPdf } from "./fixtures/sample-pdfs";
import { scanForm, waitFor, walkFiles } from "./scans/support/scan-api";
import { REPO_ROOT } from "./support/next-server";
import {
  bearer,
  embeddedStack,
  problem,
  scaleOutStack,
  type SecurityStack,
  type StackOptions,
} from "./support/security-stack";

const QUOTA_BYTES = 100_000;
const UPLOAD_BYTES = 40_000;
const KEY_MAX_ANALYSES = 2;
const AUDIT_LINES_PER_SOURCE = 5;
const AUDIT_WINDOW_S = 2;
/** Longer than any test: a held deep analysis ends only when it is cancelled. */
const HOLD_MS = 600_000;

const STACK: StackOptions = {
  env: {
    PDFSCAN_WORKERS: "1",
    PDFSCAN_KEY_MAX_ANALYSES: String(KEY_MAX_ANALYSES),
    PDFSCAN_TEST_DEEP_HOLD_MS: String(HOLD_MS),
    PDFSCAN_QUOTA_BYTES: String(QUOTA_BYTES),
    PDFSCAN_AUDIT_LINES_PER_SOURCE: String(AUDIT_LINES_PER_SOURCE),
    PDFSCAN_AUDIT_WINDOW_S: String(AUDIT_WINDOW_S),
    // a worker notices a deleted scan at its next heartbeat (a third of the lease)
    PDFSCAN_LEASE_MS: "1500",
  },
  outputBytes: 1_000_000,
};

interface AnalysisLoad {
  running: number;
  queued: number;
  saturated: boolean;
}

/** The audit lines in a process's output, parsed. */
const auditLines = (output: string): Record<string, unknown>[] =>
  output
    .split("\n")
    .filter((l) => l.startsWith('{"audit":true'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** A PDF of exactly `size` bytes (a comment pads it), unique per call. */
function pdfOfSize(size: number): Uint8Array {
  const base = Buffer.from(benignPdf(`padded ${crypto.randomUUID()}`));
  return Buffer.concat([base, Buffer.from(`%${"p".repeat(size - base.length - 2)}\n`)]);
}

function describeAbuse(name: string, setUp: () => Promise<SecurityStack>) {
  describe(`issue 19 attacks: ${name}`, () => {
    let f: SecurityStack;
    setUpShared(
      setUp,
      (value) => (f = value),
      (value) => value.dispose(),
    );

    const api = (p: string, init: RequestInit = {}) => fetch(`${f.server.url}${p}`, init);
    const newKey = async (keyName: string) => f.keys.create({ name: keyName, admin: false }, "test");
    const load = async (): Promise<AnalysisLoad> =>
      ((await (await api("/health")).json()) as { load: { analysis: AnalysisLoad } }).load.analysis;
    const loadReaches = (what: string, test: (l: AnalysisLoad) => boolean) =>
      waitFor(`analysis load: ${what}`, async () => test(await load()));
    const cli = (...args: string[]) =>
      promisify(execFile)(process.execPath, ["bin/pdfscan.mjs", "keys", ...args], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...f.env },
      });
    const upload = (key: string, pdf: Uint8Array, fields: Record<string, string>) =>
      api("/api/scans", { method: "POST", body: scanForm(pdf, fields), headers: bearer(key) });
    const scanStatus = async (key: string, scanId: string) =>
      ((await (await api(`/api/scans/${scanId}`, { headers: bearer(key) })).json()) as { status: string }).status;

    it("one key cannot starve another: past its cap it alone gets 429 + Retry-After, and the other key's analysis runs next", async () => {
      await loadReaches("idle", (l) => l.running === 0 && l.queued === 0);
      const greedy = (await newKey("greedy")).key;
      const other = (await newKey("other")).key;
      const deep = (signal?: AbortSignal) =>
        api("/analyze/deep", { method: "POST", body: scanForm(benignPdf()), headers: bearer(greedy), signal });
      // the greedy key's first analysis holds the only thread, its second waits: its cap is reached
      const first = new AbortController();
      const g1 = deep(first.signal).catch(() => null);
      await loadReaches("the greedy key's first analysis running", (l) => l.running === 1);
      const second = new AbortController();
      let secondSettled = false;
      const g2 = deep(second.signal)
        .catch(() => null)
        .finally(() => (secondSettled = true));
      await loadReaches("the greedy key's second analysis waiting", (l) => l.queued === 1);
      // the rest of its 36 are refused at once, as 429 for that key only (they were 503 for everyone)
      const flood = await Promise.all(Array.from({ length: 34 }, () => deep()));
      for (const res of flood) {
        await problem(res, 429, "rate_limited");
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      const health = await api("/health");
      expect(health.status).toBe(200);
      expect(((await health.json()) as { load: { analysis: AnalysisLoad } }).load.analysis.saturated).toBe(false);
      // another key's fast analysis waits for the thread, and gets it before the greedy key's second
      const fast = api("/analyze/fast", { method: "POST", body: scanForm(benignPdf()), headers: bearer(other) });
      await loadReaches("the other key's analysis waiting", (l) => l.queued === 2);
      first.abort();
      const answered = await fast;
      expect(answered.status, await answered.clone().text()).toBe(200);
      expect(((await answered.json()) as { summary: { verdict: string } }).summary.verdict).toBeTruthy();
      expect(secondSettled).toBe(false);
      await loadReaches("the greedy key's second analysis running", (l) => l.running === 1 && l.queued === 0);
      second.abort();
      await Promise.all([g1, g2]);
      await loadReaches("idle again", (l) => l.running === 0 && l.queued === 0);
    });

    it("a sign-in never replaces a live session unasked (409 session_exists); with replace it ends the old one", async () => {
      const alice = await newKey("alice-browser");
      const mallory = await newKey("mallory");
      const origin = f.server.url;
      const signIn = (apiKey: string, cookie?: string, replace?: boolean) =>
        api("/api/session", {
          method: "POST",
          headers: { origin, "content-type": "application/json", ...(cookie && { cookie }) },
          body: JSON.stringify(replace === undefined ? { apiKey } : { apiKey, replace }),
        });
      const cookieOf = (res: Response) =>
        res.headers
          .getSetCookie()
          .map((c) => c.split(";")[0])
          .join("; ");
      const whoIs = async (cookie: string) => {
        const res = await api("/api/session", { headers: { cookie } });
        return res.status === 200 ? ((await res.json()) as { keyId: string }).keyId : res.status;
      };
      const asAlice = cookieOf(await signIn(alice.key));
      expect(await whoIs(asAlice)).toBe(alice.info.id);
      const refused = await problem(await signIn(mallory.key, asAlice), 409, "session_exists");
      expect(refused.signedInAs).toEqual({ keyPrefix: alice.info.prefix, name: "alice-browser" });
      expect(await whoIs(asAlice)).toBe(alice.info.id);
      const switched = await signIn(mallory.key, asAlice, true);
      expect(switched.status).toBe(200);
      expect(await whoIs(asAlice)).toBe(401);
      expect(await whoIs(cookieOf(switched))).toBe(mallory.info.id);
      const lines = auditLines(f.server.output());
      expect(lines).toContainEqual(
        expect.objectContaining({ event: "session.ended", keyId: alice.info.id, reason: "replaced by a sign-in" }),
      );
      // the sign-in page hands the form "/" for a foreign `next` (the Chromium tests follow it)
      for (const [trick, next] of [
        ["/%09/evil.example/x", "/"],
        ["//evil.example", "/"],
        ["/%5Cevil.example", "/"],
        ["https://evil.example", "/"],
        ["/scans", "/scans"],
      ]) {
        const html = await (await api(`/signin?next=${encodeURIComponent(trick)}`)).text();
        expect(/\\"next\\":\\"([^\\]*)\\"/.exec(html)?.[1], trick).toBe(next);
      }
    });

    it(`stores at most the quota: ${Math.floor(QUOTA_BYTES / UPLOAD_BYTES)} of 12 concurrent ${UPLOAD_BYTES / 1000} KB uploads against ${QUOTA_BYTES / 1000} KB`, async () => {
      const racer = (await newKey("racer")).key;
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => upload(racer, pdfOfSize(UPLOAD_BYTES), { retentionMode: "retain_24h" })),
      );
      const created = answers.filter((r) => r.status === 201);
      expect(created.length).toBe(Math.floor(QUOTA_BYTES / UPLOAD_BYTES));
      for (const res of answers.filter((r) => r.status !== 201)) await problem(res, 413, "quota_exceeded");
      const ids = await Promise.all(created.map(async (r) => ((await r.json()) as { scanId: string }).scanId));
      const listed = (await (await api("/api/scans?limit=100", { headers: bearer(racer) })).json()) as {
        items: { scanId: string; file: { size: number } }[];
      };
      expect(listed.items.map((s) => s.scanId).sort()).toEqual([...ids].sort());
      expect(listed.items.reduce((n, s) => n + s.file.size, 0)).toBeLessThanOrEqual(QUOTA_BYTES);
      const created_ = auditLines(f.server.output()).filter(
        (l) => l.event === "scan.created" && ids.includes(l.scanId as string),
      );
      expect(created_.length).toBe(ids.length);
      // deleting frees the room (and stops the scans' stages)
      for (const id of ids)
        expect((await api(`/api/scans/${id}`, { method: "DELETE", headers: bearer(racer) })).status).toBe(204);
      expect((await upload(racer, pdfOfSize(UPLOAD_BYTES), { retentionMode: "retain_24h" })).status).toBe(201);
      const rest = (await (await api("/api/scans?limit=100", { headers: bearer(racer) })).json()) as {
        items: { scanId: string }[];
      };
      for (const s of rest.items) await api(`/api/scans/${s.scanId}`, { method: "DELETE", headers: bearer(racer) });
    });

    it("deleting a scan during its advanced stage stops the stage, and no page image of it is stored", async () => {
      const key = (await newKey("deleter")).key;
      const res = await upload(key, benignPdf(), { retentionMode: "retain_7d", keepThumbnails: "true" });
      expect(res.status).toBe(201);
      const { scanId } = (await res.json()) as { scanId: string };
      // the advanced stage holds here (test hook) until something cancels it
      await waitFor(
        "the advanced stage to run",
        async () => (await scanStatus(key, scanId)) === "running_advanced_scan",
      );
      expect((await api(`/api/scans/${scanId}`, { method: "DELETE", headers: bearer(key) })).status).toBe(204);
      await waitFor("the stage to stop", async () =>
        f.stageOutput().includes(`running_advanced_scan of scan ${scanId} stopped: the scan was deleted`),
      );
      await problem(await api(`/api/scans/${scanId}`, { headers: bearer(key) }), 404, "scan_not_found");
      if (f.kind === "embedded") {
        expect(walkFiles(f.env.PDFSCAN_DATA_DIR).filter((file) => file.includes(scanId))).toEqual([]);
        expect(existsSync(path.join(f.env.PDFSCAN_DATA_DIR, "page-images", `${scanId}.png.bundle`))).toBe(false);
        await loadReaches("the cancelled analysis gone", (l) => l.running === 0);
      } else {
        for (const table of ["page_images", "blobs"] as const) {
          expect(await f.database.db.selectFrom(table).select("key").where("key", "=", scanId).execute()).toEqual([]);
        }
      }
      expect(auditLines(f.server.output())).toContainEqual(expect.objectContaining({ event: "scan.deleted", scanId }));
    });

    it("share links die with `pdfscan keys revoke` of the key that minted them, and are listed on the key", async () => {
      const sharer = await newKey("sharer");
      const res = await upload(sharer.key, benignPdf(), { retentionMode: "retain_24h" });
      const { scanId } = (await res.json()) as { scanId: string };
      const minted = await api(`/api/scans/${scanId}/shares`, {
        method: "POST",
        headers: { ...bearer(sharer.key), "content-type": "application/json" },
        body: JSON.stringify({ expiresInHours: 720 }),
      });
      expect(minted.status).toBe(201);
      const share = (await minted.json()) as { shareId: string; url: string; token: string };
      // a source of its own: the budget of 127.0.0.1 may be spent by the refusals of earlier tests
      const reader = `203.0.113.${f.kind === "embedded" ? 5 : 6}`;
      expect((await api(`${share.url}/scan`, { headers: { "x-forwarded-for": reader } })).status).toBe(200);
      expect(auditLines(f.server.output())).toContainEqual(
        expect.objectContaining({ event: "share.used", shareId: share.shareId, scanId, source: reader }),
      );
      const listed = JSON.parse((await cli("list", "--json")).stdout) as { id: string; activeShares: number }[];
      expect(listed.find((k) => k.id === sharer.info.id)?.activeShares).toBe(1);
      expect((await cli("list")).stdout).toMatch(/\bshares\b/);

      expect((await cli("revoke", sharer.info.id)).stdout).toContain(
        `revoked ${sharer.info.id}; 1 share link revoked with it`,
      );
      await problem(await api(`${share.url}/scan`), 404, "share_not_found");
      await problem(await api(`${share.url}/report`), 404, "share_not_found");
      expect((await api(share.url)).status).toBe(404);
      const after = JSON.parse((await cli("list", "--json")).stdout) as { id: string; activeShares: number }[];
      expect(after.find((k) => k.id === sharer.info.id)?.activeShares).toBe(0);
      const admin = bearer(f.server.apiKey!);
      const links = (await (await api(`/api/scans/${scanId}/shares`, { headers: admin })).json()) as {
        items: { shareId: string; active: boolean }[];
      };
      expect(links.items).toEqual([expect.objectContaining({ shareId: share.shareId, active: false })]);
      expect((await api(`/api/scans/${scanId}`, { method: "DELETE", headers: admin })).status).toBe(204);
    });

    it("limits the audit lines of unauthenticated requests per source, and says how many it held back", async () => {
      const source = `198.51.100.${f.kind === "embedded" ? 77 : 78}`;
      const SENT = 200;
      const started = Date.now();
      for (let sent = 0; sent < SENT; sent += 20) {
        const batch = await Promise.all(
          Array.from({ length: 20 }, () =>
            api("/api/scans", { headers: { authorization: "Bearer pdfscan_not-a-key", "x-forwarded-for": source } }),
          ),
        );
        for (const res of batch) expect(res.status).toBe(401);
      }
      const elapsedMs = Date.now() - started;
      const written = () =>
        auditLines(f.server.output()).filter((l) => l.event === "access.denied" && l.source === source).length;
      const heldBack = () =>
        auditLines(f.server.output())
          .filter((l) => l.event === "audit.suppressed")
          .reduce(
            (n, l) =>
              n + Number(new RegExp(`(?:^| )${source.replaceAll(".", "\\.")}=(\\d+)`).exec(String(l.top))?.[1] ?? 0),
            0,
          );
      // every request is accounted for: written, or counted in an audit.suppressed line when its window ended
      await waitFor("the held-back count", async () => written() + heldBack() === SENT, { timeoutMs: 30_000 });
      // at most the budget in each window the flood touched (however long the flood took)
      expect(written()).toBeLessThanOrEqual(
        AUDIT_LINES_PER_SOURCE * (Math.floor(elapsedMs / (AUDIT_WINDOW_S * 1000)) + 2),
      );
      expect(written()).toBeGreaterThan(0);
    });
  });
}

describeAbuse("embedded (SQLite + in-process queue)", () => embeddedStack(STACK));
describeAbuse("scale-out (PostgreSQL + Redis/BullMQ + worker)", () => scaleOutStack(STACK));
