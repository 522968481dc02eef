import { describe, expect, it } from "vitest";
import type { FastResult, Finding } from "../analyzer/report";
import { createColors } from "./colors";
import { defang, formatResult, groupThousands, MAX_FINDINGS_SHOWN, printable, sortFindings } from "./format-result";

function finding(ruleId: string, severity: Finding["severity"], weight: number): Finding {
  return {
    id: ruleId,
    ruleId,
    title: `title of ${ruleId}`,
    description: "",
    category: "javascript",
    severity,
    confidence: "high",
    stage: "fast",
    weight,
    evidence: [{ objectRef: "4 0 R" }],
    attack: [],
    cve: [],
    mitigationIds: [],
  };
}

function result(over: Partial<FastResult> = {}): FastResult {
  return {
    file_name: "x.pdf",
    sha256: "a".repeat(64),
    keyword_hits: ["/JS"],
    iocs: { urls: ["http://evil.example.com/x"], ips: [], emails: [], domains: [], uncPaths: [], items: [] },
    summary: { verdict: "malicious", score: 88, confidence: "high" },
    schema_version: "1.0",
    engine_version: "0.1.0",
    stage: "fast",
    keyword_counts: { "/JS": 2, "/AA": 0 },
    findings: [finding("js-eval", "medium", 10), finding("openaction-js", "high", 30)],
    mitigations: [],
    anomalies: [],
    structure: {
      pdf_version: "1.7",
      header_offset: 0,
      size: 1234,
      objects: 5,
      streams: 1,
      object_streams: 0,
      revisions: 1,
      eof_markers: 1,
      xref_rebuilt: false,
      encrypted: false,
      pages: 1,
    },
    truncated: false,
    budget_hits: [],
    engine_notes: [],
    duration_ms: 1,
    ...over,
  };
}

describe("defang", () => {
  it.each([
    ["http://evil.example.com/a.b", "hxxp://evil[.]example[.]com/a[.]b"],
    ["HTTPS://x.org", "HXXPS://x[.]org"],
    ["user@mail.example", "user[@]mail[.]example"],
    ["10.0.0.1", "10[.]0[.]0[.]1"],
  ])("%s -> %s", (input, expected) => {
    expect(defang(input)).toBe(expected);
  });
});

describe("formatResult", () => {
  const plain = createColors(false);

  it("shows verdict, score, hash, keyword counts, findings most severe first and defanged IOCs", () => {
    const text = formatResult("dir/x.pdf", result(), plain);
    expect(text).toContain("MALICIOUS  score 88/100  confidence high");
    expect(text).toContain("a".repeat(64));
    expect(text).toContain("/JS(2)");
    expect(text).not.toContain("/AA(0)");
    expect(text.indexOf("openaction-js")).toBeLessThan(text.indexOf("js-eval"));
    expect(text).toContain("hxxp://evil[.]example[.]com/x");
    expect(text).not.toContain("http://evil");
    expect(text).not.toContain("\x1b[");
  });

  it("prefers the analyzer's defanged form when items are present", () => {
    const iocs = {
      ...result().iocs,
      items: [{ type: "url" as const, value: "http://a.b", defanged: "hxxp://a[.]b", sources: [] }],
    };
    expect(formatResult("x.pdf", result({ iocs }), plain)).toContain("url    hxxp://a[.]b");
  });

  it("counts the findings it does not show, and shows them all with --details", () => {
    const findings = Array.from({ length: MAX_FINDINGS_SHOWN + 3 }, (_, i) => finding(`rule-${i}`, "low", i));
    expect(formatResult("x.pdf", result({ findings }), plain)).toContain("... and 3 more");
    const all = formatResult("x.pdf", result({ findings }), plain, { all: true });
    expect(all).not.toContain("more (use");
    for (const f of findings) expect(all).toContain(f.ruleId);
  });

  it("names each finding's CVEs and the file's MD5, SHA-1 and TLSH", () => {
    const findings = [{ ...finding("printf-exploit", "critical", 90), cve: ["CVE-2008-2992"] }];
    const hashes = { md5: "d".repeat(32), sha1: "e".repeat(40), sha256: "a".repeat(64), tlsh: `T1${"F".repeat(70)}` };
    const text = formatResult("x.pdf", result({ findings, hashes }), plain);
    expect(text).toMatch(/printf-exploit .*\[CVE-2008-2992\]/);
    for (const h of [hashes.md5, hashes.sha1, hashes.tlsh]) expect(text).toContain(h);
  });

  it("--explain says why: each finding's points, the structure's, the prior and the floor", () => {
    const findings = [
      { ...finding("launch-command", "critical", 90), contribution: 51.2 },
      { ...finding("open-action", "low", 10), contribution: -2 },
    ];
    const summary = {
      verdict: "malicious" as const,
      score: 88,
      confidence: "high" as const,
      model: {
        name: "m",
        version: 1,
        probability: 0.9,
        priorScore: 30,
        topFeatures: [{ feature: "objects", value: 2, contribution: 8.8 }],
      },
      evidenceFloor: {
        verdict: "malicious" as const,
        score: 90,
        technique: "launch-command",
        ruleId: "launch-command",
      },
    };
    const text = formatResult("x.pdf", result({ findings, summary }), plain, { explain: true });
    const why = text.slice(text.indexOf("  why"));
    expect(why.split("\n").slice(1, 5)).toEqual([
      "     +51.2  title of launch-command (launch-command)",
      "        −2  title of open-action (open-action)",
      "      +8.8  the file's structure (objects)",
      "    A file with no evidence scores 30; the evidence sets a floor of malicious (90) by the technique launch-command (rule launch-command).",
    ]);
    expect(formatResult("x.pdf", result({ findings, summary }), plain)).not.toContain("  why");
  });

  it("colors only when enabled", () => {
    expect(formatResult("x.pdf", result(), createColors(true))).toContain("\x1b[31m");
  });
});

describe("sortFindings", () => {
  it("orders by severity, then weight", () => {
    const sorted = sortFindings([finding("a", "low", 50), finding("b", "critical", 1), finding("c", "low", 60)]);
    expect(sorted.map((f) => f.ruleId)).toEqual(["b", "c", "a"]);
  });
});

describe("groupThousands", () => {
  it.each([
    [0, "0"],
    [999, "999"],
    [1234, "1,234"],
    [1234567, "1,234,567"],
  ])("%d -> %s", (n, expected) => {
    expect(groupThousands(n)).toBe(expected);
  });
});

describe("printable", () => {
  it("shows control characters as \\xNN and leaves other text alone", () => {
    expect(printable("a\x1b[2Jb\r\n\x9bé.pdf")).toBe("a\\x1b[2Jb\\x0d\\x0a\\x9bé.pdf");
  });
});
