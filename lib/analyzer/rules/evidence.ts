// Evidence helpers: excerpts are truncated and defanged so a report never carries a live link.
import { defang } from "../iocs";
import type { Evidence } from "../report";

const MAX_EXCERPT = 160;

export function excerpt(text: string, max = MAX_EXCERPT): string {
  // flatten only the head: a multi-megabyte script must not be rewritten to show 160 characters
  const flat = text.slice(0, max * 4).replace(/\s+/g, " ").trim();
  const cut = flat.length > max ? `${flat.slice(0, max)}…` : flat;
  return defangText(cut);
}

/** Defangs every URL-ish token of free text (http -> hxxp, dots in hosts bracketed). */
export function defangText(text: string): string {
  return text.replace(/\b(?:https?|ftp|file):\/\/[^\s"'<>()]+/gi, (u) => defang(u)).replace(/\\\\([\w.-]+)\\/g, (_m, host: string) => `\\\\${host.replace(/\./g, "[.]")}\\`);
}

export function evidence(e: Evidence): Evidence {
  return Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as Evidence;
}
