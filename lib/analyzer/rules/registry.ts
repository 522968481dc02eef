// The one list of rules. Report, UI, CLI (`pdfscan rules`) and the docs read it; a test checks that
// every rule has a unique id, a fixture that fires it, and a mitigation that exists.
import { antivirusTestSignature } from "./antivirus-test-signature";
import { automaticAction } from "./automatic-action";
import { cooltypeSing } from "./cooltype-sing";
import { embeddedActiveContent } from "./embedded-active-content";
import { embeddedExecutable } from "./embedded-executable";
import { officeDocumentPolyglot } from "./office-document-polyglot";
import { hiddenPayload } from "./hidden-payload";
import { lurePasteAndRun } from "./lure-paste-and-run";
import { embeddedFile } from "./embedded-file";
import { embeddedFlash } from "./embedded-flash";
import { clearActionsInEncryptedDocument, encryptedDocument, encryptionHidesActiveContent } from "./encryption";
import {
  calculatorCodeInjection,
  colorsOverflow,
  fontMatrixInjection,
  jbig2Stream,
  richMedia,
} from "./exploit-streams";
import { decompressionBomb } from "./decompression-bomb";
import { denialOfServiceLoop } from "./denial-of-service-loop";
import { calculatorStackExhaustion } from "./calculator-stack-exhaustion";
import { webViewerScriptInjection } from "./web-viewer-script-injection";
import { metadataExternalEntity, serverCodeInjection, serverLookupInjection } from "./processor-injection";
import { uriRunsLocalProgram } from "./uri-runs-local-program";
import { textFieldOverflow } from "./text-field-overflow";
import { exploitJpegHuffman } from "./exploit-jpeg-huffman";
import { highEntropyOutsideStreams } from "./high-entropy-gap";
import { javascriptAutoRun } from "./javascript-auto-run";
import { javascriptExploitApi } from "./javascript-exploit-api";
import { javascriptHeapSpray } from "./javascript-heap-spray";
import { javascriptMemoryPrimitives } from "./javascript-memory-primitives";
import { javascriptReentrancyTrigger } from "./javascript-reentrancy-trigger";
import { javascriptLaunchesAttachment } from "./javascript-launches-attachment";
import { javascriptCallbackOnOpen } from "./javascript-callback-on-open";
import { javascriptLocalFileExfiltration } from "./javascript-local-file-exfiltration";
import { javascriptFileWrite } from "./javascript-file-write";
import { javascriptDropsRunnableFile } from "./javascript-drops-runnable-file";
import { javascriptNetworkApi } from "./javascript-network-api";
import { javascriptObfuscation } from "./javascript-obfuscation";
import { javascriptPresent } from "./javascript-present";
import { javascriptResourceExhaustion } from "./javascript-resource-exhaustion";
import { javascriptShellcode } from "./javascript-shellcode";
import { launchAction } from "./launch-action";
import { launchCommand } from "./launch-command";
import { launchOpensDocumentOnClick } from "./launch-opens-document-on-click";
import { scriptIsFormAutomation } from "./script-is-form-automation";
import { nameObfuscation } from "./name-obfuscation";
import { hiddenActiveKeyword } from "./hidden-active-keyword";
import { remoteFileTarget } from "./remote-file-target";
import { remoteGoto } from "./remote-goto";
import type { Rule } from "./rule";
import { embeddedArchiveWithExecutable } from "./embedded-archive-executable";
import { embeddedNestedPdfMalicious, embeddedNestedPdfSuspicious } from "./embedded-nested-pdf";
import { portfolioDocument } from "./embedded-portfolio";
import { embeddedScriptContent } from "./embedded-script-content";
import { embeddedTypeMismatch } from "./embedded-type-mismatch";
import { exploitBmpRle } from "./exploit-bmp-rle";
import { exploitFlash, richMediaFlashAsset } from "./exploit-flash";
import { exploitJbig2 } from "./exploit-jbig2";
import { exploitType1FontCode } from "./exploit-type1-font";
import { exploitU3dPrc } from "./exploit-u3d-prc";
import { javascriptAcrobatExploitCve } from "./javascript-acrobat-exploit-cve";
import { javascriptDeobfuscatedHeapSpray } from "./javascript-deobfuscated-heap-spray";
import { javascriptDeobfuscatedShellcode } from "./javascript-deobfuscated-shellcode";
import { javascriptDynamicCode } from "./javascript-dynamic-code";
import { javascriptEmulationLimit } from "./javascript-emulation-limit";
import { javascriptObfuscatedEmulationFailed } from "./javascript-obfuscated-emulation-failed";
import { javascriptNetworkOrLaunch } from "./javascript-network-or-launch";
import { lureCallbackPhone } from "./lure-callback-phone";
import { duplicateActionKey } from "./duplicate-action-key";
import { lureFakeProtectedDocument } from "./lure-fake-protected-document";
import { lureHostedLink } from "./lure-hosted-link";
import { lureImageDownloadLink } from "./lure-image-download-link";
import { lureLinkDominantPage } from "./lure-link-dominant-page";
import { lureLoginForm } from "./lure-login-form";
import { lureQrCode, lureQrCodeSuspiciousUrl } from "./lure-qr-code";
import { parserDifferential } from "./parser-differential";
import { yaraMatch } from "./yara-match";
import {
  dataAfterEof,
  headerNotAtStart,
  malformedStructure,
  manyRevisions,
  objectsOutsideXref,
} from "./structure-anomalies";
import { submitForm } from "./submit-form";
import { suspiciousLink } from "./suspicious-link";
import { mediaAutoActivation } from "./media-auto-activation";
import { modifiedAfterSignature } from "./modified-after-signature";
import { signatureDoesNotCoverFile } from "./signature-does-not-cover-file";
import { unverifiableSignature } from "./unverifiable-signature";
import { signedDocumentRewrittenOnOpen } from "./signed-document-rewritten-on-open";
import { payloadInTextField } from "./payload-in-text-field";
import { phishingImageDownloadLink } from "./phishing-image-download-link";
import { phishingImageHostedLink } from "./phishing-image-hosted-link";
import { phishingImageLoginLink } from "./phishing-image-login-link";
import { phishingLinkOverlay } from "./phishing-link-overlay";
import { phishingUrlPattern } from "./phishing-url-pattern";
import { xdpWrapper } from "./xdp-wrapper";
import { xfaForm, xfaTiffExploit } from "./xfa";
import { xfaCallbackOnOpen } from "./xfa-callback-on-open";
import { xfaExternalCallback } from "./xfa-external-callback";

export const RULES: readonly Rule[] = [
  javascriptPresent,
  javascriptAutoRun,
  javascriptObfuscation,
  javascriptShellcode,
  javascriptHeapSpray,
  javascriptMemoryPrimitives,
  javascriptReentrancyTrigger,
  javascriptExploitApi,
  javascriptLaunchesAttachment,
  javascriptNetworkApi,
  javascriptCallbackOnOpen,
  javascriptLocalFileExfiltration,
  javascriptFileWrite,
  javascriptDropsRunnableFile,
  launchAction,
  launchCommand,
  automaticAction,
  remoteFileTarget,
  submitForm,
  remoteGoto,
  suspiciousLink,
  embeddedFile,
  embeddedExecutable,
  officeDocumentPolyglot,
  hiddenPayload,
  embeddedActiveContent,
  embeddedFlash,
  nameObfuscation,
  hiddenActiveKeyword,
  decompressionBomb,
  denialOfServiceLoop,
  calculatorStackExhaustion,
  webViewerScriptInjection,
  serverLookupInjection,
  serverCodeInjection,
  metadataExternalEntity,
  uriRunsLocalProgram,
  textFieldOverflow,
  exploitJpegHuffman,
  javascriptResourceExhaustion,
  malformedStructure,
  headerNotAtStart,
  dataAfterEof,
  objectsOutsideXref,
  manyRevisions,
  modifiedAfterSignature,
  signatureDoesNotCoverFile,
  unverifiableSignature,
  signedDocumentRewrittenOnOpen,
  highEntropyOutsideStreams,
  encryptedDocument,
  encryptionHidesActiveContent,
  clearActionsInEncryptedDocument,
  xfaForm,
  xfaTiffExploit,
  xfaExternalCallback,
  xfaCallbackOnOpen,
  fontMatrixInjection,
  calculatorCodeInjection,
  colorsOverflow,
  richMedia,
  jbig2Stream,
  cooltypeSing,
  xdpWrapper,
  payloadInTextField,
  mediaAutoActivation,
  phishingUrlPattern,
  phishingLinkOverlay,
  phishingImageDownloadLink,
  phishingImageLoginLink,
  phishingImageHostedLink,
  exploitBmpRle,
  exploitJbig2,
  exploitU3dPrc,
  exploitType1FontCode,
  exploitFlash,
  richMediaFlashAsset,
  antivirusTestSignature,
  lureCallbackPhone,
  lurePasteAndRun,
  duplicateActionKey,
  // benign explanations (role "explanation"): they lift the floor of the techniques that name them
  scriptIsFormAutomation,
  launchOpensDocumentOnClick,
  // advanced stage: read facts only the deep analysis gathers (sandbox, rendering, nested files, YARA)
  javascriptAcrobatExploitCve,
  javascriptDeobfuscatedShellcode,
  javascriptDeobfuscatedHeapSpray,
  javascriptDynamicCode,
  javascriptNetworkOrLaunch,
  javascriptEmulationLimit,
  javascriptObfuscatedEmulationFailed,
  embeddedNestedPdfMalicious,
  embeddedNestedPdfSuspicious,
  embeddedArchiveWithExecutable,
  embeddedTypeMismatch,
  embeddedScriptContent,
  portfolioDocument,
  yaraMatch,
  lureQrCode,
  lureQrCodeSuspiciousUrl,
  lureFakeProtectedDocument,
  lureLinkDominantPage,
  lureImageDownloadLink,
  lureHostedLink,
  lureLoginForm,
  parserDifferential,
];

export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((r) => [r.id, r]));
