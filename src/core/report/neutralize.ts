// Remote text (step logs, step names, statuses, messages) must never act as a workflow command.
//
// How the runner reads our stdout: line by line, where CR, LF and CRLF all end a line. A line is a command
// when, for any registered command name (compared case-insensitively),
//   - it starts with `::name` once leading whitespace is trimmed (`::error::x`, `::add-mask::x`), or
//   - it contains `##[name` anywhere: the older syntax, still honoured (`text ##[add-mask]x` masks x).
// `::stop-commands::<token>` turns both off until a line names the token as a command (`::<token>::` or
// `##[<token>]`, in any case); so the fenced text must not contain the token, which fenceFor() ensures.
// While commands are off, a command-looking line is printed as it is, and the log viewer draws lines such as
// `##[endgroup]` or `##[error]` itself: `##[` is therefore broken up inside the fence as well, so remote text
// can neither close our group early nor dress up as an error.
//
// The insertions are visible ASCII on purpose: the runner matches `::` and `##[` with culture-sensitive
// .NET string comparison, which skips zero-width and control characters, so an invisible marker would not
// reliably break a match.
import { randomUUID } from 'node:crypto';

export interface CommandFence {
  token: string;
  /** Print before the remote text: from here on the runner ignores commands. */
  start: string;
  /** Print after the remote text: commands work again. */
  end: string;
}

export type TokenSource = () => string;

/** 64 hex digits (244 random bits) from two UUIDs. */
export const randomToken: TokenSource = () => (randomUUID() + randomUUID()).replaceAll('-', '');

// Letters and digits only, and long: such a token can never equal a command name (those are short and
// hyphenated) nor need escaping.
const TOKEN_PATTERN = /^[0-9A-Za-z]{16,}$/;
const MAX_ATTEMPTS = 16;

export function createCommandFence(nextToken: TokenSource = randomToken): CommandFence {
  const token = nextToken();
  if (!TOKEN_PATTERN.test(token)) {
    throw new Error('A stop-commands token must be at least 16 letters or digits.');
  }
  return { token, start: `::stop-commands::${token}`, end: `::${token}::` };
}

/**
 * A fence whose token occurs nowhere in `text` (compared case-insensitively, as the runner does), drawing a
 * new token while it does. With random 64-digit tokens a redraw practically never happens.
 */
export function fenceFor(
  text: string | readonly string[],
  nextToken: TokenSource = randomToken,
): CommandFence {
  const haystack = (typeof text === 'string' ? [text] : text).map((line) => line.toLowerCase());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const fence = createCommandFence(nextToken);
    const needle = fence.token.toLowerCase();
    if (!haystack.some((line) => line.includes(needle))) return fence;
  }
  throw new Error(`Could not draw a stop-commands token absent from the text in ${MAX_ATTEMPTS} attempts.`);
}

/** Breaks up every `##[` (runner command, log-viewer marker) without otherwise changing the line. */
export function defuseLogLine(line: string): string {
  return line.replaceAll('##[', '# #[');
}

/**
 * The lines to print for imported log text: the fence start, each line defused, the fence end. Print each
 * element as one line (core.info); the text may then contain anything, including `::endgroup::`.
 */
export function fenceLogLines(lines: readonly string[], nextToken: TokenSource = randomToken): string[] {
  const body = lines.map(defuseLogLine);
  const fence = fenceFor(body, nextToken);
  return [fence.start, ...body, fence.end];
}

// Everything that may end a line for the runner or for a reader of the log.
const LINE_BREAKS = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;
// Other control characters (tab is kept): terminal escapes and the like have no place in a one-line string.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
// Characters the runner's comparison may skip before `::` (besides whitespace, which it trims), and the
// replacement character that stands for a control character here.
const IGNORABLE_PREFIX = /^[\s\p{Cc}\p{Cf}\uFFFD]*/u;

export interface SanitizeOptions {
  /** Longer text is cut and ends with `…`. Default 1000 UTF-16 code units. */
  maxLength?: number;
}

/**
 * One remote string made safe to print on a single line outside a fence, on its own (core.info) or as a
 * command's data (the title of core.startGroup, which escapes `%` itself). Line breaks become spaces, so the
 * text cannot start a second line (`\n::endgroup::`); other control characters become U+FFFD; `##[` is
 * broken up; a line that would start with `::` gets a visible `› ` in front.
 */
export function sanitizeLine(text: string, options: SanitizeOptions = {}): string {
  const maxLength = options.maxLength ?? 1000;
  let line = text.replace(LINE_BREAKS, ' ').replace(CONTROLS, '\uFFFD');
  if (line.length > maxLength) line = `${cutAt(line, Math.max(0, maxLength - 1))}…`;
  line = defuseLogLine(line);
  if (line.replace(IGNORABLE_PREFIX, '').startsWith('::')) line = `› ${line}`;
  return line;
}

/** The first `length` code units, without splitting a surrogate pair. */
function cutAt(text: string, length: number): string {
  const code = text.charCodeAt(length - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? length - 1 : length);
}
