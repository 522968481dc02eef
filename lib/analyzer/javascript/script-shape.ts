// One exploit shape a script's text shows (memory-primitives.ts, reentrancy.ts): its kind and the text
// that shows it, for the rules' evidence (rules/script-shapes.ts).

export interface ScriptShape<K extends string> {
  kind: K;
  /** the text that shows it, clipped */
  excerpt: string;
}

/** presentation: characters of evidence kept */
const EXCERPT_CHARS = 100;

/** The shape `kind` seen at `index` of `text`. */
export function shapeAt<K extends string>(kind: K, text: string, index: number): ScriptShape<K> {
  return { kind, excerpt: text.slice(index, index + EXCERPT_CHARS) };
}
