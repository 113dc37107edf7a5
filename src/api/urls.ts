// The rule for a URL a server hands out (a resource's `url`, a step's `logUrl`): an absolute http(s)
// URL, kept as its normalised href. Text that could break a line or hide in one is refused.

const MAX_URL_LENGTH = 4096;

/**
 * The normalised href of an absolute http(s) URL, or what is wrong with `value` (never the value).
 * `length` is that of the text `value` stands for (a longer one when it was cut as its body was read).
 */
export function checkUrl(value: string, length = value.length): { href: string } | { fault: string } {
  if (length > MAX_URL_LENGTH) return { fault: `it is longer than ${MAX_URL_LENGTH} characters` };
  if (/[\s\p{Cc}\p{Cf}]/u.test(value)) return { fault: 'it holds whitespace or control characters' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { fault: 'it is not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { fault: 'it is not http or https' };
  return { href: url.href };
}
