// Which server the client commands talk to, and with which API key. Each setting comes from the
// first of: the command's flag (--url, --api-key), the environment (PDFSCAN_URL, PDFSCAN_API_KEY),
// the config file ($XDG_CONFIG_HOME/pdfscan/config.json, else ~/.config/pdfscan/config.json:
// {"url": "...", "apiKey": "..."}), then the default URL of `npm start`.
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CliError } from "../cli-error";

export const DEFAULT_SERVER_URL = "http://127.0.0.1:3000";

export interface ServerTarget {
  /** origin (and optional base path) of the server, without a trailing slash */
  url: string;
  apiKey?: string;
}

export interface ServerFlags {
  url?: string;
  apiKey?: string;
}

interface ConfigFile {
  url?: string;
  apiKey?: string;
}

export function configFilePath(env: NodeJS.ProcessEnv): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "pdfscan", "config.json");
}

function readConfigFile(file: string): ConfigFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new CliError(`cannot read ${file}: ${(error as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("not a JSON object");
    const { url, apiKey } = parsed as Record<string, unknown>;
    return { url: typeof url === "string" ? url : undefined, apiKey: typeof apiKey === "string" ? apiKey : undefined };
  } catch (error) {
    throw new CliError(`${file} is not valid: ${(error as Error).message} (expected {"url": "...", "apiKey": "..."})`);
  }
}

/** flags > environment > config file > default; an empty value counts as unset. */
export function resolveServerTarget(flags: ServerFlags, env: NodeJS.ProcessEnv): ServerTarget {
  const file = readConfigFile(configFilePath(env));
  const url = flags.url || env.PDFSCAN_URL || file.url || DEFAULT_SERVER_URL;
  const apiKey = flags.apiKey || env.PDFSCAN_API_KEY || file.apiKey || undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new CliError(`invalid server URL ${JSON.stringify(url)}: use e.g. ${DEFAULT_SERVER_URL}`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new CliError(`invalid server URL ${JSON.stringify(url)}: http or https only`);
  return { url: parsed.href.replace(/\/+$/, ""), apiKey };
}
