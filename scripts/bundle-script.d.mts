/** the repository root, as a directory path */
export const REPO_ROOT: string;
/** Bundles `entry` (a path from the repository root) into dist/scripts/ and returns the bundle's path, from the root. */
export function bundleScript(entry: string): Promise<string>;
