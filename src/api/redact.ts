// Keeps the token out of everything the client lets escape: error messages, causes, debug lines.
import { removeInvisible } from '../text/safety.ts';

export type Redactor = (text: string) => string;

const MASK = '***';
/** A server may quote part of a token ("token ghp_Q7xT2m… is invalid"): any piece this long is masked. */
const PIECE = 8;

export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    needles.add(secret);
    needles.add(encodeURIComponent(secret));
  }
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  return (text) => {
    // Zero-width characters between a token's characters would hide it from the search and not from a
    // reader: they go first (the messages the client shows are neutralised, which removes them anyway).
    let out = removeInvisible(text);
    for (const needle of ordered) out = maskPieces(out.split(needle).join(MASK), needle);
    return out
      .replace(/(\bbearer\s+)[^\s"',;]+/gi, `$1${MASK}`)
      .replace(/([?&](?:access_)?token=)[^&#\s"']*/gi, `$1${MASK}`);
  };
}

/** Masks every run of PIECE or more characters of `text` that also stands in `secret`. */
function maskPieces(text: string, secret: string): string {
  if (secret.length < PIECE || text.length < PIECE) return text;
  const windows = new Set<string>();
  for (let at = 0; at + PIECE <= secret.length; at++) windows.add(secret.slice(at, at + PIECE));
  let out = '';
  let at = 0;
  while (at < text.length) {
    if (!windows.has(text.slice(at, at + PIECE))) {
      out += text[at];
      at += 1;
      continue;
    }
    let end = at + PIECE;
    while (end < text.length && windows.has(text.slice(end - PIECE + 1, end + 1))) end += 1;
    out += MASK;
    at = end;
  }
  return out;
}

/**
 * A copy of a thrown value that is safe to attach as `cause`: name, code and redacted message
 * only, never the original object (which may hold request options and headers).
 */
export function sanitizeCause(value: unknown, redact: Redactor, depth = 0): Error {
  if (!(value instanceof Error)) return new Error(redact(String(value)));
  const inner =
    depth < 2 && value.cause !== undefined ? sanitizeCause(value.cause, redact, depth + 1) : undefined;
  const copy = new Error(redact(value.message), inner ? { cause: inner } : undefined);
  copy.name = value.name;
  const code = (value as { code?: unknown }).code;
  if (typeof code === 'string') (copy as Error & { code?: string }).code = code;
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}
