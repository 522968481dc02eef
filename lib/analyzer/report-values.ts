// The values of the public contract (report.ts): versions and enumerations. Apart from the zod
// schemas so that the analyzer core can read them without loading zod and building every schema,
// ~25 ms of each process or worker thread that analyses (a CLI run over a folder, a pool thread).
export const SCHEMA_VERSION = "1.0";
export const ENGINE_VERSION = "0.1.0";

export const VERDICTS = ["malicious", "suspicious", "benign", "unknown"] as const;
export const SEVERITIES = ["info", "low", "medium", "high", "critical"] as const;
export const CONFIDENCES = ["low", "medium", "high"] as const;
export const STAGES = ["fast", "advanced"] as const;
export const IOC_TYPES = ["url", "ip", "email", "domain", "unc"] as const;
