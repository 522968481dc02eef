// Optional YARA engine (YARA-X through @litko/yara-x): compile once, scan raw and decoded content.
export { collectYaraTargets } from "./collect-yara-targets";
export {
  bundledYaraRulesDir,
  createYaraScanner,
  loadYaraScanner,
  type YaraRuleFileError,
  type YaraScanFn,
  type YaraScannerLoad,
  type YaraScannerOptions,
  type YaraScanReport,
  type YaraScanTarget,
} from "./create-yara-scanner";
