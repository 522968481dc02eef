// Issue 19 in Chromium: sign-in fixation and the open redirect. A link with a key (`/signin#key=...`)
// signed in at once and replaced a live session, so a victim who opened the attacker's link uploaded
// into his account; `next=/%09/evil.example/x` left the browser as `//evil.example/x`. Now the link
// asks first and shows which key it holds, a live session stays unless the user switches, and every
// `next` trick lands on this origin.
import type { BrowserContext, Page } from "@playwright/test";
import { E2E_BASE_URL } from "./e2e-env";
import { createApiKey, expect, signIn, test, watchCsp } from "./fixtures";
import { checkLooksAndAccessibility } from "./look";

const prefixOf = (key: string) => key.slice(0, "pdfscan_".length + 4);
const signedInKeyId = async (page: Page) => {
  const res = await page.request.get("/api/session");
  return res.status() === 200 ? ((await res.json()) as { keyId: string }).keyId : res.status();
};

test("a #key= link asks before it signs in, shows the key it holds, and leaves no key in the address bar", async ({
  signedOutPage: page,
}) => {
  const violations = watchCsp(page);
  const key = createApiKey("e2e-link");
  await page.goto(`/signin?next=%2F#key=${key}`);
  await expect(page.getByTestId("sign-in-link")).toBeVisible();
  await expect(page.getByTestId("sign-in-link-key")).toHaveText(`${prefixOf(key)}…`);
  expect(page.url()).not.toContain(key);
  // nothing happened yet: no session until the user confirms
  expect(await signedInKeyId(page)).toBe(401);
  expect((await page.context().cookies()).find((c) => c.name === "pdfscan_session")).toBeUndefined();
  await checkLooksAndAccessibility(page, "signin-link");
  await page.getByTestId("sign-in-link-accept").click();
  await expect(page.getByRole("heading", { name: "Analyse a PDF" })).toBeVisible();
  expect(page.url()).not.toContain(key);
  expect(violations).toEqual([]);
});

test("a signed-in user who opens someone else's #key= link stays signed in as herself unless she switches", async ({
  signedOutPage: page,
}) => {
  const violations = watchCsp(page);
  const victim = createApiKey("e2e-victim");
  const attacker = createApiKey("e2e-attacker");
  await signIn(page, victim);
  const victimId = await signedInKeyId(page);
  expect(typeof victimId).toBe("string");

  await page.goto(`/signin?next=%2F#key=${attacker}`);
  await expect(page.getByTestId("sign-in-current-key")).toHaveText(`${prefixOf(victim)}…`);
  await expect(page.getByTestId("sign-in-link-key")).toHaveText(`${prefixOf(attacker)}…`);
  expect(await signedInKeyId(page)).toBe(victimId);
  await page.getByTestId("sign-in-link-keep").click();
  await expect(page.getByRole("heading", { name: "Analyse a PDF" })).toBeVisible();
  expect(await signedInKeyId(page)).toBe(victimId);
  // reloading the page that had the link asks nothing and changes nothing: the key left the URL
  await page.goto("/signin");
  await expect(page.getByTestId("sign-in-link")).toHaveCount(0);
  expect(await signedInKeyId(page)).toBe(victimId);

  // switching is possible, but only as an explicit choice
  await page.goto(`/signin#key=${attacker}`);
  await page.getByTestId("sign-in-link-accept").click();
  await expect(page.getByRole("heading", { name: "Analyse a PDF" })).toBeVisible();
  const switched = await signedInKeyId(page);
  expect(typeof switched).toBe("string");
  expect(switched).not.toBe(victimId);
  expect(violations).toEqual([]);
});

// `next` as an attacker writes it into the link (raw, as the query string carries it)
const NEXT_TRICKS = [
  "/%09/evil.example/x",
  "/%09%09/evil.example",
  "/%0d%0a/evil.example",
  "//evil.example/x",
  "/\\evil.example",
  "\\/evil.example",
  "/%5Cevil.example",
  "/%5C%5Cevil.example",
  "%2F%2Fevil.example",
  "/%2F/evil.example",
  "/%252F%252Fevil.example",
  "/.//evil.example",
  "/x/..//evil.example",
  "https://evil.example/",
  "javascript:alert(document.domain)",
  "/%EF%BC%8F/evil.example",
];

/**
 * Signs in by typing the key on /signin?next=<next> in a new tab of `context`, its cookies cleared first
 * (signed out; the app keeps no other state in the browser), and returns the hosts it asked for. A
 * context reused from trick to trick keeps the app's scripts in its cache: a fresh browser per trick
 * loaded and compiled them every time.
 */
async function signInWithNext(
  context: BrowserContext,
  next: string,
  key: string,
  arrived: (page: Page) => Promise<void>,
): Promise<{ url: string; foreignHosts: string[] }> {
  await context.clearCookies();
  const page = await context.newPage();
  const foreignHosts: string[] = [];
  page.on("request", (r) => {
    const host = new URL(r.url()).host;
    if (r.url().startsWith("http") && host !== new URL(E2E_BASE_URL).host) foreignHosts.push(host);
  });
  await page.goto(`/signin?next=${next}`);
  await page.getByTestId("api-key").fill(key);
  await page.getByTestId("sign-in").click();
  await arrived(page);
  const url = page.url();
  await page.close();
  return { url, foreignHosts };
}

test("every next= trick lands on this origin after signing in (a typed key)", async ({ browser }) => {
  test.setTimeout(180_000);
  const key = createApiKey("e2e-next");
  const context = await browser.newContext();
  for (const trick of NEXT_TRICKS) {
    const { url, foreignHosts } = await signInWithNext(context, trick, key, (page) =>
      expect(page.getByRole("heading", { name: "Analyse a PDF" })).toBeVisible(),
    );
    expect(new URL(url).origin, trick).toBe(E2E_BASE_URL);
    expect(new URL(url).pathname, trick).toBe("/");
    expect(foreignHosts, trick).toEqual([]);
  }
  // a plain path of ours is still honoured
  const scans = await signInWithNext(context, "%2Fscans", key, (page) => page.waitForURL(`${E2E_BASE_URL}/scans`));
  expect(scans.url).toBe(`${E2E_BASE_URL}/scans`);
  await context.close();
});

test("the issue's link, key and tab trick together, stays on this origin after confirming", async ({
  signedOutPage: page,
}) => {
  const key = createApiKey("e2e-next-link");
  const foreign: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith("http") && new URL(r.url()).origin !== E2E_BASE_URL) foreign.push(r.url());
  });
  await page.goto(`/signin?next=/%09/evil.example/x#key=${key}`);
  await page.getByTestId("sign-in-link-accept").click();
  await expect(page.getByRole("heading", { name: "Analyse a PDF" })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(E2E_BASE_URL);
  expect(foreign).toEqual([]);
});
