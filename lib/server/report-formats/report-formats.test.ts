// Every export format from a real report (the real analyzer on sample PDFs): STIX 2.1 bundle shape
// (ids, spec_version, timestamps, references, patterns, vocabularies), MISP event, RFC 4180 CSV,
// Markdown and HTML with hostile strings escaped, and format negotiation.
import { describe, expect, it } from "vitest";
import { benignPdf, suspiciousPdf } from "../../../test/fixtures/sample-pdfs";
import { analyzeFast } from "../../analyzer/analyze";
import { PdfBuilder } from "../../pdf/testing/pdf-builder";
import { buildReport, ScanReport } from "../scans/report";
import type { ScanRow } from "../scans/scan-repository";
import { CSV_HEADER, csvField, toIocCsv } from "./csv";
import { htmlEscape, toHtml } from "./html";
import { REPORT_FORMAT_NAMES, REPORT_FORMATS, negotiateFormat, reportResponse, wantsDownload } from "./index";
import { mdEscape, toMarkdown } from "./markdown";
import { toMispEvent } from "./misp";
import { stixString, toStixBundle } from "./stix";

const HOSTILE_NAME = `<script>alert(1)</script> [x](http://evil) | *a* "q",'s'.pdf`;

function reportOf(pdf: Uint8Array, fileName = "invoice.pdf", extra: Partial<ScanRow> = {}): ScanReport {
  const fast = analyzeFast(pdf, { fileName });
  const t = Date.parse("2026-04-01T08:00:00.000Z");
  const row: ScanRow = {
    id: "AAAAAAAAAAAAAAAAAAAAAA",
    owner: "local",
    status: "completed",
    advanced_status: "completed",
    enrichment_status: "disabled",
    retention_mode: "retain_24h",
    enable_enrichment: 0,
    file_name: fileName,
    file_size: pdf.length,
    sha256: fast.sha256,
    blob_key: "AAAAAAAAAAAAAAAAAAAAAA",
    file_retained: 1,
    verdict: fast.summary.verdict,
    score: fast.summary.score,
    confidence: fast.summary.confidence,
    fast_result: JSON.stringify(fast),
    advanced_result: JSON.stringify({ ...fast, stage: "advanced", metadata: { title: "x" } }),
    enrichment_result: null,
    failure_reason: null,
    advanced_failure_reason: null,
    enrichment_failure_reason: null,
    pending_event: null,
    created_at: t,
    updated_at: t + 900,
    fast_started_at: t + 10,
    fast_completed_at: t + 50,
    advanced_started_at: t + 60,
    completed_at: t + 900,
    expires_at: t + 24 * 3_600_000,
    file_deleted_at: null,
    attempts: 0,
    lease_owner: "w",
    lease_until: null,
    keep_thumbnails: 0,
    page_images: null,
    page_images_deleted_at: null,
    callback_url: null,
    callback_key: null,
    batch_id: null,
    ...extra,
  };
  return ScanReport.parse(buildReport(row));
}

/** A suspicious PDF whose indicators need CSV quoting and carry every IOC type. */
function ioCRichPdf(): Uint8Array {
  const b = new PdfBuilder();
  const js = `app.launchURL("http://198.51.100.7/a,b?x=\\"q\\"", true); var m = "mailto:ops@evil.example"; var s = "\\\\\\\\fileserver.evil.example\\\\share\\\\x";`;
  const action = b.add(`<< /Type /Action /S /JavaScript /JS (${js}) >>`);
  const link = b.add(
    `<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://xn--pple-43d.example.net/login?a=1,2) >> >>`,
  );
  b.addCatalog(`/OpenAction ${action} 0 R`, 1, `/Annots [${link} 0 R]`);
  return b.build();
}

const UUID_45 = /^[0-9a-f]{8}-[0-9a-f]{4}-[45][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const STIX_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
const SCO_TYPES = new Set(["file", "url", "domain-name", "ipv4-addr", "ipv6-addr", "email-addr"]);
/** The comparison expressions we emit: [object:path = 'string'] (STIX 2.1 patterning, section 9). */
const PATTERN =
  /^\[(url|domain-name|ipv4-addr|ipv6-addr|email-addr):value = '(?:[^'\\]|\\['\\])*'\]$|^\[file:hashes\.'SHA-256' = '[0-9a-f]{64}'\]$/;

function collectRefs(obj: Record<string, unknown>): string[] {
  const refs: string[] = [];
  for (const [k, v] of Object.entries(obj)) {
    if (k.endsWith("_ref") && typeof v === "string") refs.push(v);
    if (k.endsWith("_refs") && Array.isArray(v)) refs.push(...(v as string[]));
  }
  return refs;
}

/** Minimal RFC 4180 reader for the test. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  return rows;
}

describe("STIX 2.1 bundle", () => {
  for (const [name, pdf] of [
    ["suspicious", suspiciousPdf()],
    ["ioc-rich", ioCRichPdf()],
    ["benign", benignPdf()],
  ] as const) {
    it(`is well-formed for the ${name} sample`, () => {
      const report = reportOf(pdf);
      const bundle = toStixBundle(report) as { type: string; id: string; objects: Record<string, unknown>[] };
      expect(bundle.type).toBe("bundle");
      expect(bundle.id).toMatch(/^bundle--/);
      expect(UUID_45.test(bundle.id.slice("bundle--".length))).toBe(true);
      expect(bundle).not.toHaveProperty("spec_version"); // 2.1 bundles have none
      const ids = new Set<string>();
      for (const o of bundle.objects) {
        const [type, uuid] = String(o.id).split("--");
        expect(type).toBe(o.type);
        expect(uuid).toMatch(UUID_45);
        expect(o.spec_version).toBe("2.1");
        expect(ids.has(String(o.id))).toBe(false);
        ids.add(String(o.id));
        if (!SCO_TYPES.has(String(o.type))) {
          expect(o.created).toMatch(STIX_TIME);
          expect(o.modified).toMatch(STIX_TIME);
        }
      }
      for (const o of bundle.objects)
        for (const ref of collectRefs(o)) expect(ids.has(ref), `${o.id} -> ${ref}`).toBe(true);
      const analysis = bundle.objects.find((o) => o.type === "malware-analysis")!;
      expect(analysis).toMatchObject({
        product: "pdfscan",
        result: report.summary.verdict,
        confidence: { low: 15, medium: 50, high: 85 }[report.summary.confidence],
      });
      expect(["malicious", "suspicious", "benign", "unknown"]).toContain(analysis.result);
      expect((analysis.analysis_sco_refs as string[]).length).toBeGreaterThan(0);
      const file = bundle.objects.find((o) => o.type === "file")!;
      expect(file).toMatchObject({ hashes: { "SHA-256": report.file.sha256 }, size: report.file.size });
      const indicators = bundle.objects.filter((o) => o.type === "indicator");
      if (report.summary.verdict === "benign") expect(indicators).toHaveLength(0);
      else expect(indicators.length).toBeGreaterThan(0);
      for (const ind of indicators) {
        expect(ind).toMatchObject({ pattern_type: "stix", valid_from: expect.stringMatching(STIX_TIME) });
        expect(ind.pattern).toMatch(PATTERN);
      }
      for (const r of bundle.objects.filter((o) => o.type === "relationship"))
        expect(["related-to", "mitigates"]).toContain(r.relationship_type);
      // deterministic: the same report exports the same ids
      expect(toStixBundle(report)).toEqual(bundle);
    });
  }

  it("has an indicator per URL of a suspicious document, attack patterns and courses of action", () => {
    const report = reportOf(suspiciousPdf());
    const objects = (toStixBundle(report) as { objects: Record<string, unknown>[] }).objects;
    for (const url of report.iocs.urls)
      expect(objects.some((o) => o.type === "indicator" && o.pattern === `[url:value = ${stixString(url)}]`)).toBe(
        true,
      );
    const techniques = new Set(report.findings.flatMap((f) => f.attack));
    expect(objects.filter((o) => o.type === "attack-pattern")).toHaveLength(techniques.size);
    expect(objects.filter((o) => o.type === "course-of-action")).toHaveLength(report.mitigations.length);
  });

  it("escapes quotes and backslashes in pattern strings", () => {
    expect(stixString(`a'b\\c`)).toBe(`'a\\'b\\\\c'`);
  });
});

describe("MISP event", () => {
  it("has the event fields, typed attributes and ATT&CK tags", () => {
    const report = reportOf(ioCRichPdf());
    const { Event } = toMispEvent(report) as {
      Event: Record<string, unknown> & { Attribute: Record<string, unknown>[]; Tag: { name: string }[] };
    };
    expect(Event).toMatchObject({
      info: expect.stringContaining(report.summary.verdict),
      date: "2026-04-01",
      analysis: "2",
      published: false,
    });
    expect(["1", "2", "3", "4"]).toContain(Event.threat_level_id);
    expect(Event.uuid).toMatch(UUID_45);
    const types = new Set([
      "filename",
      "md5",
      "sha1",
      "sha256",
      "tlsh",
      "url",
      "domain",
      "ip-dst",
      "email-src",
      "target-email",
      "text",
      "vulnerability",
    ]);
    for (const a of Event.Attribute) {
      expect(types.has(String(a.type)), String(a.type)).toBe(true);
      expect(typeof a.to_ids).toBe("boolean");
      expect(a.uuid).toMatch(UUID_45);
    }
    expect(Event.Attribute).toContainEqual(expect.objectContaining({ type: "sha256", value: report.file.sha256 }));
    for (const url of report.iocs.urls)
      expect(Event.Attribute).toContainEqual(expect.objectContaining({ type: "url", value: url }));
    // a documentation address (RFC 5737) is never marked for IDS
    const docIp = Event.Attribute.find((a) => a.type === "ip-dst" && a.value === "198.51.100.7");
    expect(docIp?.to_ids).toBe(false);
    for (const t of new Set(report.findings.flatMap((f) => f.attack)))
      expect(Event.Tag).toContainEqual({ name: `mitre-attack:technique="${t}"` });
  });
});

describe("CSV of indicators", () => {
  it("has the header and one RFC 4180 row per indicator source", () => {
    const report = reportOf(ioCRichPdf());
    const text = toIocCsv(report);
    expect(text.endsWith("\r\n")).toBe(true);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CSV_HEADER]);
    expect(rows.slice(1, 4)).toEqual([
      ["md5", report.file.md5, report.file.md5, "false", "file"],
      ["sha1", report.file.sha1, report.file.sha1, "false", "file"],
      ["sha256", report.file.sha256, report.file.sha256, "false", "file"],
    ]);
    // one row per indicator, every place it was seen in one cell
    for (const item of report.iocs.items) {
      const mine = rows.filter((r) => r[0] === item.type && r[1] === item.value);
      expect(mine).toHaveLength(1);
      expect(mine[0]![2]).toBe(item.defanged);
      for (const s of item.sources)
        expect(mine[0]![4]).toContain(s.objectRef ? `${s.source} ${s.objectRef}` : s.source);
    }
    for (const r of rows) expect(r).toHaveLength(5);
  });

  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["line\nbreak", '"line\nbreak"'],
    ["=cmd()", "'=cmd()"],
    ["+1@x", "'+1@x"],
  ])("quotes %j as %j", (value, want) => {
    expect(csvField(value)).toBe(want);
  });
});

describe("Markdown and HTML", () => {
  const report = reportOf(suspiciousPdf(), HOSTILE_NAME);

  it("renders the summary, findings, defanged indicators and mitigations in Markdown", () => {
    const md = toMarkdown(report);
    expect(md).toContain(`| Verdict | **${report.summary.verdict}** |`);
    for (const f of report.findings) expect(md).toContain(mdEscape(f.title));
    for (const i of report.iocs.items) expect(md).toContain(mdEscape(i.defanged));
    for (const m of report.mitigations) expect(md).toContain(mdEscape(m.title));
    expect(md).not.toContain("<script>");
    expect(md).not.toContain("](http://evil)");
    expect(md).not.toContain("http://evil.example"); // indicators appear defanged only
  });

  it("says why the score is what it is, in Markdown and HTML: the largest reason first with its points, and the prior", () => {
    const top = [...report.findings].sort((a, b) => (b.contribution ?? 0) - (a.contribution ?? 0))[0]!;
    const points = `+${Math.round(top.contribution! * 10) / 10}`;
    const md = toMarkdown(report);
    const why = md.slice(md.indexOf(`## Why ${report.summary.score}`), md.indexOf("## Findings"));
    expect(why.split("\n")[2]).toBe(`- **${points}** ${mdEscape(`${top.title} (${top.ruleId})`)}`);
    expect(why).toContain(`A file with no evidence scores ${report.summary.model!.priorScore}`);
    expect(md).toContain(`${points} score points`);
    const html = toHtml(report);
    expect(html).toContain(
      `<h2>Why ${report.summary.score}</h2><ul>\n<li><strong>${points}</strong> ${htmlEscape(`${top.title} (${top.ruleId})`)}</li>`,
    );
  });

  it("escapes every hostile string in HTML", () => {
    const html = toHtml(report);
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toContain("<script>");
    expect(html).toContain(htmlEscape(HOSTILE_NAME));
    expect(html).not.toContain("http://evil.example");
    expect(htmlEscape(`<a href="x" onclick='y'>&`)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;");
  });
});

describe("format negotiation", () => {
  const url = (q = "") => new URL(`http://x/api/scans/id/report${q}`);
  it.each([
    ["", null, "json"],
    ["", "*/*", "json"],
    ["", "application/stix+json;version=2.1", "stix"],
    ["", "text/csv", "csv"],
    ["", "text/markdown", "md"],
    ["", "text/html,application/xhtml+xml,*/*;q=0.8", "html"],
    ["", "text/csv;q=0.5, application/stix+json", "stix"],
    ["", "image/png", "json"],
    ["?format=misp", "text/html", "misp"],
    ["?format=MD", null, "md"],
    ["?format=markdown", null, "md"],
  ] as const)("?%s with Accept %s -> %s", (q, accept, want) => {
    expect(negotiateFormat(url(q), accept)).toBe(want);
  });

  it("refuses an unknown ?format= with the list of formats", () => {
    expect(() => negotiateFormat(url("?format=pdf"), null)).toThrow(/Unknown report format/);
  });

  it.each(REPORT_FORMAT_NAMES)("answers %s with its media type", async (format) => {
    const res = await reportResponse(reportOf(suspiciousPdf()), format);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(REPORT_FORMATS[format].contentType);
    expect((await res.text()).length).toBeGreaterThan(100);
    if (format === "html") expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  });
});

describe("downloads", () => {
  it.each(REPORT_FORMAT_NAMES)("answers %s?download=1 as an attachment named after the scan", async (format) => {
    const report = reportOf(suspiciousPdf());
    const res = await reportResponse(report, format, { download: true });
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="pdfscan-${report.scanId}.${REPORT_FORMATS[format].extension}"`,
    );
    expect(res.headers.get("content-type")).toBe(REPORT_FORMATS[format].contentType);
  });

  it("keeps JSON inline without ?download=1 (API clients read it in place)", async () => {
    expect((await reportResponse(reportOf(suspiciousPdf()), "json")).headers.get("content-disposition")).toBeNull();
    expect(wantsDownload(new URL("http://x/r?format=csv&download=1"))).toBe(true);
    expect(wantsDownload(new URL("http://x/r?format=csv"))).toBe(false);
  });
});

describe("report", () => {
  it("carries both stages' summaries", () => {
    const advanced = reportOf(suspiciousPdf());
    expect(advanced.advancedSummary).toEqual(advanced.summary);
    expect(advanced.fastSummary.verdict).toMatch(/benign|suspicious|malicious|unknown/);
    const fastOnly = reportOf(suspiciousPdf(), "a.pdf", { advanced_status: "failed", advanced_failure_reason: "x" });
    expect(fastOnly.advancedSummary).toBeNull();
    expect(fastOnly.fastSummary).toEqual(fastOnly.summary);
  });

  it("uses the advanced result once that stage completed, else the fast one", () => {
    expect(reportOf(suspiciousPdf()).stage).toBe("advanced");
    expect(reportOf(suspiciousPdf(), "a.pdf", { advanced_status: "failed", advanced_failure_reason: "x" }).stage).toBe(
      "fast",
    );
    expect(reportOf(suspiciousPdf()).details).toMatchObject({ metadata: { title: "x" } });
  });

  it("lists each mitigation once with the findings it applies to", () => {
    const report = reportOf(suspiciousPdf());
    const findingIds = new Set(report.findings.map((f) => f.id));
    expect(report.mitigations.length).toBeGreaterThan(0);
    for (const m of report.mitigations) {
      expect(m.action).toBe(m.id);
      expect(m.appliesTo.length).toBeGreaterThan(0);
      for (const f of m.appliesTo) expect(findingIds.has(f)).toBe(true);
    }
    expect(new Set(report.mitigations.map((m) => m.id)).size).toBe(report.mitigations.length);
  });
});

describe("negotiateFormat", () => {
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])(
    "answers ?format=%s with 400, never a built-in property",
    (name) => {
      expect(() => negotiateFormat(new URL(`http://x/r?format=${name}`), null)).toThrow(
        expect.objectContaining({ code: "invalid_request", status: 400 }),
      );
    },
  );
});

describe("exports carry the whole finding (issue 20)", () => {
  const VICTIM = "j.doe@acmecorp.com";
  const EMBEDDED_SHA256 = "e".repeat(64);
  /** a malicious lure: a link personalised with its target's address, a script exploiting CVE-2008-2992, an attached malicious PDF */
  function wholeFindingReport(): ScanReport {
    const b = new PdfBuilder();
    const js = b.add(
      `<< /Type /Action /S /JavaScript /JS (var s = unescape("%u0c0c%u0c0c"); util.printf("%45000f", 1);) >>`,
    );
    const link = b.add(
      `<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://login.evil.example/verify.php?email=${VICTIM}) >> >>`,
    );
    b.addCatalog(`/OpenAction ${js} 0 R`, 1, `/Annots [${link} 0 R]`);
    const pdf = b.build();
    const fast = analyzeFast(pdf, { fileName: "lure.pdf" });
    const findings = fast.findings.map((f, i) =>
      i === 0
        ? { ...f, cve: [...new Set([...f.cve, "CVE-2008-2992"])], attack: [...new Set([...f.attack, "T1203"])] }
        : f,
    );
    const advanced = {
      ...fast,
      stage: "advanced",
      findings,
      hashes: { ...fast.hashes!, tlsh: `T1${"A".repeat(70)}` },
      metadata: {
        title: null,
        author: null,
        subject: null,
        keywords: null,
        creator: null,
        producer: null,
        creation_date: null,
        modification_date: null,
        pdf_version: "1.7",
        page_count: 1,
        xmp: {},
      },
      javascript: [],
      embedded_files: [
        {
          name: "invoice-details.pdf",
          objectRef: "9 0 R",
          size: 2048,
          sha256: EMBEDDED_SHA256,
          md5: "d".repeat(32),
          type: "pdf",
          mime: "application/pdf",
          nested: { verdict: "malicious", score: 97 },
        },
      ],
      lures: { pages_rendered: 1, qr_codes: [], text_excerpt: "" },
    };
    return reportOf(pdf, "lure.pdf", { advanced_result: JSON.stringify(advanced), verdict: "malicious" });
  }

  it("tags the recipient's address from the link's query, and its domain, as victim data", () => {
    const report = wholeFindingReport();
    const victims = report.iocs.items.filter((i) => i.victimData).map((i) => `${i.type}:${i.value}`);
    expect(victims.sort()).toEqual(["domain:acmecorp.com", `email:${VICTIM}`]);
  });

  it("shows the CVE, the ATT&CK technique, the embedded file and every hash in every format", () => {
    const report = wholeFindingReport();
    expect(report.file).toMatchObject({
      md5: expect.stringMatching(/^[0-9a-f]{32}$/),
      sha1: expect.stringMatching(/^[0-9a-f]{40}$/),
      tlsh: `T1${"A".repeat(70)}`,
    });
    for (const format of REPORT_FORMAT_NAMES) {
      const text = REPORT_FORMATS[format].render(report);
      for (const needle of [
        "CVE-2008-2992",
        "T1203",
        EMBEDDED_SHA256,
        report.file.md5!,
        report.file.sha1!,
        report.file.tlsh!,
        report.file.sha256,
      ]) {
        expect(text, `${format} carries ${needle}`).toContain(needle);
      }
    }
  });

  it("STIX: a vulnerability, the embedded file contained in the PDF with an indicator on it, no indicator on victim data", () => {
    const report = wholeFindingReport();
    const objects = (toStixBundle(report) as { objects: Record<string, unknown>[] }).objects;
    expect(objects).toContainEqual(
      expect.objectContaining({
        type: "vulnerability",
        name: "CVE-2008-2992",
        external_references: [expect.objectContaining({ source_name: "cve", external_id: "CVE-2008-2992" })],
      }),
    );
    expect(objects).toContainEqual(
      expect.objectContaining({
        type: "attack-pattern",
        external_references: [expect.objectContaining({ external_id: "T1203" })],
      }),
    );
    const files = objects.filter((o) => o.type === "file");
    const outer = files.find((o) => o.name === "lure.pdf")!;
    const inner = files.find((o) => o.name === "invoice-details.pdf")!;
    expect(outer.hashes).toEqual({
      MD5: report.file.md5,
      "SHA-1": report.file.sha1,
      "SHA-256": report.file.sha256,
      TLSH: report.file.tlsh,
    });
    expect(outer.contains_refs).toEqual([inner.id]);
    const patterns = objects.filter((o) => o.type === "indicator").map((o) => String(o.pattern));
    expect(patterns).toContain(`[file:hashes.'SHA-256' = '${EMBEDDED_SHA256}']`);
    expect(patterns.some((p) => p.includes("login.evil.example"))).toBe(true);
    expect(
      patterns.filter((p) => (p.includes(VICTIM) && !p.startsWith("[url:")) || p.includes("'acmecorp.com'")),
    ).toEqual([]);
    expect(objects.filter((o) => o.type === "email-addr").map((o) => o.value)).toContain(VICTIM); // observed, not an indicator
  });

  it("MISP: the CVE as a vulnerability attribute, the embedded file as a file object, the victim as target-email never to_ids", () => {
    const report = wholeFindingReport();
    const { Event } = toMispEvent(report) as {
      Event: {
        Attribute: Record<string, unknown>[];
        Object: { name: string; template_uuid: string; Attribute: Record<string, unknown>[]; comment: string }[];
      };
    };
    expect(Event.Attribute).toContainEqual(
      expect.objectContaining({ type: "vulnerability", value: "CVE-2008-2992", to_ids: false }),
    );
    for (const [type, value] of [
      ["md5", report.file.md5],
      ["sha1", report.file.sha1],
      ["tlsh", report.file.tlsh],
    ])
      expect(Event.Attribute).toContainEqual(expect.objectContaining({ type, value }));
    expect(Event.Attribute).toContainEqual(
      expect.objectContaining({ type: "target-email", category: "Targeting data", value: VICTIM, to_ids: false }),
    );
    expect(
      Event.Attribute.filter((a) => a.to_ids && String(a.value).includes("acmecorp.com") && a.type !== "url"),
    ).toEqual([]);
    expect(Event.Attribute.find((a) => a.type === "email-src" && a.value === VICTIM)).toBeUndefined();
    const [object] = Event.Object;
    expect(object).toMatchObject({
      name: "file",
      template_uuid: "688c46fb-5edb-40a3-8273-1af7923e2215",
      comment: expect.stringContaining("nested analysis: malicious, score 97"),
    });
    expect(object!.Attribute).toContainEqual(
      expect.objectContaining({ object_relation: "sha256", value: EMBEDDED_SHA256, to_ids: true }),
    );
  });

  it("CSV and SARIF: victim rows marked, one row per embedded file, and a SARIF log with the file's hashes", () => {
    const report = wholeFindingReport();
    const rows = parseCsv(toIocCsv(report));
    expect(rows.find((r) => r[1] === VICTIM)?.[3]).toBe("true");
    expect(rows.find((r) => r[1] === "login.evil.example")?.[3]).toBe("false");
    expect(rows).toContainEqual([
      "embedded-sha256",
      EMBEDDED_SHA256,
      EMBEDDED_SHA256,
      "false",
      "embedded invoice-details.pdf 9 0 R; type pdf; nested malicious 97",
    ]);
    const sarif = JSON.parse(REPORT_FORMATS.sarif.render(report)) as {
      version: string;
      runs: { artifacts: { hashes: Record<string, string> }[]; results: { ruleId: string }[] }[];
    };
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0]!.artifacts[0]!.hashes).toMatchObject({ "sha-256": report.file.sha256, md5: report.file.md5 });
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(report.findings.map((f) => f.ruleId));
  });
});

describe("stored results of before the naming rule", () => {
  it("still read: a model summary with prior_score and top_features comes out camelCase", () => {
    const fast = analyzeFast(suspiciousPdf(), { fileName: "old.pdf" });
    const model = {
      name: "m",
      version: 1,
      probability: 0.5,
      prior_score: 3,
      top_features: [{ feature: "f", value: 1, contribution: 2 }],
    };
    const old = JSON.stringify({ ...fast, summary: { ...fast.summary, model } });
    const report = reportOf(suspiciousPdf(), "old.pdf", {
      fast_result: old,
      advanced_result: null,
      advanced_status: "failed",
      advanced_failure_reason: "x",
    });
    expect(report.summary.model).toEqual({
      name: "m",
      version: 1,
      probability: 0.5,
      priorScore: 3,
      topFeatures: [{ feature: "f", value: 1, contribution: 2 }],
    });
  });
});
