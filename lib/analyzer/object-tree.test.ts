// The object tree of the report: evidence paths merged into the paths from the catalog.
import { describe, expect, it } from "vitest";
import { buildObjectTree, UNREACHED_KEY, type ObjectTreeNode } from "./object-tree";
import type { Evidence, Finding } from "./report";

const finding = (ruleId: string, evidence: Evidence[], severity: Finding["severity"] = "high"): Finding => ({
  id: ruleId,
  ruleId,
  title: `title of ${ruleId}`,
  description: "",
  category: "c",
  severity,
  confidence: "high",
  stage: "fast",
  weight: 10,
  evidence,
  attack: [],
  cve: [],
  mitigationIds: [],
});

/** "Root > OpenAction" lines of every node, for compact expectations */
const outline = (nodes: ObjectTreeNode[], depth = 0): string[] =>
  nodes.flatMap((n) => [
    `${"  ".repeat(depth)}${n.key}${n.findings.length ? ` [${n.findings.map((f) => `${f.ruleId} ${f.objectRefs.join(",")}`).join("; ")}]` : ""}${n.scripts.length ? ` {scripts ${n.scripts.join(",")}}` : ""}`,
    ...outline(n.children, depth + 1),
  ]);

describe("buildObjectTree", () => {
  it("merges paths from the catalog: OpenAction, page -> annotation -> action, Names -> EmbeddedFiles -> file", () => {
    const tree = buildObjectTree(
      [
        finding("javascript-auto-run", [{ objectRef: "2 0 R", path: "/Root/OpenAction" }]),
        finding(
          "javascript-present",
          [
            { objectRef: "2 0 R", path: "/Root/OpenAction" },
            { objectRef: "9 0 R", path: "/Root/Pages[10]/Annots[0]/A" },
          ],
          "low",
        ),
        finding("uri-suspicious", [{ objectRef: "7 0 R", path: "/Root/Pages[2]/Annots[1]/A" }]),
        finding(
          "embedded-executable",
          [{ objectRef: "4 0 R", path: "/Root/Names/EmbeddedFiles/Names[1]/EF/F" }],
          "critical",
        ),
      ],
      [{ location: { objectRef: "2 0 R", path: "/Root/OpenAction" } }],
    );
    expect(outline(tree)).toEqual([
      "Root",
      "  Names",
      "    EmbeddedFiles",
      "      Names[1]",
      "        EF",
      "          F [embedded-executable 4 0 R]",
      "  OpenAction [javascript-auto-run 2 0 R; javascript-present 2 0 R] {scripts 0}",
      "  Pages[2]",
      "    Annots[1]",
      "      A [uri-suspicious 7 0 R]",
      "  Pages[10]",
      "    Annots[0]",
      "      A [javascript-present 9 0 R]",
    ]);
    expect(tree[0].children[1].path).toBe("/Root/OpenAction");
  });

  it("lists a finding once per node with each object it names", () => {
    const tree = buildObjectTree([
      finding("launch", [
        { objectRef: "3 0 R", path: "/Root/OpenAction" },
        { objectRef: "5 0 R", path: "/Root/OpenAction" },
        { objectRef: "3 0 R", path: "/Root/OpenAction" },
      ]),
    ]);
    expect(tree[0].children[0].findings).toEqual([
      { ruleId: "launch", title: "title of launch", severity: "high", objectRefs: ["3 0 R", "5 0 R"] },
    ]);
  });

  it.each([
    {
      name: "an object-ref path (unreferenced action)",
      evidence: { objectRef: "12 0 R", path: "12 0 R" },
      expected: [UNREACHED_KEY, "  12 0 R [r 12 0 R]"],
    },
    {
      name: "an object without a path",
      evidence: { objectRef: "5 0 R" },
      expected: [UNREACHED_KEY, "  5 0 R [r 5 0 R]"],
    },
    { name: "a trailer key", evidence: { path: "/Encrypt" }, expected: ["Encrypt [r ]"] },
    { name: "evidence naming nothing", evidence: { offset: 10, excerpt: "x" }, expected: [] },
  ])("places $name", ({ evidence, expected }) => {
    expect(outline(buildObjectTree([finding("r", [evidence])]))).toEqual(expected);
  });

  it("puts the catalog first and unreached objects last", () => {
    const tree = buildObjectTree([
      finding("a", [{ objectRef: "1 0 R" }]),
      finding("b", [{ path: "/Encrypt" }]),
      finding("c", [{ path: "/Root/AA/WC" }]),
    ]);
    expect(tree.map((n) => n.key)).toEqual(["Root", "Encrypt", UNREACHED_KEY]);
  });
});
