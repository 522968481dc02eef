// npm run docs:rules - writes docs/rules.md from the rule registry and docs/techniques.md from the technique catalogue.
import { writeFileSync } from "node:fs";
import { renderRuleDocs } from "../lib/analyzer/rules/rule-docs";
import { renderTechniqueDocs } from "../lib/analyzer/techniques/technique-docs";

writeFileSync(new URL("../docs/rules.md", import.meta.url), renderRuleDocs());
writeFileSync(new URL("../docs/techniques.md", import.meta.url), renderTechniqueDocs());
console.log("wrote docs/rules.md and docs/techniques.md");
