// What a command needs from the process, passed in so commands stay free of globals.

export interface OutputStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
}

export interface CliContext {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  /** the worst exit code so far; commands raise it with worstExitCode */
  exitCode: number;
}

export function processContext(): CliContext {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, exitCode: 0 };
}
