// Prints the last line of `npm test`: "N passed, N failed" summed over the vitest and Playwright JSON
// reports, and exits 1 if anything failed. A runner that failed without a readable report (crash,
// suite that did not load, web server that did not start) and each failed step count as one failure.
// usage: node scripts/test-summary.mjs vitest.json vitestExit vitest-serial.json serialExit playwright.json playwrightExit [failedStep...]
import { existsSync, readFileSync } from "node:fs";

const [vitestFile, vitestRc, serialFile, serialRc, playwrightFile, playwrightRc, ...failedSteps] =
  process.argv.slice(2);
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : null);

function vitestCounts(report, rc) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: "vitest: no report" };
  const failed = report.numFailedTests + (rc !== "0" && report.numFailedTests === 0 ? 1 : 0);
  return { passed: report.numPassedTests, failed, skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightCounts(report, rc) {
  if (!report) return { passed: 0, failed: 1, skipped: 0, note: "playwright: no report" };
  const s = report.stats;
  const failed = s.unexpected + (rc !== "0" && s.unexpected === 0 ? 1 : 0);
  return { passed: s.expected + s.flaky, failed, skipped: s.skipped };
}

const parts = {
  vitest: vitestCounts(read(vitestFile), vitestRc),
  "vitest serial": vitestCounts(read(serialFile), serialRc),
  playwright: playwrightCounts(read(playwrightFile), playwrightRc),
};
for (const [name, c] of Object.entries(parts)) {
  console.log(`${name}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped${c.note ? ` (${c.note})` : ""}`);
}
if (failedSteps.length) console.log(`failed steps: ${failedSteps.join(", ")}`);
const all = Object.values(parts);
const passed = all.reduce((n, c) => n + c.passed, 0);
const failed = all.reduce((n, c) => n + c.failed, 0) + failedSteps.length;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
