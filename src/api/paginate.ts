// Walks a `limit`/`skip` list to its end: the API has no cursor, count or Link header, so a page
// shorter than `limit` (or an empty one) is the only sign that there is nothing more.

import { RequestValidationError } from './errors.ts';

export async function* paginate<T>(
  fetchPage: (page: { limit: number; skip: number }) => Promise<T[]>,
  limit: number,
): AsyncGenerator<T> {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RequestValidationError('limit', `limit must be a positive integer (got ${String(limit)})`);
  }
  let skip = 0;
  for (;;) {
    const page = await fetchPage({ limit, skip });
    yield* page;
    if (page.length < limit || page.length === 0) return;
    skip += page.length;
  }
}
