"use client";
// The paths from the document catalog to each suspicious object (lib/analyzer/object-tree.ts) as
// nested lists: every key on the way, and at the object the findings that name it and its object
// number; scripts of the advanced stage link to their viewer.
import type { Finding, Stage } from "../../lib/analyzer/report";
import { DeepResult } from "../../lib/analyzer/report";
import { buildObjectTree, UNREACHED_KEY, type ObjectTreeNode } from "../../lib/analyzer/object-tree";
import { ownEntry } from "../../lib/analyzer/own-entry";
import { SeverityPill } from "./findings-list";
import { scriptAnchor } from "./scripts-section";
import { Section } from "./section";

/** What a key means, for readers who do not know the PDF object model by heart. */
const KEY_HINTS: Record<string, string> = {
  Root: "document catalog",
  OpenAction: "runs when the document opens",
  AA: "additional actions (triggered by events)",
  A: "action",
  JS: "script",
  JavaScript: "document-level scripts",
  Names: "name tree",
  EmbeddedFiles: "attached files",
  EF: "embedded file streams",
  F: "file",
  FS: "file specification",
  AcroForm: "interactive form",
  XFA: "XFA form",
  Encrypt: "encryption dictionary",
  Collection: "portfolio",
  Next: "next action",
  [UNREACHED_KEY]: "not referenced from the catalog",
};
const INDEXED_HINTS: Record<string, (i: number) => string> = {
  Pages: (i) => `page ${i + 1}`,
  Annots: (i) => `annotation ${i + 1}`,
  Fields: (i) => `form field ${i + 1}`,
  Kids: (i) => `kid ${i + 1}`,
  // a name tree's Names array alternates keys and values: the value at 2k+1 is entry k+1
  Names: (i) => `entry ${Math.ceil(i / 2)}`,
};

function hintOf(key: string): string | undefined {
  // keys are the document's own names: only the tables' own entries count (`/constructor` is a key too)
  const m = /^(\w+)\[(\d+)\]$/.exec(key);
  const indexed = m ? ownEntry(INDEXED_HINTS, m[1]) : undefined;
  if (m && indexed) return indexed(Number(m[2]));
  return ownEntry(KEY_HINTS, key);
}

export function ObjectTreeView({
  findings,
  details,
  stage,
}: {
  findings: Finding[];
  details: Record<string, unknown>;
  stage: Stage;
}) {
  const scripts = stage === "advanced" ? DeepResult.shape.javascript.safeParse(details.javascript) : null;
  const tree = buildObjectTree(findings, scripts?.success ? scripts.data : []);
  if (tree.length === 0) return null;
  return (
    <Section title="Object paths" testId="object-tree">
      <p className="mb-2 text-xs text-slate-600">
        How each suspicious object is reached from the document catalog, with the findings that name it.
      </p>
      <NodeList nodes={tree} label="Paths from the document catalog" />
    </Section>
  );
}

function NodeList({ nodes, label }: { nodes: ObjectTreeNode[]; label?: string }) {
  return (
    <ul className={label ? "text-sm" : "ml-1.5 border-l border-slate-300 pl-2 sm:ml-3 sm:pl-3"} aria-label={label}>
      {nodes.map((n) => (
        <TreeNode key={n.key} node={n} />
      ))}
    </ul>
  );
}

function TreeNode({ node }: { node: ObjectTreeNode }) {
  const hint = hintOf(node.key);
  return (
    <li className="py-0.5" data-testid="object-tree-node" data-path={node.path}>
      <span className="font-mono text-xs font-semibold text-slate-800">
        {node.key === UNREACHED_KEY ? node.key : `/${node.key}`}
      </span>
      {hint && <span className="ml-2 text-xs text-slate-600">{hint}</span>}
      {(node.findings.length > 0 || node.scripts.length > 0) && (
        <ul className="mt-1 mb-1 ml-3 space-y-1 border-l-2 border-amber-400 pl-3" aria-label={`At ${node.path}`}>
          {node.scripts.map((i) => (
            <li key={`s${i}`} className="text-xs" data-testid="object-tree-script">
              <a
                href={`#${scriptAnchor(i + 1)}`}
                className="font-medium text-sky-800 underline-offset-2 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
              >
                JavaScript: script {i + 1}
              </a>
            </li>
          ))}
          {node.findings.map((f) => (
            <li
              key={f.ruleId}
              className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs"
              data-testid="object-tree-finding"
              data-rule-id={f.ruleId}
            >
              <SeverityPill severity={f.severity} />
              <span className="text-slate-800">{f.title}</span>
              <code className="text-slate-600">{f.ruleId}</code>
              {f.objectRefs.length > 0 && (
                <span className="font-mono text-slate-600">obj {f.objectRefs.join(", ")}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      {node.children.length > 0 && <NodeList nodes={node.children} />}
    </li>
  );
}
