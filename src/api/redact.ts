// Keeps the token out of everything the client lets escape: error messages, causes, debug lines.

export type Redactor = (text: string) => string;

const MASK = '***';

export function createRedactor(secrets: ReadonlyArray<string | undefined>): Redactor {
  const needles = new Set<string>();
  for (const secret of secrets) {
    if (!secret) continue;
    needles.add(secret);
    needles.add(encodeURIComponent(secret));
  }
  const ordered = [...needles].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const needle of ordered) out = out.split(needle).join(MASK);
    return out
      .replace(/(\bbearer\s+)[^\s"',;]+/gi, `$1${MASK}`)
      .replace(/([?&](?:access_)?token=)[^&#\s"']*/gi, `$1${MASK}`);
  };
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
