// The one place where a service URL becomes the API root: the action's settings and the client (and
// so the CLI) both go through normaliseApiUrl, so they agree on every URL.

import { RequestValidationError } from './errors.ts';

const API_ROOT = '/api/v3';
// Without regard to case, as the client always matched it; the path is kept as written.
const ENDS_AT_API_ROOT = /\/api\/v3$/i;
const INSIDE_API = /\/api\/v3\//i;

/**
 * `https://host/x/` → `https://host/x/api/v3`; a path already ending in `/api/v3` keeps it. Refuses
 * anything but plain http(s) URLs, credentials in the URL, and paths inside the API (`/api/v3/runs`).
 */
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
  if (INSIDE_API.test(path)) {
    throw new RequestValidationError(
      'baseUrl',
      `baseUrl points inside the API (${API_ROOT}/...), not at the service root`,
    );
  }
  return `${url.origin}${ENDS_AT_API_ROOT.test(path) ? path : `${path}${API_ROOT}`}`;
}
