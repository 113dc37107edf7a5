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
  const haystack = (typeof text === 'string' ? [text] : text).map((line) => line.toLowerCase());
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const fence = createCommandFence(nextToken);
    const needle = fence.token.toLowerCase();
    if (!haystack.some((line) => line.includes(needle))) return fence;
  }
  throw new Error(`Could not draw a stop-commands token absent from the text in ${MAX_ATTEMPTS} attempts.`);
}
