// Follows what a child process prints: its stdout so far, a wait for a pattern, and its end.
import type { ChildProcess } from 'node:child_process';

interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ChildOutput {
  /** What stdout has printed so far. */
  stdout(): string;
  /** Resolves once stdout has printed something matching `pattern`; rejects if the process ends first. */
  waitFor(pattern: RegExp): Promise<void>;
  /** Resolves once the process has exited and its output has been read. */
  exit: Promise<ChildExit>;
}

/** `name` says in errors which process ended too early (`the CLI`, `the action`). */
export function followOutput(child: ChildProcess, name: string): ChildOutput {
  let stdout = '';
  let stderr = '';
  const waiters: Array<{ pattern: RegExp; resolve: () => void }> = [];
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
    for (const waiter of [...waiters]) {
      if (!waiter.pattern.test(stdout)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exit = new Promise<ChildExit>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return {
    stdout: () => stdout,
    exit,
    waitFor(pattern) {
      if (pattern.test(stdout)) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        waiters.push({ pattern, resolve });
        void exit.then(() =>
          reject(new Error(`${name} ended before printing ${pattern}:\n${stdout}\n${stderr}`)),
        );
      });
    },
  };
}
