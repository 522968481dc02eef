// Deep analysis of attachments: type detection, archive listing, macros, disguise, nested PDFs.
export { analyzeEmbeddedFiles, type EmbeddedContext, type EmbeddedFilesResult, type NestedResult } from "./analyze-embedded-files";
export { detectDisguise, extensionOf, type Disguise } from "./detect-disguise";
export { categoryOf, detectFileType } from "./detect-file-type";
export type { ArchiveListing, DetectedType, EmbeddedAnalysis, EmbeddedCategory, NestedFindingSummary, NestedOutcome } from "./embedded-analysis";
export { collectPortfolio, richMediaAssets, type PortfolioFact } from "./portfolio";
export { readZipDirectory, type ZipDirectory, type ZipEntryName } from "./read-zip-directory";
export { sniffScript, type ScriptLanguage } from "./sniff-script";
