// The paths from the document catalog to each suspicious object, as a tree: findings' evidence paths
// ("/Root/OpenAction", "/Root/Pages[0]/Annots[1]/A", "/Root/Names/EmbeddedFiles/Names[1]/EF/F") are
// split into their keys and merged, so the report can show OpenAction -> script, page -> annotation
// -> URI, Names -> EmbeddedFiles -> file. Scripts of the advanced stage hang where their location is.
import type { Finding, JavaScriptEntry, Severity } from "./report";

export interface ObjectTreeFinding {
  ruleId: string;
  title: string;
  severity: Severity;
  /** the objects this finding's evidence names at this node ("12 0 R") */
  objectRefs: string[];
}

export interface ObjectTreeNode {
  /** the path up to and including this key, e.g. "/Root/OpenAction" */
  path: string;
  /** the key (dictionary key, or array entry like "Annots[1]") */
  key: string;
  children: ObjectTreeNode[];
  findings: ObjectTreeFinding[];
  /** indexes into the report's javascript list of the scripts found at this path */
  scripts: number[];
}

/** Parent of evidence that names an object but no path from the catalog (unreferenced objects). */
export const UNREACHED_KEY = "(objects no path reaches)";

type ScriptLocation = Pick<JavaScriptEntry, "location">;

export function buildObjectTree(
  findings: readonly Finding[],
  scripts: readonly ScriptLocation[] = [],
): ObjectTreeNode[] {
  const roots: ObjectTreeNode[] = [];
  const nodeAt = (path: string | undefined, objectRef: string | undefined): ObjectTreeNode | null => {
    const keys = keysOf(path, objectRef);
    if (!keys) return null;
    let level = roots;
    let node: ObjectTreeNode | null = null;
    let sofar = "";
    for (const key of keys) {
      sofar = key === UNREACHED_KEY ? key : `${sofar}/${key}`;
      node = level.find((n) => n.key === key) ?? null;
      if (!node) {
        node = { path: sofar, key, children: [], findings: [], scripts: [] };
        level.push(node);
      }
      level = node.children;
    }
    return node;
  };

  for (const f of findings) {
    for (const e of f.evidence) {
      const node = nodeAt(e.path, e.objectRef);
      if (!node) continue;
      let entry = node.findings.find((x) => x.ruleId === f.ruleId);
      if (!entry) {
        entry = { ruleId: f.ruleId, title: f.title, severity: f.severity, objectRefs: [] };
        node.findings.push(entry);
      }
      if (e.objectRef && !entry.objectRefs.includes(e.objectRef)) entry.objectRefs.push(e.objectRef);
    }
  }
  scripts.forEach((s, i) => nodeAt(s.location.path, s.location.objectRef)?.scripts.push(i));
  sortTree(roots);
  return roots;
}

/**
 * "/Root/Pages[0]/Annots[1]/A" -> ["Root", "Pages[0]", "Annots[1]", "A"]; a path that is not a key
 * path (an object ref like "12 0 R") or no path at all goes under UNREACHED_KEY by its object.
 */
function keysOf(path: string | undefined, objectRef: string | undefined): string[] | null {
  if (path?.startsWith("/")) {
    const keys = path
      .split("/")
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length) return keys;
  }
  const orphan = path?.trim() || objectRef;
  return orphan ? [UNREACHED_KEY, orphan] : null;
}

const byKey = new Intl.Collator("en", { numeric: true });

/** Catalog first, then keys in natural order (Pages[2] before Pages[10]), the unreached group last. */
function sortTree(nodes: ObjectTreeNode[]): void {
  const rank = (n: ObjectTreeNode) => (n.key === "Root" ? 0 : n.key === UNREACHED_KEY ? 2 : 1);
  nodes.sort((a, b) => rank(a) - rank(b) || byKey.compare(a.key, b.key));
  for (const n of nodes) sortTree(n.children);
}
