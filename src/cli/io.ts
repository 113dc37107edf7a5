// Where the CLI writes and what it knows about its surroundings; a plain object so that tests can capture it.
import { drained } from '../runtime/drained.ts';

export interface OutputStream {
  write(text: string): void;
  /** Resolves once what was written has gone out. */
  drained?(): Promise<void>;
  /** A terminal: the progress line may rewrite itself. */
  isTTY: boolean;
  /** Width of the terminal, when known. */
  columns?: number;
}

export interface CliIo {
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  /** Resolves relative paths (`--env-vars-file`, `--token-file`). */
  cwd: string;
  /** All of standard input as text (`--token-file -`). */
  readStdin(): Promise<string>;
}

export function processIo(): CliIo {
  const stream = (target: NodeJS.WriteStream): OutputStream => ({
    write: (text) => void target.write(text),
    drained: () => drained(target),
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
    readStdin: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks).toString('utf8');
    },
  };
}

/**
 * Inside a GitHub Actions step, where the runner reads every line of stdout and stderr for workflow commands:
 * remote text blocks are then fenced the way the action fences them.
 */
export function inGitHubActions(io: Pick<CliIo, 'env'>): boolean {
  return io.env.GITHUB_ACTIONS === 'true';
}
