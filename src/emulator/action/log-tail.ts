import { readFileSync } from 'node:fs';

/** The last lines of the emulator's log file, for an error message or the post step's log. */
export function logTail(path: string, lines = 20): string {
  try {
    const text = readFileSync(path, 'utf8').trimEnd();
    return text === '' ? '(empty)' : text.split('\n').slice(-lines).join('\n');
  } catch {
    return '(unreadable)';
  }
}
