// The analyzer's public face for node-side callers (lib/engines, lib/server, lib/cli): the two stages,
// the contracts the engines implement, and the helpers the service reuses. The report contract
// (report.ts and its pure helpers, REPORT_FACE in eslint.config.mjs) is the other face, the browser's.
// Modules inside lib/analyzer never import this file: a barrel imported from within makes cycles.
// package.json beside it declares the analyzer free of import side effects, so that a bundle keeps
// only the parts a caller uses (the render process needs describeError, not the rule registry).
import { analyzeFast, type AnalyzeOptions } from "./analyze";
import { analyzeDeep, type DeepOptions } from "./deep/analyze-deep";
import type { DeepResult, FastResult } from "./report";

/** One entry point for both stages: the fast stage answers at once, the advanced one (engines) later. */
export function analyze(input: Uint8Array, options: AnalyzeOptions & { stage: "fast" }): FastResult;
export function analyze(input: Uint8Array, options: DeepOptions & { stage: "advanced" }): Promise<DeepResult>;
export function analyze(
  input: Uint8Array,
  { stage, ...options }: DeepOptions & { stage: "fast" | "advanced" },
): FastResult | Promise<DeepResult> {
  return stage === "fast" ? analyzeFast(input, options) : analyzeDeep(input, options);
}

export { analyzeFast, type AnalyzeOptions } from "./analyze";
export { analyzeDeep, type DeepEngines, type DeepOptions } from "./deep/analyze-deep";
export { describeError } from "./describe-error";
export { disarmPdf, type DisarmOptions, type DisarmResult, type DisarmSummary } from "./disarm/disarm-pdf";
export type { FastFacts, YaraMatch } from "./facts/document-facts";
export {
  inspectDocument,
  type EmbeddedAnswer,
  type InspectAnswer,
  type InspectRequest,
  type StreamView,
} from "./inspect-document";
export { formatIpv6Groups, normalizeDomain, normalizeEmail, normalizeIp, normalizeUrl, parseIpv6Groups } from "./iocs";
export { classifyUrl } from "./iocs/classify-url";
export { isDynamicDnsHost, isShortenerHost } from "./iocs/url-hosts";
// the JavaScript engines' contract (lib/engines/sandbox)
export type { ParseDeepFn } from "./javascript/analyze-scripts";
export type { AnyNode } from "./javascript/constant-fold";
export {
  CANCELLED,
  type ApiCall,
  type EmulateFn,
  type EmulationBudget,
  type EmulationResult,
  type EmulationStatus,
} from "./javascript/emulation";
// the renderer's contract (lib/engines/render)
export {
  withBudgetHit,
  type PageImage,
  type PageImageBudget,
  type RenderBudget,
  type RenderedLink,
  type RenderedPage,
  type RenderFacts,
  type RenderFn,
  type RenderOpenOptions,
} from "./pages/render-facts";
export { RULES } from "./rules/registry";
export { RULE_CATEGORIES, type Rule } from "./rules/rule";
export { verdictFor } from "./score";
export { FLOOR_SCORES } from "./techniques/evidence-floor";
