// npm run lint (run by npm test). Flat config (ESLint 10):
// - the floors of ../shared/style.md ("imports point down only"): app/ and the CLI -> lib/server ->
//   lib/engines -> lib/analyzer -> lib/pdf, with lib/limits.ts, lib/hex-dump.ts and lib/zip/ below them
//   all (import-x/no-restricted-paths, one zone per floor, built from FLOORS);
// - lib/analyzer's two faces: code outside it imports lib/analyzer/index.ts (node side) or the report
//   contract (REPORT_FACE, the pure modules the browser bundle may hold), nothing deeper; app/ only
//   the report contract; and lib/analyzer never imports its own index;
// - lib/analyzer's folders as layers (ANALYZER_LAYERS): consumers of facts -> the facts hub -> readers
//   of scripts, pages and attachments -> PDF content, indicators and text;
// - lib/server/domain (the scan's state machine and retention modes) imports nothing of the service;
// - no import cycle in production code (import-x/no-cycle);
// - the analyzer core takes bytes and returns data: no I/O modules, no Next or React, no environment;
// - type-aware checks for the promise mistakes a service cannot afford (a floating or misused promise
//   loses an error or a response).
// Tests, test support and scripts may cross floors (a test of the analyzer runs a real engine); the
// production code they test may not.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

/** The floors, highest first: a file may import its own floor's files and any floor below. */
const FLOORS = [
  { name: "clients", paths: ["app", "proxy.ts", "instrumentation.ts", "lib/cli", "bin"] },
  { name: "server", paths: ["lib/server"] },
  { name: "engines", paths: ["lib/engines"] },
  { name: "analyzer", paths: ["lib/analyzer"] },
  { name: "pdf", paths: ["lib/pdf"] },
  { name: "shared", paths: ["lib/limits.ts", "lib/hex-dump.ts", "lib/zip"] },
];

/** Test code and test support: they may reach any floor. */
const TEST_FILES = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "**/testing/**",
  "test/**",
  "e2e/**",
  "scripts/**",
  "playwright.config.ts",
  "vitest.config.*",
];

/**
 * The analyzer's report contract, its face for the browser: the result schemas and the pure helpers
 * the web UI renders them with. Imported one by one, not through a barrel, so that an analysis that
 * needs report-values.ts does not load zod with report.ts. REPORT_DEPS: what they import themselves.
 */
const REPORT_FACE = [
  "report.ts",
  "report-values.ts",
  "explain-score.ts",
  "mitigations.ts",
  "iocs/defang.ts",
  "object-tree.ts",
  "own-entry.ts",
  "javascript/escaped-bytes.ts",
];
const REPORT_DEPS = ["techniques/catalogue.ts", "techniques/technique.ts"];
const REPORT_FILES = [...REPORT_FACE, ...REPORT_DEPS];

const floorZones = FLOORS.flatMap((floor, i) =>
  FLOORS.slice(0, i).map((above) => ({
    target: floor.paths.map((p) => `./${p}`),
    from: above.paths.map((p) => `./${p}`),
    except: [],
    message: `the ${floor.name} floor imports only its own floor and those below it (${FLOORS.slice(i)
      .map((f) => f.name)
      .join(", ")})`,
  })),
);
// the two clients stand side by side: the web app and the CLI share code through lib/server and below
floorZones.push(
  {
    target: ["./app"],
    from: ["./lib/cli", "./bin"],
    except: [],
    message: "the web app and the CLI share code only through the floors below them",
  },
  {
    target: ["./lib/cli", "./bin"],
    from: ["./app"],
    except: [],
    message: "the web app and the CLI share code only through the floors below them",
  },
);
// the analyzer's two faces: its index for node-side callers, its report contract for all of them
const ANALYZER_CALLERS = ["proxy.ts", "instrumentation.ts", "lib/cli", "bin", "lib/server", "lib/engines"];
const FACE_MESSAGE =
  "import the analyzer through lib/analyzer/index.ts or its report contract (REPORT_FACE in eslint.config.mjs), not its internals";
floorZones.push(
  {
    target: ANALYZER_CALLERS.map((p) => `./${p}`),
    from: ["./lib/analyzer"],
    except: ["./index.ts", ...REPORT_FACE.map((f) => `./${f}`)],
    message: FACE_MESSAGE,
  },
  {
    target: ["./app"],
    from: ["./lib/analyzer"],
    except: REPORT_FACE.map((f) => `./${f}`),
    message:
      "app/ is bundled for the browser: import only the analyzer's report contract (REPORT_FACE in eslint.config.mjs)",
  },
  {
    target: ["./lib/analyzer"],
    from: ["./lib/analyzer/index.ts"],
    except: [],
    message: "lib/analyzer imports its own modules: its index is for callers outside (and would make cycles)",
  },
  {
    target: REPORT_FILES.map((f) => `./lib/analyzer/${f}`),
    from: ["./lib/analyzer", "./lib/pdf"],
    except: REPORT_FILES.map((f) => `./${f}`),
    message: "the report contract goes to the browser: it imports only itself (REPORT_FILES), lib/limits.ts and zod",
  },
);

// lib/analyzer's own layers, highest first (folders; its root holds the stage entry, analyze.ts, and the
// report contract, each kept by the zones above): what reads the facts (rules and the model, the
// advanced stage, disarm), the facts hub that gathers them once, the readers of scripts, pages,
// attachments and metadata that the hub composes, and below them all the reading of PDF content,
// indicators and text. A folder imports its own layer's folders and those below, never above.
const ANALYZER_LAYERS = [
  { name: "consumers", folders: ["rules", "model", "techniques", "deep", "disarm"] },
  { name: "facts", folders: ["facts"] },
  { name: "readers", folders: ["javascript", "pages", "embedded", "metadata"] },
  { name: "content", folders: ["content", "iocs", "text"] },
];
for (const [i, layer] of ANALYZER_LAYERS.entries()) {
  for (const above of ANALYZER_LAYERS.slice(0, i)) {
    floorZones.push({
      target: layer.folders.map((f) => `./lib/analyzer/${f}`),
      from: above.folders.map((f) => `./lib/analyzer/${f}`),
      except: [],
      message: `lib/analyzer's ${layer.name} layer imports only its own layer and those below it (${ANALYZER_LAYERS.slice(
        i,
      )
        .map((l) => l.name)
        .join(", ")}; eslint.config.mjs ANALYZER_LAYERS)`,
    });
  }
}

// the scan's domain (state machine, stages, retention modes) is what the rest of lib/server agrees on:
// it depends on none of it (db/, queue/ and scans/ read it, never the other way)
floorZones.push({
  target: ["./lib/server/domain"],
  from: ["./lib/server", "./lib/engines", "./lib/analyzer", "./lib/pdf"],
  except: ["./domain"],
  message: "lib/server/domain is the scan's state machine and retention: it imports nothing of the service",
});

const CORE_MESSAGE =
  "the analyzer core takes bytes and returns data: I/O and frameworks belong to lib/engines and above";
const CORE_FILES = ["lib/analyzer/**/*.ts", "lib/pdf/**/*.ts", "lib/limits.ts"];
const IO_MODULES = ["fs", "fs/promises", "child_process", "http", "https", "worker_threads", "cluster", "dgram", "dns"];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      "dist/**",
      "next-env.d.ts",
      "public/**",
      "test-results/**",
      "playwright-report/**",
      "coverage/**",
      "data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "import-x": importX },
    settings: {
      // import-x's TypeScript preset (which parser reads .ts files, which extensions resolve), with the
      // TypeScript resolver: without them no-cycle cannot follow an extensionless import
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // TypeScript checks these itself (undefined names, redeclared overloads)
      "no-undef": "off",
      // binary formats are matched by design: a NUL or an escape in a pattern is the point, not a slip
      "no-control-regex": "off",
      // `cond && act()` and `a ? f() : g()` as statements are idioms here, not forgotten results
      "@typescript-eslint/no-unused-expressions": ["error", { allowShortCircuit: true, allowTernary: true }],
      "no-redeclare": "off",
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "import-x/no-restricted-paths": ["error", { zones: floorZones }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-self-import": "error",
    },
  },
  {
    files: CORE_FILES,
    ignores: TEST_FILES,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            ...[...IO_MODULES.flatMap((m) => [m, `node:${m}`]), "next", "react", "react-dom"].map((name) => ({
              name,
              message: CORE_MESSAGE,
            })),
            // node:net's address parsers and BlockList are pure functions of their input; its sockets are not
            ...["net", "node:net"].map((name) => ({
              name,
              allowImportNames: ["isIP", "isIPv4", "isIPv6", "BlockList"],
              message: CORE_MESSAGE,
            })),
          ],
          patterns: [{ group: ["next/*"], message: "the analyzer core knows nothing of Next" }],
        },
      ],
      "no-restricted-properties": [
        "error",
        {
          object: "process",
          property: "env",
          message: "the analyzer core reads no environment: limits and options come in as arguments",
        },
      ],
    },
  },
  {
    // the browser's part of the core: replaces the core's no-restricted-imports with a stricter one
    files: [...REPORT_FILES.map((f) => `lib/analyzer/${f}`), "lib/limits.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\.|zod$)",
              message: "the report contract goes to the browser: no package but zod, no Node module",
            },
          ],
        },
      ],
    },
  },
  {
    files: TEST_FILES,
    rules: {
      "import-x/no-restricted-paths": "off",
      "import-x/no-cycle": "off",
    },
  },
  {
    files: ["**/*.mjs", "**/*.cjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: false },
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
      },
    },
  },
);
