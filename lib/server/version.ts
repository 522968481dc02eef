// The service version reported by GET /health: the package version, one source of truth.
import pkg from "../../package.json";

export const SERVICE_VERSION: string = pkg.version;
