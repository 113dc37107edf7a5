// How the bench commands end: an exit code, or an error shown the way it deserves.

/** A bad command line: shown as its message alone, with exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The end of a command's main(): its exit code, or the error shown the way it deserves. */
export function finish(promise: Promise<number>, usage: string): void {
  promise.then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n${usage}`);
        process.exitCode = 2;
        return;
      }
      console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exitCode = 1;
    },
  );
}
