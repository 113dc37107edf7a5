// The `::stop-commands::<token>` fence around remote log text. How the runner reads our stdout, and what
// else keeps remote text from acting as a command, is described in safety.ts.

export interface CommandFence {
  token: string;
  /** Print before the remote text: from here on the runner ignores commands. */
  start: string;
  /** Print after the remote text: commands work again. */
  end: string;
}

export type TokenSource = () => string;

/** 64 hex digits (244 random bits) from two UUIDs. */
export const randomToken: TokenSource = () => {
  // node:crypto loads at the first fence rather than at start-up, before the first request.
  const { randomUUID } = process.getBuiltinModule('node:crypto');
  return (randomUUID() + randomUUID()).replaceAll('-', '');
};

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
  const holds = tokenSearch(text);
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const fence = createCommandFence(nextToken);
    if (!holds(fence.token)) return fence;
  }
  throw new Error(`Could not draw a stop-commands token absent from the text in ${MAX_ATTEMPTS} attempts.`);
}

// Besides A–Z, only these lower-case to an ASCII letter (U+0130 to `i` and a combining dot, the Kelvin sign
// to `k`); a case-insensitive pattern does not take them for one.
const LOWERS_TO_ASCII = /[\u0130\u212a]/;

/** Whether a token occurs in the text once lower-cased, as the runner compares. */
function tokenSearch(text: string | readonly string[]): (token: string) => boolean {
  if (typeof text === 'string' && !LOWERS_TO_ASCII.test(text)) {
    // A token is letters and digits: a case-insensitive pattern finds it without a lower-cased copy of a
    // long text (a live log's chunk).
    return (token) => new RegExp(token, 'i').test(text);
  }
  const haystack = (typeof text === 'string' ? [text] : text).map((line) => line.toLowerCase());
  return (token) => {
    const needle = token.toLowerCase();
    return haystack.some((line) => line.includes(needle));
  };
}
