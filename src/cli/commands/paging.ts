// The paging flags most list commands share; the API's rules check the ranges and the sort names.
import type { OptionSpec } from '../command.ts';

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
