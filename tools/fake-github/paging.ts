// GitHub's pagination: `per_page` (default 30, at most 100) and `page` (from 1), with a Link header naming the
// first, previous, next and last pages, built from the request's own URL.

export interface Page<T> {
  items: T[];
  headers: Record<string, string>;
}

export function paginate<T>(all: readonly T[], query: Record<string, unknown>, url: URL): Page<T> {
  const perPage = Math.min(Math.max(toInt(query.per_page, 30), 1), 100);
  const page = Math.max(toInt(query.page, 1), 1);
  const items = all.slice((page - 1) * perPage, page * perPage);
  const last = Math.max(Math.ceil(all.length / perPage), 1);
  const links: string[] = [];
  const link = (number: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(number));
    links.push(`<${target.href}>; rel="${rel}"`);
  };
  if (page > 1) link(Math.min(page - 1, last), 'prev');
  if (page < last) {
    link(page + 1, 'next');
    link(last, 'last');
  }
  if (page > 1) link(1, 'first');
  return { items, headers: links.length > 0 ? { link: links.join(', ') } : {} };
}

function toInt(value: unknown, fallback: number): number {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) ? number : fallback;
}
