// The hit of a rule that reports a list of exploit shapes each script's signals carry (memory primitives,
// re-entrancy triggers): the scripts with enough kinds, each kind's first evidence, the kinds in words.
import type { ScriptFact } from "../facts/document-facts";
import type { ScriptShape } from "../javascript/script-shape";
import type { RuleHit } from "./rule";
import { evidence, excerpt } from "./evidence";

export function scriptShapesHit<K extends string>(
  scripts: readonly ScriptFact[],
  shapesOf: (s: ScriptFact) => readonly ScriptShape<K>[],
  kindText: Record<K, string>,
  opts: { minKinds: number; label: string },
): RuleHit | null {
  const hits = scripts.filter((s) => shapesOf(s).length >= opts.minKinds);
  if (!hits.length) return null;
  const kinds = new Set(hits.flatMap((s) => shapesOf(s).map((p) => kindText[p.kind])));
  return {
    evidence: hits.map((s) =>
      evidence({
        objectRef: s.objectRef,
        path: s.path,
        excerpt: excerpt(
          shapesOf(s)
            .map((p) => `${p.kind}: ${p.excerpt}`)
            .join(" | "),
          200,
        ),
      }),
    ),
    detail: `${opts.label}: ${[...kinds].join("; ")}.`,
  };
}
