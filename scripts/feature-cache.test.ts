// The feature cache keeps what scoring needs (vector, rule ids, weights, context) and nothing of the
// sample: no evidence, no excerpts, no bytes; a cached file is rescored by the current shipped model.
import { describe, expect, it } from "vitest";
import { PdfBuilder } from "../lib/pdf/testing/pdf-builder";
import type { CorpusEntry } from "./corpus";
import { evaluateEntry } from "./evaluate";
import { FeatureCache } from "./feature-cache";

describe("FeatureCache", () => {
  const b = new PdfBuilder();
  b.addCatalog(`/OpenAction << /S /JavaScript /JS (app.alert("secret text of the sample");) >>`);
  const entry: CorpusEntry = {
    sha256: "a".repeat(64),
    name: "x.pdf",
    label: "malicious",
    category: "js",
    bytes: b.build(),
  };

  it("returns a file analysed before with its scoring input, rescored, and keeps no sample content", async () => {
    const cache = new FeatureCache("fast");
    expect(cache.get(entry)).toBeNull();
    const record = await evaluateEntry(entry);
    cache.put({ ...record, sha256: entry.sha256 });
    const hit = cache.get(entry)!;
    expect(hit.scoring!.features).toEqual(record.scoring!.features);
    expect(hit.result!.summary).toEqual(record.result!.summary);
    expect(hit.result!.findings.map((f) => f.ruleId).sort()).toEqual(
      record.result!.findings.map((f) => f.ruleId).sort(),
    );
    expect(JSON.stringify(hit)).not.toContain("secret text");
  });
});
