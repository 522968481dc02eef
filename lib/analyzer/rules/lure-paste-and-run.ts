// Instructions that make the reader run code ("ClickFix", ATT&CK T1204.004 Malicious Copy and Paste,
// the most used first step of 2025's intrusions): a page dressed as a CAPTCHA ("verify you are human")
// or as the fix for an error tells the reader to open the Run dialog (Win+R) or a terminal and paste
// what the attacker's web page put on the clipboard (Ctrl+V, Enter); or it shows the command to type, one
// that fetches or decodes the code it runs. No viewer runs anything: the reader does, where no filter in
// front of the reader looks. IT guides say "press Win+R" too; they do not call it a verification, and
// their commands do not fetch code from the internet in a hidden window.
import type { Budget } from "../../limits";
import { findLurePhrases, normalizeText } from "../pages/lure-signals";
import { textWindow } from "../../limits";
import { COMMAND_HOST_IN_TEXT } from "./action-targets";
import { defineRule, inShortDocumentText, type PageTextLike } from "./rule";
import { evidence, excerpt } from "./evidence";

/** Win+R (the Run dialog), in the ways lures write it ("windows key + r", "⊞ + r", "win r", "Windows-Taste + R") */
const RUN_DIALOG =
  /(?:\bwin(?:dows)?|⊞)(?:[ -]logo)?(?:[ -](?:key|taste|touche|tecla))? ?(?:\+|and|&|-)? ?r\b|\brun (?:dialog|box|window)\b/;
/** a terminal opened by name: PowerShell (Win+X, I), Terminal (macOS: Cmd+Space, "terminal") or the command prompt */
const TERMINAL =
  /\b(?:open|launch|start|type|search for) (?:the |a |an )?(?:windows )?(?:powershell|terminal|command prompt)\b|\bwin(?:dows)?(?: key)? ?\+ ?x\b/;
/** the paste: Ctrl+V, Strg+V, Cmd+V */
const PASTE = /(?:\b(?:ctrl|control|strg|cmd|command)|⌘) ?(?:\+|-|and|&)? ?v\b/;
/**
 * the pretext: a CAPTCHA, or a check that the reader is human, named as the lures name it ("verify you
 * are human", "verification steps"); "to verify the installation" in an IT guide is not one
 */
const VERIFICATION =
  /\bcaptcha\b|\bnot a robot\b|\byou(?:'re| are) (?:a )?human\b|\bhuman verification\b|\bverification (?:steps?|required|needed|failed|code)\b|\b(?:complete|pass|finish) (?:the |this )?verification\b/;
/** what makes a command line a download cradle: it fetches the code it runs (a URL, a share, iex of a download) */
const FETCHES =
  /https?:\/\/|\\\\[\w.-]+\\|\biex\b|invoke-expression|downloadstring|downloadfile|invoke-webrequest|\biwr\b|\birm\b|-urlcache/;
/** or hides it: a hidden window, an encoded command, an HTML application */
const HIDES = /\s-w(?:indowstyle)?\s+hidden\b|\s-e(?:nc(?:odedcommand)?)?\s+[a-z0-9+/=]{16}|\bmshta\b/;
/** characters after a command host read as its command line (a detection window, not a budget) */
const COMMAND_CHARS = 240;

export interface PasteAndRunLure {
  how: "paste" | "command";
  /** the command shown, for `how: "command"` */
  command?: string;
  /** the instruction that opens the Run dialog or a terminal, as written */
  instruction: string;
}

/** The paste-and-run instructions in a short document's text, or null. */
export function findPasteAndRun(source: string, budget: Budget): PasteAndRunLure | null {
  const text = normalizeText(textWindow(source, budget, "LURE_TEXT_SCAN_CHARS"));
  const opener = RUN_DIALOG.exec(text) ?? TERMINAL.exec(text);
  if (!opener) return null;
  const framed = VERIFICATION.test(text);
  if (framed && PASTE.test(text)) return { how: "paste", instruction: opener[0] };
  for (const m of text.matchAll(COMMAND_HOST_IN_TEXT)) {
    const command = text.slice(m.index, m.index + COMMAND_CHARS);
    const hides = HIDES.test(command);
    if (!hides && !FETCHES.test(command)) continue;
    // a hidden or encoded cradle is a lure's whatever the words around it; a plain download needs the pretext
    if (hides || framed || findLurePhrases(text, budget).isLure)
      return { how: "command", command, instruction: opener[0] };
  }
  return null;
}

function lureIn(pages: readonly PageTextLike[], budget: Budget): { lure: PasteAndRunLure; page: number } | null {
  const lure = findPasteAndRun(pages.map((p) => p.text).join("\n"), budget);
  if (!lure) return null;
  const page = pages.find((p) => normalizeText(p.text).includes(lure.instruction))?.index ?? pages[0].index;
  return { lure, page };
}

export const lurePasteAndRun = defineRule({
  id: "lure-paste-and-run",
  title: "Instructions to paste and run a command (ClickFix)",
  description:
    "A short document tells the reader to open the Run dialog (Win+R) or a terminal and paste and run a command: the keystrokes of the 'ClickFix' lures (Win+R, Ctrl+V, Enter) dressed as a CAPTCHA or a verification, or a command line shown on the page that downloads or decodes the code it runs (PowerShell with a URL, iex or an encoded command, mshta with a URL, curl piped to a shell). The reader runs the attacker's code by hand, where no mail filter, browser download check or macro policy looks. Read from the page text (content streams; in the advanced stage, the rendered text).",
  category: "phishing",
  severity: "high",
  weight: 55,
  attack: ["T1204.004", "T1566.001", "T1059.001"],
  mitigations: ["report_phishing", "block_indicators"],
  confidence: "high",
  check(facts, budget) {
    const seen = inShortDocumentText(facts, (pages) => lureIn(pages, budget));
    if (!seen) return null;
    const { lure, page } = seen.hit;
    const what =
      lure.how === "paste"
        ? `"${lure.instruction}", then paste (Ctrl+V) and run, as a verification`
        : `"${lure.instruction}", then run: ${lure.command}`;
    return { evidence: [evidence({ path: `/Root/Pages[${page}]`, excerpt: excerpt(what, 200) })], stage: seen.stage };
  },
});
