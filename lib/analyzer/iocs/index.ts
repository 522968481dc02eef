// Indicator-of-compromise extraction: scan decoded text, collect, normalise, defang.
export { IocCollector, MAX_SOURCES_PER_IOC, type IocType } from "./collector";
export { defang, refang } from "./defang";
export { extractIndicators } from "./extract-indicators";
export { IOC_SOURCE_KINDS, type IocSource, type IocSourceKind } from "./ioc-source";
export { NAMESPACE_HOSTS, isNamespaceHost } from "./namespace-hosts";
export { normalizeDomain } from "./normalize-domain";
export { normalizeEmail } from "./normalize-email";
export { canonicalizeIpv6, formatIpv6Groups, normalizeIp, parseIpv6Groups } from "./normalize-ip";
export { MAX_UNC_CHARS, normalizeUnc } from "./normalize-unc";
export { MAX_URL_CHARS, URL_SCHEMES, normalizeUrl } from "./normalize-url";
