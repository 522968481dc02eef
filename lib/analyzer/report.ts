// The public contract: zod schemas of findings, indicators and analysis results. API responses,
// storage, CLI --json and the UI all read these types; tests validate every corpus result against them.
import { z } from "zod";
import { BUDGET_NAMES } from "../limits";

import { CONFIDENCES, IOC_TYPES, SEVERITIES, STAGES, VERDICTS } from "./report-values";

export { CONFIDENCES, ENGINE_VERSION, IOC_TYPES, SCHEMA_VERSION, SEVERITIES, STAGES, VERDICTS } from "./report-values";

export const Verdict = z.enum(VERDICTS);
export const Severity = z.enum(SEVERITIES);
export const Confidence = z.enum(CONFIDENCES);
export const Stage = z.enum(STAGES);
export type Verdict = z.infer<typeof Verdict>;
export type Severity = z.infer<typeof Severity>;
export type Confidence = z.infer<typeof Confidence>;
export type Stage = z.infer<typeof Stage>;

export const Evidence = z.object({
  /** like "12 0 R" */
  objectRef: z.string().optional(),
  /** like "/Root/OpenAction/JS" */
  path: z.string().optional(),
  offset: z.number().int().optional(),
  /** truncated and defanged */
  excerpt: z.string().optional(),
});
export type Evidence = z.infer<typeof Evidence>;

export const Finding = z.object({
  id: z.string(),
  // kebab case: words of [a-z0-9] joined by single hyphens (no repeated group: its backtrack stack grew per word)
  ruleId: z.string().regex(/^(?!-)(?!.*--)[a-z0-9-]+(?<!-)$/),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  severity: Severity,
  confidence: Confidence,
  stage: Stage,
  /** the rule's declared weight, 0..100 (docs/rules.md) */
  weight: z.number().min(0).max(100),
  /** this finding's share of the score, in signed score points (the verdict model's explanation) */
  contribution: z.number().optional(),
  evidence: z.array(Evidence),
  attack: z.array(z.string()),
  cve: z.array(z.string()),
  mitigationIds: z.array(z.string()),
});
export type Finding = z.infer<typeof Finding>;

export const IocItem = z.object({
  type: z.enum(IOC_TYPES),
  value: z.string(),
  defanged: z.string(),
  /** where it was seen: object refs and the kind of source (uri-action, annotation, string, stream, javascript) */
  sources: z.array(z.object({ objectRef: z.string().optional(), source: z.string() })),
  /**
   * true: the target's data, not the attacker's (an address in a link's query string, and its domain
   * unless the document links to it): exports never mark it as an indicator to block
   */
  victimData: z.boolean().optional(),
});
export type IocItem = z.infer<typeof IocItem>;

export const Iocs = z.object({
  urls: z.array(z.string()),
  ips: z.array(z.string()),
  emails: z.array(z.string()),
  domains: z.array(z.string()),
  uncPaths: z.array(z.string()),
  items: z.array(IocItem),
});
export type Iocs = z.infer<typeof Iocs>;

/** A recommended action (contract: mitigation elements), with the findings it answers. */
export const Mitigation = z.object({
  id: z.string(),
  action: z.string(),
  title: z.string(),
  description: z.string(),
  /** finding ids */
  appliesTo: z.array(z.string()),
  attackMitigationId: z.string().nullable(),
  references: z.array(z.string()),
});
export type Mitigation = z.infer<typeof Mitigation>;

/** How the verdict model reached the score (lib/analyzer/model): its calibrated probability and the
 * structural features that moved the score most, in signed score points (rule hits are on findings). */
export const ModelSummary = z.object({
  name: z.string(),
  version: z.number().int(),
  probability: z.number().min(0).max(1),
  /** the score of a file with no evidence at all */
  priorScore: z.number().int().min(0).max(100),
  /** the feature's value in this file (lib/analyzer/model/features.ts; counts are log2(1+n)) and its share */
  topFeatures: z.array(z.object({ feature: z.string(), value: z.number(), contribution: z.number() })),
  /**
   * Score points the features describing where the links lead added (model/features.ts linkTarget),
   * when they raised it: the enrichment takes them back when every link target is on a known-good list.
   */
  linkPoints: z.number().optional(),
});

export const Summary = z.object({
  verdict: Verdict,
  score: z.number().int().min(0).max(100),
  confidence: Confidence,
  model: ModelSummary.optional(),
  /** the least verdict the evidence guarantees (lib/analyzer/techniques): the technique and the rule that set it */
  evidenceFloor: z
    .object({
      verdict: z.enum(["malicious", "suspicious"]),
      score: z.number().int(),
      technique: z.string(),
      ruleId: z.string(),
    })
    .optional(),
  /** floors lifted by a benign explanation: the technique, its rule that fired, and the explanation rule */
  explained: z.array(z.object({ technique: z.string(), ruleId: z.string(), explainedBy: z.string() })).optional(),
});
export type Summary = z.infer<typeof Summary>;

export const AnomalyOut = z.object({
  code: z.string(),
  offset: z.number().int(),
  message: z.string(),
  objectRef: z.string().optional(),
});

export const Structure = z.object({
  pdf_version: z.string().nullable(),
  header_offset: z.number().int(),
  size: z.number().int(),
  objects: z.number().int(),
  streams: z.number().int(),
  object_streams: z.number().int(),
  revisions: z.number().int(),
  eof_markers: z.number().int(),
  xref_rebuilt: z.boolean(),
  encrypted: z.boolean(),
  pages: z.number().int().nullable(),
});
export type Structure = z.infer<typeof Structure>;

/**
 * An engine (or an analyzer rule) that failed or is not available: its part of the analysis is
 * missing. Not a budget hit (budget_hits): the file did nothing wrong, our engine did.
 */
export const EngineNote = z.object({
  engine: z.enum(["render", "javascript", "yara", "embedded", "analyzer"]),
  message: z.string(),
});
export type EngineNote = z.infer<typeof EngineNote>;

/** POST /analyze/fast: exactly the seed's fields plus additive ones (snake_case like the seed). */
/** The submitted file's hashes (file-hashes.ts). */
export const FileHashes = z.object({
  md5: z.string().regex(/^[0-9a-f]{32}$/),
  sha1: z.string().regex(/^[0-9a-f]{40}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** TLSH ("T1" + 70 hex digits): advanced stage only; null when the file is too small, too uniform or over TLSH_MAX_INPUT_BYTES */
  tlsh: z.string().nullable().optional(),
});
export type FileHashes = z.infer<typeof FileHashes>;

export const FastResult = z.object({
  file_name: z.string(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** MD5, SHA-1, SHA-256 (and TLSH in the advanced stage); absent in results stored before it existed */
  hashes: FileHashes.optional(),
  keyword_hits: z.array(z.string()),
  iocs: Iocs,
  summary: Summary,
  // additive
  schema_version: z.string(),
  engine_version: z.string(),
  stage: Stage,
  keyword_counts: z.record(z.string(), z.number().int()),
  findings: z.array(Finding),
  /** recommended actions, most urgent finding first */
  mitigations: z.array(Mitigation),
  anomalies: z.array(AnomalyOut),
  structure: Structure,
  /** a budget was hit somewhere: parts of the file were not inspected */
  truncated: z.boolean(),
  /** names of the limits (lib/limits.ts) the analysis ran into */
  budget_hits: z.array(z.enum(BUDGET_NAMES)),
  /** engines or rules whose part is missing, and why (additive) */
  engine_notes: z.array(EngineNote).default([]),
  duration_ms: z.number(),
});
export type FastResult = z.infer<typeof FastResult>;

/** Machine code a script carries, described for an analyst (javascript/shellcode-entries.ts). */
export const ShellcodeEntry = z.object({
  /** where the bytes were read: the script's escapes as written, a deobfuscated layer's, or a string the emulation built */
  source: z.enum(["static", "layer", "emulation"]),
  /** bytes the string holds */
  size: z.number().int(),
  /** leading sled bytes (one filler value repeated) skipped before decoding */
  sled_bytes: z.number().int(),
  architecture: z.enum(["x86", "x64", "unknown"]),
  /** why: the idioms found (GetPC, PEB access) or how the bytes decoded */
  architecture_evidence: z.array(z.string()),
  bitness: z.union([z.literal(32), z.literal(64)]),
  /** the first instructions (iced-x86, NASM syntax); "(bad)": no instruction, "(cut)": the bytes end inside one */
  instructions: z.array(z.object({ offset: z.number().int(), hex: z.string(), text: z.string() })),
  /** more bytes followed the last instruction listed */
  truncated: z.boolean(),
});
export type ShellcodeEntry = z.infer<typeof ShellcodeEntry>;

/** One script of the document as the advanced stage saw it. */
export const JavaScriptEntry = z.object({
  location: z.object({ objectRef: z.string().optional(), path: z.string() }),
  trigger: z.string(),
  automatic: z.boolean(),
  origin: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  excerpt: z.string(),
  /** code produced at run time (eval/Function/setTimeOut arguments), in order, truncated */
  deobfuscated_layers: z.array(z.string()),
  /**
   * The script's full text for the viewer: verbatim, not defanged (show it as text, never run it), cut at
   * JS_REPORT_SCRIPT_CHARS. Left out when an earlier entry has the same sha256 (read its text) or when
   * the report's JS_REPORT_TOTAL_CHARS was spent. Absent in results stored before it existed.
   */
  source: z.string().optional(),
  /** the deobfuscated layers in full, verbatim, in the order of deobfuscated_layers, each bounded like `source` */
  full_layers: z.array(z.string()).optional(),
  /** `source` or a full layer was cut, or left out because the report's budget was spent */
  full_text_truncated: z.boolean().optional(),
  /** machine code the script carries, decoded (left out of a repeated script's entries, like `source`) */
  shellcode: z.array(ShellcodeEntry).optional(),
  /** Acrobat/DOM APIs the script called (emulation) or references (static) */
  apis: z.array(z.string()),
  cves: z.array(z.string()),
  /** how the sandbox run ended */
  emulation: z.object({
    status: z.enum(["completed", "error", "timeout", "memory-limit", "skipped"]),
    detail: z.string().optional(),
    duration_ms: z.number(),
  }),
  parse_error: z.string().optional(),
});
export type JavaScriptEntry = z.infer<typeof JavaScriptEntry>;

export const EmbeddedFileEntry = z.object({
  name: z.string(),
  objectRef: z.string().optional(),
  size: z.number().int(),
  sha256: z.string(),
  md5: z.string(),
  /** detected type (file-type), e.g. "exe", "docx", "pdf" */
  type: z.string(),
  mime: z.string().optional(),
  /** the verdict of a nested PDF, analysed recursively */
  nested: z.object({ verdict: Verdict, score: z.number().int() }).optional(),
});
export type EmbeddedFileEntry = z.infer<typeof EmbeddedFileEntry>;

export const Metadata = z.object({
  title: z.string().nullable(),
  author: z.string().nullable(),
  subject: z.string().nullable(),
  keywords: z.string().nullable(),
  creator: z.string().nullable(),
  producer: z.string().nullable(),
  creation_date: z.string().nullable(),
  modification_date: z.string().nullable(),
  pdf_version: z.string().nullable(),
  page_count: z.number().int().nullable(),
  xmp: z.record(z.string(), z.string()),
});
export type Metadata = z.infer<typeof Metadata>;

/** POST /analyze/deep and the scan's advanced stage: a superset of the fast result. */
export const DeepResult = FastResult.extend({
  metadata: Metadata,
  javascript: z.array(JavaScriptEntry),
  embedded_files: z.array(EmbeddedFileEntry),
  /** QR codes and rendered-page facts used by the lure rules */
  lures: z.object({
    pages_rendered: z.number().int(),
    qr_codes: z.array(z.object({ page: z.number().int(), text: z.string() })),
    text_excerpt: z.string(),
  }),
});
export type DeepResult = z.infer<typeof DeepResult>;
