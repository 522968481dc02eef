// Looks and accessibility of a page as a person checks them: axe-core (no serious or critical
// violation) and full-page screenshots at 1280 and 390 px, light and dark theme, saved in
// test-results/screenshots/ for a human look; no sideways scrolling at 360 px.
import { mkdir } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export const SCREENSHOTS = "test-results/screenshots";

/**
 * axe-core's serious and critical violations on the page, each with the elements it flags: [] is clean.
 * Every rule runs; only violations are gathered in full (axe's resultTypes: passes and incomplete
 * results, which nothing here reads, keep one node each). Legacy mode runs axe in the page itself
 * instead of sending each frame's partial results to a blank page opened to combine them, which only
 * cross-origin frames need and the app has no frame at all: 1.4 -> 0.65 s a run on the 404 page,
 * 7.6 -> 2.7 s on the API reference (some sixty runs in the browser tests).
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(true)
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(" | ")}`);
}

/** axe (no serious or critical violation) and screenshots at 1280 and 390 px, light and dark. */
export async function checkLooksAndAccessibility(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({
        path: `${SCREENSHOTS}/${name}-${width}${scheme === "dark" ? "-dark" : ""}.png`,
        fullPage: true,
      });
      expect(await seriousAxeViolations(page), `axe on ${name} at ${width} px, ${scheme}`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  // responsive down to 360 px: nothing wider than the screen (a table or a long hash scrolls inside its box)
  await page.setViewportSize({ width: 360, height: 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} at 360 px scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(1);
  await page.setViewportSize({ width: 1280, height: 900 });
}
