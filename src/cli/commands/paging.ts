// The paging and state flags most list commands share; the API's rules check the ranges and the sort names.
import type { RunSort } from '../../api/types.ts';
import type { Flags, OptionSpec } from '../flags.ts';

/** `--limit` and `--skip`; `maxLimit`, where the API has one, is shown in the help. */
export function pageOptions(maxLimit?: number): Record<string, OptionSpec> {
  const range = maxLimit === undefined ? '' : `, 1 to ${maxLimit}`;
  return {
    limit: { type: 'string', value: '<n>', description: `How many to list${range}.` },
    skip: { type: 'string', value: '<n>', description: 'How many to skip (for the next page).' },
  };
}

/** The paging flags and `--sort`, for the lists the API sorts. */
export function sortedPageOptions(
  maxLimit: number,
  sorts = 'creationDateDesc or creationDateAsc',
): Record<string, OptionSpec> {
  return {
    ...pageOptions(maxLimit),
    sort: { type: 'string', value: '<order>', description: `Order: ${sorts}.` },
  };
}

/** The values of the paging flags, for the client's list options. */
export function pageFlags(flags: Flags): { limit: number | undefined; skip: number | undefined } {
  return { limit: flags.integer('limit'), skip: flags.integer('skip') };
}

export function sortedPageFlags<Sort extends string = RunSort>(
  flags: Flags,
): { limit: number | undefined; skip: number | undefined; sort: Sort | undefined } {
  return { ...pageFlags(flags), sort: flags.string('sort') as Sort | undefined };
}

/** Filters by state, which the lists of runs, builds and deploys take. */
export const STATE_OPTIONS: Readonly<Record<'status' | 'result', OptionSpec>> = {
  status: { type: 'string', value: '<status>', description: 'notstarted, running, finished, …' },
  result: { type: 'string', value: '<result>', description: 'passed, failed, aborted or unknown.' },
};

export function stateFlags(flags: Flags): { status: string | undefined; result: string | undefined } {
  return { status: flags.string('status'), result: flags.string('result') };
}
