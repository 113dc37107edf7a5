// Sorting and paging shared by the list endpoints.

/** Sorts by creation time then id (ids grow with creation), newest first unless asked otherwise. */
export function byCreation<T extends { id: string }>(
  items: readonly T[],
  createdAt: (item: T) => number,
  sort: string | undefined,
): T[] {
  const sorted = [...items].sort(
    (a, b) => createdAt(a) - createdAt(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  return sort === 'creationDateAsc' ? sorted : sorted.reverse();
}

export function page<T>(items: readonly T[], skip: number | undefined, limit: number): T[] {
  const start = skip ?? 0;
  return items.slice(start, start + limit);
}
