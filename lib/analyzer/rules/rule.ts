// A detection rule: declared once with a stable kebab-case id and everything the report, UI, CLI and
// docs show about it; `check` is small and pure: it reads document facts and returns evidence.
import type { Budget } from "../../limits";
import type { DocumentFacts } from "../facts/document-facts";
import type { Consent } from "../facts/trigger-consent";
import type { MitigationAction } from "../mitigations";
import type { Confidence, Evidence, Severity, Stage } from "../report";

export const RULE_CATEGORIES = [
  "javascript",
  "action",
  "embedded-file",
  "exploit",
  "obfuscation",
  "structure",
  "phishing",
  "encryption",
  "form",
] as const;
export type RuleCategory = (typeof RULE_CATEGORIES)[number];

/**
 * What a rule reads: the facts, without the parsed document. Format parsing belongs to the fact
 * collectors (lib/analyzer/facts), which run once per document, not to each rule's check.
 */
export type RuleFacts = Omit<DocumentFacts, "doc">;

export interface RuleHit {
  evidence: Evidence[];
  /** appended to the rule description: what exactly was seen */
  detail?: string;
  /** CVEs established by this hit (rules that cover several vulnerabilities) */
  cve?: string[];
  /** overrides the rule's default confidence */
  confidence?: Confidence;
  /**
   * overrides the rule's default severity: a capability the document shows only behind a button, link
   * or field the reader uses (consent "click", facts/trigger-consent.ts) is context, "info"
   */
  severity?: Severity;
  /**
   * "advanced" when the hit rests only on what the advanced stage added (the sandbox's calls, the
   * rendered text) to the facts of a fast-stage rule: the finding then says which stage found it
   */
  stage?: Stage;
}

/**
 * The part of a hit for a capability (a script, a submission, a mail or network call) by the triggers
 * that run it: behind the reader's click only (every consent "click"), the capability is what an
 * ordinary form's buttons and fields do (a Submit or "Email this form" button, a field's formatting):
 * context, severity "info", which lets no model score flag a file by itself (score.ts). Run on open, on
 * a page, or reached by nothing, the rule's own severity stands.
 */
export function byConsent(consents: readonly Consent[]): Pick<RuleHit, "severity" | "detail"> {
  return consents.length > 0 && consents.every((c) => c === "click")
    ? { severity: "info", detail: "Only behind buttons, links or fields the reader uses." }
    : {};
}

/** A hit's own detail followed by that of a part (byConsent's). */
export function withDetail(
  detail: string,
  part: Pick<RuleHit, "severity" | "detail">,
): Pick<RuleHit, "severity" | "detail"> {
  return { ...part, detail: part.detail ? `${detail} ${part.detail}` : detail };
}

/**
 * A page finding read from the rendering (what a reader sees) or else from the content streams (what
 * the fast stage reads): the advanced stage's own when only the rendering showed it (a font without a
 * ToUnicode map, a form nested deeper than the page text reads). `content` runs at most once.
 */
export function renderedOrContent<T>(rendered: T | null, content: () => T | null): { hit: T; stage?: Stage } | null {
  if (rendered !== null) return { hit: rendered, stage: content() === null ? "advanced" : undefined };
  const hit = content();
  return hit === null ? null : { hit };
}

/** A page's text as the text rules read it: the rendering's, or the content streams'. */
export interface PageTextLike {
  index: number;
  text: string;
}

/**
 * `find` over the pages of a short document (PAGE_TEXT_MAX_PAGES or fewer, as the document and the
 * rendering count them): the rendered text where the advanced stage has it, what a reader sees (fonts
 * without a ToUnicode map included), else the content streams' (renderedOrContent says which stage).
 */
export function inShortDocumentText<T>(
  facts: Pick<RuleFacts, "pageTexts" | "render" | "pageCount" | "limits">,
  find: (pages: readonly PageTextLike[]) => T | null,
): { hit: T; stage?: Stage } | null {
  const { pageTexts, render, pageCount, limits } = facts;
  if (Math.max(pageCount, render?.pageCount ?? 0) > limits.PAGE_TEXT_MAX_PAGES) return null;
  const rendered = render?.pages.filter((p) => !p.error) ?? [];
  return renderedOrContent(rendered.length ? find(rendered) : null, () => (pageTexts.length ? find(pageTexts) : null));
}

export interface Rule {
  id: string;
  title: string;
  /** what the technique is and why it matters */
  description: string;
  category: RuleCategory;
  severity: Severity;
  /** contribution to the score, 0..100 (combined as independent evidence, see score.ts) */
  weight: number;
  /** MITRE ATT&CK technique ids */
  attack: string[];
  cve: string[];
  mitigations: MitigationAction[];
  stage: Stage;
  confidence: Confidence;
  /**
   * "detection" (the default) reports evidence of a technique; an "explanation" reports why evidence
   * is benign (a form script that only formats fields): it carries no weight, is no evidence of
   * malice for the model, and lifts the floor of the techniques that name it (techniques/catalogue.ts).
   */
  role: "detection" | "explanation";
  /**
   * `budget` is where a check that reads only part of a fact (a window of a long text or script, lib/limits.ts)
   * records that it stopped there: the result's budget_hits, as the fact collectors do.
   */
  check(facts: RuleFacts, budget: Budget): RuleHit | null;
}

export function defineRule(
  rule: Omit<Rule, "cve" | "stage" | "confidence" | "role"> &
    Partial<Pick<Rule, "cve" | "stage" | "confidence" | "role">>,
): Rule {
  return { cve: [], stage: "fast", confidence: "medium", role: "detection", ...rule };
}
