import type { ReentrancyKind } from "../javascript/reentrancy";
import { defineRule } from "./rule";
import { scriptShapesHit } from "./script-shapes";

const KIND_TEXT: Record<ReentrancyKind, string> = {
  accessor: "a getter, setter or property redefined on an object (__defineGetter__, Object.defineProperty)",
  proxy: "a Proxy whose traps run on every access",
  "prototype-swap": "a prototype swapped under an object",
  "conversion-override": "valueOf replaced by a function",
  "action-frees": "a field action set by script that deletes pages, fields or the document",
};

export const javascriptReentrancyTrigger = defineRule({
  id: "javascript-reentrancy-trigger",
  title: "JavaScript makes the reader call back into it mid-work (use-after-free trigger)",
  description:
    "A script that touches the reader's objects installs getters or setters on an object (__defineGetter__, Object.defineProperty), wraps one in a Proxy, swaps its prototype or replaces its valueOf, or sets a field action (field.setAction) whose code deletes pages, fields or the document. A reader API that reads such an object, or formats and calculates such a field, runs the script's code before it is done; that code frees what the reader holds or hands it an object of another type. This re-entrancy is the trigger of the reader use-after-free and type-confusion bugs of 2019-2023 (the public CVE-2023-21608 and CVE-2022-28672 proofs of concept); form scripts use none of it.",
  category: "exploit",
  severity: "high",
  weight: 55,
  attack: ["T1203", "T1059.007"],
  mitigations: ["do_not_open", "update_reader", "disable_reader_javascript"],
  check({ scripts }) {
    return scriptShapesHit(scripts, (s) => s.signals.reentrancy, KIND_TEXT, { minKinds: 1, label: "Shapes" });
  },
});
