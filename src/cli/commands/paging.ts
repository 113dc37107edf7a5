// The paging flags most list commands share; the API's rules check the ranges and the sort names.
import type { RunSort } from '../../api/types.ts';
import type { Flags, OptionSpec } from '../flags.ts';

export function pageOptions(
  maxLimit: number,
  sorts = 'creationDateDesc or creationDateAsc',
): Record<string, OptionSpec> {
  return {
    limit: { type: 'string', value: '<n>', description: `How many to list, 1 to ${maxLimit}.` },
    skip: { type: 'string', value: '<n>', description: 'How many to skip (for the next page).' },
    sort: { type: 'string', value: '<order>', description: `Order: ${sorts}.` },
  };
}

/** The values of the paging flags, for the client's list options. */
export function pageFlags<Sort extends string = RunSort>(
  flags: Flags,
): { limit: number | undefined; skip: number | undefined; sort: Sort | undefined } {
  return {
    limit: flags.integer('limit'),
    skip: flags.integer('skip'),
    sort: flags.string('sort') as Sort | undefined,
  };
}
