// The terminal UI's colors by meaning (a tone), all switched off under NO_COLOR or TERM=dumb
// (shouldUseColor in ../colors.ts decides once). Ink colors through chalk, which does not read NO_COLOR:
// components therefore never name a color, they ask toneStyle for a tone's props.
import { createContext, useContext } from "react";
import type { Severity, Verdict } from "../../analyzer/report";

export type Tone = Verdict | Severity | "error" | "ok" | "live" | "muted" | "heading";

export interface ToneStyle {
  color?: string;
  bold?: boolean;
  dimColor?: boolean;
}

const COLORED: Record<Tone, ToneStyle> = {
  malicious: { color: "red", bold: true },
  suspicious: { color: "yellow", bold: true },
  benign: { color: "green" },
  unknown: { color: "gray" },
  critical: { color: "red", bold: true },
  high: { color: "red" },
  medium: { color: "yellow" },
  low: { color: "cyan" },
  info: { dimColor: true },
  error: { color: "red", bold: true },
  ok: { color: "green" },
  live: { color: "cyan" },
  muted: { dimColor: true },
  heading: { bold: true },
};

/** Without color, emphasis stays: bold and dim are attributes, not colors (no-color.org). */
export function toneStyle(tone: Tone | undefined, color: boolean): ToneStyle {
  if (!tone) return {};
  const style = COLORED[tone];
  return color ? style : { bold: style.bold, dimColor: style.dimColor };
}

export const ColorContext = createContext(true);

export const useTone = (): ((tone: Tone | undefined) => ToneStyle) => {
  const color = useContext(ColorContext);
  return (tone) => toneStyle(tone, color);
};
