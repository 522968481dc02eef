// A PostScript calculator function that overflows the operand stack (lib/analyzer/facts/calculator-functions.ts):
// the language has no loops, so no honest program comes near the 100-entry limit; one that doubles its
// stack with `copy` is written to exhaust a reader that evaluates it without the check (PDF101's D1).
import { evidence } from "./evidence";
import { CALCULATOR_STACK_LIMIT } from "../facts/calculator-functions";
import { defineRule } from "./rule";

export const calculatorStackExhaustion = defineRule({
  id: "calculator-stack-exhaustion",
  title: "Calculator function that overflows its stack",
  description: `A PostScript calculator function (FunctionType 4: a colour tint transform or a shading's colours) whose program pushes more than the ${CALCULATOR_STACK_LIMIT} operand-stack entries the PDF specification allows (ISO 32000-1 Annex C), typically by doubling the stack with \`copy\`. The calculator language has no loops, so its stack use is fixed by the program's text, and a real tint transform needs a handful of entries. A reader that evaluates the function without the limit (once per pixel of a shading) runs out of memory or time: a denial-of-service document. Checked readers (pdf.js, Acrobat) stop with an error instead of drawing.`,
  category: "structure",
  severity: "medium",
  weight: 30,
  attack: ["T1499"],
  mitigations: ["update_reader", "sanitize_with_cdr", "open_in_protected_view"],
  confidence: "high",
  check({ calculatorOverflows }) {
    if (!calculatorOverflows.length) return null;
    return {
      evidence: calculatorOverflows.map((f) =>
        evidence({
          objectRef: f.objectRef,
          excerpt: `\`${f.operator}\` takes the stack to ${f.depth} entries: ${f.excerpt}`,
        }),
      ),
    };
  },
});
