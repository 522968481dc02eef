// An analyst scans a PDF whose OpenAction evals unescape'd text, reads the script in full with its
// deobfuscated layer (highlighted, numbered, copied, downloaded as text), sees the path from the
// catalog's OpenAction to it, and hostile markup in the script stays text: no element, no dialog.
import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import {
  DECODED_LAYER,
  HOSTILE_MARKUP,
  HOSTILE_URL,
  OBFUSCATED_SCRIPT,
  obfuscatedScriptPdf,
} from "../test/fixtures/sample-pdfs";
import { seriousAxeViolations } from "./look";
import { ScanPage } from "./pages/scan-page";
import type { Locator } from "@playwright/test";
import { PdfBuilder } from "../lib/pdf/testing/pdf-builder";

const textOf = (l: Locator) => l.evaluate((el) => el.textContent);

test("the script viewer shows the script and its layer in full, and the object paths lead to it", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("obfuscated.pdf", obfuscatedScriptPdf());
  await scan.waitForStatus("completed", 45_000);
  await expect(page.getByTestId("report-stage")).toHaveAttribute("data-stage", "advanced");

  // the report JSON carries the full text, verbatim
  const report = (await (await page.request.get(`/api/scans/${scanId}/report`)).json()) as {
    details: { javascript: { source?: string; full_layers?: string[] }[] };
  };
  expect(report.details.javascript[0]).toMatchObject({ source: OBFUSCATED_SCRIPT, full_layers: [DECODED_LAYER] });

  const card = page.getByTestId("script").first();
  await expect(card).toContainText("/Root/OpenAction");
  await card.getByRole("button", { name: "View full script" }).click();
  await expect(card.getByTestId("script-toggle")).toHaveAttribute("aria-expanded", "true");
  const source = card.getByTestId("script-source");
  const layer = card.getByTestId("script-layer").first();
  expect(await textOf(source.getByTestId("script-text"))).toBe(OBFUSCATED_SCRIPT);
  expect(await textOf(source.getByTestId("line-numbers"))).toBe("1\n2\n3\n4\n5");
  await expect(source.locator(".hljs-keyword").first()).toBeVisible();
  expect(await textOf(layer.getByTestId("script-text"))).toBe(DECODED_LAYER);
  expect(await textOf(layer.getByTestId("line-numbers"))).toBe("1");

  // hostile strings are text: no element made of them, no script run
  await expect(source.getByTestId("script-text")).toContainText(HOSTILE_MARKUP);
  await expect(source.getByTestId("script-text")).toContainText(HOSTILE_URL);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(source.locator("img, script, a, iframe")).toHaveCount(0);

  // Copy puts the full text on the clipboard; Download saves it as text under the scan's name
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await source.getByRole("button", { name: "Copy" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(OBFUSCATED_SCRIPT);
  for (const [block, name, text] of [
    [source, `${scanId}-script-1.js`, OBFUSCATED_SCRIPT],
    [layer, `${scanId}-script-1-layer-1.js`, DECODED_LAYER],
  ] as const) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      block.getByRole("button", { name: /^Download/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await readFile((await download.path())!, "utf8")).toBe(text);
  }

  // the catalog's OpenAction leads to the script, the name tree to the attached file
  const tree = page.getByTestId("object-tree");
  const openAction = tree.locator('[data-path="/Root/OpenAction"]');
  await expect(tree.locator('[data-path="/Root"]').locator('[data-path="/Root/OpenAction"]')).toBeVisible();
  await expect(openAction.getByTestId("object-tree-finding").filter({ hasText: "javascript-auto-run" })).toContainText(
    "obj 2 0 R",
  );
  await expect(
    tree.locator('[data-path="/Root/Names/EmbeddedFiles/Names[1]/EF/F"]').getByTestId("object-tree-finding").first(),
  ).toContainText("4 0 R");
  await openAction.getByRole("link", { name: "JavaScript: script 1" }).click();
  await expect(page).toHaveURL(/#script-1$/);

  expect(await seriousAxeViolations(page)).toEqual([]);

  await source.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/scripts-1280.png", fullPage: true });
  await tree.screenshot({ path: "test-results/screenshots/scripts-tree-1280.png" });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await source.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/scripts-390.png", fullPage: true });
  await tree.screenshot({ path: "test-results/screenshots/scripts-tree-390.png" });
  await card.screenshot({ path: "test-results/screenshots/scripts-viewer-390.png" });
  expect(await seriousAxeViolations(page)).toEqual([]);
  expect(dialogs).toEqual([]);
});

test("Beautify lays a one-line layer out in a worker under the page's CSP, Wrap folds it, and Download saves what is shown", async ({
  page,
}) => {
  const cspErrors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text());
  });
  const scan = new ScanPage(page);
  const scanId = await scan.submitFromUploadPage("obfuscated.pdf", obfuscatedScriptPdf());
  await scan.waitForStatus("completed", 45_000);
  const card = page.getByTestId("script").first();
  await card.getByRole("button", { name: "View full script" }).click();
  const layer = card.getByTestId("script-layer").first();
  expect(await textOf(layer.getByTestId("line-numbers"))).toBe("1");

  await layer.getByRole("button", { name: "Beautify" }).click();
  await expect(layer.getByRole("button", { name: "Beautify" })).toHaveAttribute("aria-pressed", "true");
  await expect(layer.getByTestId("beautify-state")).toHaveAttribute("data-state", "done");
  const laidOut = (await textOf(layer.getByTestId("script-text")))!;
  expect(laidOut.split("\n").length).toBeGreaterThan(2);
  // layout only: the same tokens
  expect(laidOut.replace(/\s+/g, "")).toBe(DECODED_LAYER.replace(/\s+/g, ""));
  expect((await textOf(layer.getByTestId("line-numbers")))!.split("\n").length).toBe(laidOut.split("\n").length);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    layer.getByRole("button", { name: /^Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${scanId}-script-1-layer-1.beautified.js`);
  expect(await readFile((await download.path())!, "utf8")).toBe(laidOut);

  await layer.getByRole("button", { name: "Wrap" }).click();
  await expect(layer.getByTestId("line-numbers")).toHaveCount(0);
  await expect(layer.getByTestId("script-text")).toHaveClass(/whitespace-pre-wrap/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await layer.scrollIntoViewIfNeeded();
  await layer.screenshot({ path: "test-results/screenshots/scripts-beautified-1280.png" });
  expect(cspErrors).toEqual([]);
});

test("shellcode kept as %u escapes is shown as its bytes in a hex dump", async ({ page }) => {
  const b = new PdfBuilder();
  const sled = `${"%u9090".repeat(20)}%u10eb%u4141`;
  const action = b.add(`<< /Type /Action /S /JavaScript /JS (var sc = unescape\\("${sled}"\\);) >>`);
  b.addCatalog(`/OpenAction ${action} 0 R`);
  const scan = new ScanPage(page);
  await scan.submitFromUploadPage("spray.pdf", b.build());
  await scan.waitForStatus("completed", 45_000);
  const card = page.getByTestId("script").first();
  await card.getByRole("button", { name: /View (full script|script excerpts)/ }).click();
  const bytes = card.getByTestId("escaped-bytes").first();
  await expect(bytes).toContainText("%u escapes at character 19 as bytes (44)");
  await bytes.locator("summary").click();
  await expect(bytes.locator("pre")).toContainText(
    "00000000  90 90 90 90 90 90 90 90 90 90 90 90 90 90 90 90  ................",
  );
  await expect(bytes.locator("pre")).toContainText("00000020  90 90 90 90 90 90 90 90 eb 10 41 41");
  expect(await seriousAxeViolations(page)).toEqual([]);
});

test("shellcode is named by its CPU and listed as instructions (iced-x86), past its sled", async ({ page }) => {
  const b = new PdfBuilder();
  // a NOP sled, then Metasploit shikata_ga_nai's decoder head: fcmovnu; fnstenv [esp-0xc] (x86 GetPC); pop ebx...
  const payload = `${"%u9090".repeat(20)}%udadb%u74d9%uf424%u315b%ub1c9%u3150%u1343%u4303%u8313%uece3${"%u9090".repeat(6)}`;
  const action = b.add(`<< /Type /Action /S /JavaScript /JS (var sc = unescape\\("${payload}"\\);) >>`);
  b.addCatalog(`/OpenAction ${action} 0 R`);
  const scan = new ScanPage(page);
  await scan.submitFromUploadPage("getpc.pdf", b.build());
  await scan.waitForStatus("completed", 45_000);
  const entry = page.getByTestId("script").first().getByTestId("shellcode-entry").first();
  await expect(entry).toHaveAttribute("data-architecture", "x86");
  await expect(entry.locator("summary")).toContainText("Shellcode: x86 (32-bit)");
  await expect(entry.locator("summary")).toContainText("after a 40 B sled");
  await entry.locator("summary").click();
  await expect(entry).toContainText("fnstenv [esp-0xc]: GetPC through the FPU state");
  await expect(entry.getByTestId("disassembly")).toContainText("00000002  d97424f4");
  await expect(entry.getByTestId("disassembly")).toContainText("fnstenv [esp-0Ch]");
  expect(await seriousAxeViolations(page)).toEqual([]);
  await entry.screenshot({ path: "test-results/screenshots/scripts-shellcode-1280.png" });
  // printed, the listing is there without opening anything
  await page.emulateMedia({ media: "print" });
  const printed = page.getByTestId("script").first().getByTestId("disassembly-print").first();
  await expect(printed).toBeVisible();
  await expect(printed).toContainText("Shellcode: x86 (32-bit), 72 bytes (fnstenv [esp-0xc]");
  await expect(printed).toContainText("fnstenv [esp-0Ch]");
  await expect(entry.getByTestId("disassembly")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
});
