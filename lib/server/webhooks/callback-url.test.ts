import { describe, expect, it } from "vitest";
import { CallbackRefused, callbackUrlProblem, resolveCallbackTarget, type Lookup } from "./callback-url";

const resolvesTo =
  (...addresses: string[]): Lookup =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const refusal = async (url: string, lookup: Lookup = resolvesTo("93.184.216.34")) =>
  resolveCallbackTarget(url, { allowPrivate: false, lookup }).then(
    () => null,
    (error: unknown) => (error instanceof CallbackRefused ? error.message : `unexpected ${String(error)}`),
  );

describe("callback URL form", () => {
  it.each([
    ["ftp://example.org/x", "http or https"],
    ["/relative", "absolute"],
    ["https://user:pw@example.org/hook", "user name or password"],
    ["https://example.org/hook#frag", "fragment"],
    [`https://example.org/${"a".repeat(2100)}`, "at most"],
  ])("refuses %s", (url, says) => {
    expect(callbackUrlProblem(url)).toContain(says);
  });

  it("accepts http and https URLs with ports, paths and queries", () => {
    expect(callbackUrlProblem("https://hooks.example.org:8443/pdfscan?team=soc")).toBeNull();
    expect(callbackUrlProblem("http://receiver.example.org/hook")).toBeNull();
  });
});

describe("SSRF guard (after DNS resolution)", () => {
  it.each([
    "http://127.0.0.1/hook",
    "http://127.8.9.10/hook",
    "http://10.1.2.3/hook",
    "http://172.20.0.5/hook",
    "http://192.168.1.1/hook",
    "http://169.254.169.254/latest/meta-data/", // cloud metadata
    "http://100.64.0.1/hook", // carrier-grade NAT
    "http://0.0.0.0:8080/hook",
    "http://[::1]/hook",
    "http://[fe80::1]/hook",
    "http://[fd00::5]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://224.0.0.1/hook",
  ])("refuses the literal address of %s", async (url) => {
    expect(await refusal(url)).toMatch(/private, loopback, link-local or reserved/);
  });

  it("refuses a name that resolves to a private address, and one with any private answer among public ones", async () => {
    expect(await refusal("https://internal.example.org/hook", resolvesTo("10.0.0.7"))).toContain(
      "resolves to 10.0.0.7",
    );
    expect(await refusal("https://rebind.example.org/hook", resolvesTo("93.184.216.34", "127.0.0.1"))).toContain(
      "127.0.0.1",
    );
    expect(await refusal("https://mapped.example.org/hook", resolvesTo("::ffff:192.168.0.10"))).toContain(
      "::ffff:192.168.0.10",
    );
  });

  it("refuses a name that does not resolve", async () => {
    const nothing: Lookup = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.invalid"), { code: "ENOTFOUND" });
    };
    expect(await refusal("https://nowhere.invalid/hook", nothing)).toContain("does not resolve");
  });

  it("connects to the address it checked (the sender pins it, so a later DNS answer cannot redirect the webhook)", async () => {
    const target = await resolveCallbackTarget("https://hooks.example.org/x", {
      allowPrivate: false,
      lookup: resolvesTo("93.184.216.34"),
    });
    expect(target).toMatchObject({ address: "93.184.216.34", family: 4 });
    expect(target.url.hostname).toBe("hooks.example.org");
  });

  it("lets an operator allow private receivers (PDFSCAN_WEBHOOK_ALLOW_PRIVATE=true)", async () => {
    const target = await resolveCallbackTarget("http://127.0.0.1:9/hook", { allowPrivate: true });
    expect(target).toMatchObject({ address: "127.0.0.1", family: 4 });
  });
});
