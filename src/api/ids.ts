// The one rule for an id that goes into a URL path, an output or saved state. Real ids are 24 hex
// digits; anything that could change a path (`/`, `.`, `..`, `%`) or a line is refused.
const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isSafeId(value: unknown): value is string {
  return typeof value === 'string' && SAFE_ID.test(value);
}

/**
 * What makes `text` fail isSafeId, in words that do not repeat it; `length` is that of the text `text`
 * stands for (a longer one when it was cut as its body was read).
 */
export function idFault(text: string, length = text.length): string {
  if (text === '') return 'it is empty';
  if (length > 64) return `it is ${length} characters long, more than 64`;
  return 'it holds characters other than letters, digits, "-" and "_"';
}
