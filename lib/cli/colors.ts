// ANSI styling that switches itself off for pipes, NO_COLOR (https://no-color.org) and TERM=dumb.
import type { OutputStream } from "./context";

export type Style = (s: string) => string;

export interface Colors {
  enabled: boolean;
  bold: Style;
  dim: Style;
  red: Style;
  yellow: Style;
  green: Style;
  cyan: Style;
  gray: Style;
}

/** FORCE_COLOR (not "0") forces color on; NO_COLOR (non-empty) or a non-TTY stream turns it off. */
export function shouldUseColor(stream: OutputStream, env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== "0") return true;
  if (env.NO_COLOR) return false;
  if (env.TERM === "dumb") return false;
  return stream.isTTY === true;
}

export function createColors(enabled: boolean): Colors {
  const sgr = (open: number, close: number): Style => (enabled ? (s) => `\x1b[${open}m${s}\x1b[${close}m` : (s) => s);
  return {
    enabled,
    bold: sgr(1, 22),
    dim: sgr(2, 22),
    red: sgr(31, 39),
    yellow: sgr(33, 39),
    green: sgr(32, 39),
    cyan: sgr(36, 39),
    gray: sgr(90, 39),
  };
}
