// npm run docs:rules - writes docs/rules.md from the rule registry.
import { writeFileSync } from "node:fs";
import { renderRuleDocs } from "../lib/analyzer/rules/rule-docs";

writeFileSync(new URL("../docs/rules.md", import.meta.url), renderRuleDocs());
console.log("wrote docs/rules.md");
