// The base URL rule: a service root (or its API root) becomes the API root the client talks to.

import { RequestValidationError } from './errors.ts';

/** `https://host/x/` → `https://host/x/api/v3`; refuses anything but plain http(s) URLs. */
export function normaliseApiUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new RequestValidationError('baseUrl', `baseUrl is not a valid URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new RequestValidationError('baseUrl', `baseUrl must use http or https (got ${url.protocol})`);
  }
  if (url.username || url.password) {
    throw new RequestValidationError(
      'baseUrl',
      'baseUrl must not contain credentials; pass the token instead',
    );
  }
  const path = url.pathname.replace(/\/+$/, '');
  const apiPath = /\/api\/v3$/i.test(path) ? path : `${path}/api/v3`;
  return `${url.origin}${apiPath}`;
}
