// Where the CLI writes and what it knows about its surroundings; a plain object so that tests can capture it.

export interface OutputStream {
  write(text: string): void;
  /** A terminal: the progress line may rewrite itself. */
  isTTY: boolean;
  /** Width of the terminal, when known. */
  columns?: number;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  /** Resolves relative paths (`--env-vars-file`). */
  cwd: string;
}

export function processIo(): CliIo {
  const stream = (target: NodeJS.WriteStream): OutputStream => ({
    write: (text) => void target.write(text),
    isTTY: target.isTTY === true,
    get columns() {
      return target.isTTY ? target.columns : undefined;
    },
  });
  return {
    stdout: stream(process.stdout),
    stderr: stream(process.stderr),
    env: process.env,
    cwd: process.cwd(),
  };
}
