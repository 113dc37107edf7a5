// Finds any part of a secret in what a step left behind. The runner masks only the whole secret, so a
// piece of it (a cut message, a shortened URL) would be printed in clear: no 8-character window of
// the token may appear anywhere.
import { parseRunnerOutput, type ActionResult } from './action-harness.ts';

export const LEAK_TOKEN = 'ghp_Q7xT2mZ9vK4pL8sR1wN6yB3cF5hJ0dA2eG4iU';

export function tokenWindows(text: string, token = LEAK_TOKEN, size = 8): string[] {
  // Read as a person reads it: zero-width and other invisible characters between the token's do not hide it.
  const readable = text.replace(/[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu, '');
  const found = new Set<string>();
  for (let start = 0; start + size <= token.length; start++) {
    const window = token.slice(start, start + size);
    if (readable.includes(window)) found.add(window);
  }
  return [...found];
}

/** Everything a step leaves where people or later steps can read it, as the runner would show it. */
export function visibleTextOf(
  result: Pick<ActionResult, 'stdout' | 'stderr' | 'outputs' | 'state' | 'summary'>,
): string {
  return [
    parseRunnerOutput(result.stdout).log.join('\n'),
    parseRunnerOutput(result.stderr).log.join('\n'),
    JSON.stringify(result.outputs),
    JSON.stringify(result.state),
    result.summary,
  ].join('\n');
}
