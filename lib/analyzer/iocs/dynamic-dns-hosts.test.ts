// The dynamic-DNS zones have one source (url-hosts.ts DYNAMIC_DNS_HOSTS): the offline enrichment flags
// exactly them, and no production line outside url-hosts.ts names one of them again.
import { describe, expect, it } from "vitest";
import { classifyDomain } from "../../server/enrichment/offline-reputation";
import { findCopies } from "../../../test/support/fact-copies";
import { DYNAMIC_DNS_HOSTS, isDynamicDnsHost } from "./url-hosts";

describe("dynamic-DNS zones, declared once", () => {
  it.each(DYNAMIC_DNS_HOSTS)("the enrichment flags %s and names under it, not look-alikes", (zone) => {
    expect(isDynamicDnsHost(zone)).toBe(true);
    expect(classifyDomain(zone).flags).toContain("dynamic-dns");
    expect(classifyDomain(`c2.${zone}`).flags).toContain("dynamic-dns");
    expect(classifyDomain(`x${zone}`).flags).not.toContain("dynamic-dns");
  });

  it("are named only in url-hosts.ts", () => {
    expect(
      findCopies((line) => DYNAMIC_DNS_HOSTS.some((h) => line.includes(`"${h}"`)), ["lib/analyzer/iocs/url-hosts.ts"]),
    ).toEqual([]);
  });
});
