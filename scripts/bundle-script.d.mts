/** the repository root, as a directory path */
export const REPO_ROOT: string;
/**
 * Bundles `entry` (a path from the repository root, or an absolute one) into dist/scripts/ (as `name`,
 * by default the entry's name) and returns the bundle's path, from the root.
 */
export function bundleScript(entry: string, name?: string): Promise<string>;
