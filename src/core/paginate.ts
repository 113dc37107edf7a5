// Walks a `limit`/`skip` list: the API has no cursor, count or Link header, so a page shorter than
// `limit` (or an empty one) is the only sign that there is nothing more.

import { RequestValidationError } from '../api/errors.ts';

interface PaginateOptions<T> {
  /**
   * Identity of an item. Items already seen are dropped, and a page that brings nothing new ends
   * the walk: a server that ignores `skip` answers with the first page again and again.
   */
  key?: (item: T) => string;
  /** No more than this many pages are asked for. */
  maxPages?: number;
}

/** Asks for pages at skip 0, `limit`, 2 × `limit`… and hands out their items in order. */
export async function* paginate<T>(
  fetchPage: (page: { limit: number; skip: number }) => Promise<T[]>,
  limit: number,
  options: PaginateOptions<T> = {},
): AsyncGenerator<T> {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RequestValidationError('limit', `limit must be a positive integer (got ${String(limit)})`);
  }
  const { key, maxPages = Infinity } = options;
  if (maxPages !== Infinity && (!Number.isInteger(maxPages) || maxPages < 1)) {
    throw new RequestValidationError(
      'maxPages',
      `maxPages must be a positive integer (got ${String(maxPages)})`,
    );
  }
  const seen = new Set<string>();
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await fetchPage({ limit, skip: pages * limit });
    const fresh = key ? unseen(page, key, seen) : page;
    yield* fresh;
    if (page.length < limit || fresh.length === 0) return;
  }
}

function unseen<T>(page: readonly T[], key: (item: T) => string, seen: Set<string>): T[] {
  const fresh: T[] = [];
  for (const item of page) {
    const id = key(item);
    if (seen.has(id)) continue;
    seen.add(id);
    fresh.push(item);
  }
  return fresh;
}
