// What requests may carry, as valibot schemas: the spec's rules for query strings and bodies.
// validation.ts runs them for fastify and tells their issues the way real servers (Joi) did.
import * as v from 'valibot';
import { APPLICATION_SORTS, CREATION_SORTS } from '../spec/api-v3.ts';

const STATUSES = ['notstarted', 'started', 'finished', 'running'] as const;
const RESULTS = ['aborted', 'unknown', 'passed', 'failed'] as const;

// Two conventions that validation.ts relies on: a `custom` schema is a type check whose message names
// the type, and a picklist's message lists its valid values.

const isRecord = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

/** A whole number, checked on the value as it is (a body's `"5"` is not one). */
export const integer = v.custom<number>((input) => Number.isInteger(input), 'integer');

export const oneOf = <const T extends readonly (string | number)[]>(options: T) =>
  v.picklist(options, options.join(', '));

/** A closed object: its entries (optional ones wrapped in `v.optional`), nothing else. */
export function closed<E extends v.ObjectEntries>(entries: E) {
  // valibot's object schemas take an array for an object; JSON does not.
  return v.pipe(v.custom<Record<string, unknown>>(isRecord, 'object'), v.strictObject(entries));
}

// ---- query strings ----

/**
 * Query values arrive as text: any text JavaScript reads as a number ('' excepted) becomes that number,
 * as it always did here ('1e1' is 10); anything else is left for the check to refuse.
 */
function fromText(input: unknown): unknown {
  if (typeof input !== 'string' || input === '') return input;
  const n = Number(input);
  return Number.isNaN(n) ? input : n;
}

const queryInteger = v.pipe(v.unknown(), v.transform(fromText), integer);
const limit = (max: number) => v.pipe(queryInteger, v.minValue(1), v.maxValue(max));
const skip = v.optional(v.pipe(queryInteger, v.minValue(0)), 0);
const stackFilter = v.optional(v.pipe(queryInteger, oneOf([1, 5, 6])));
const str = v.optional(v.string());
const statusFilter = v.optional(v.pipe(v.string(), oneOf(STATUSES)));
const resultFilter = v.optional(v.pipe(v.string(), oneOf(RESULTS)));
const creationSort = v.optional(v.pipe(v.string(), oneOf(CREATION_SORTS)), 'creationDateDesc');

/** Query strings stay open: `token` and unknown parameters pass, as real servers let them. */
const query = <E extends v.ObjectEntries>(entries: E) => v.looseObject({ token: str, ...entries });

export const runsQuery = query({
  applicationId: str,
  pipelineId: str,
  limit: v.optional(limit(20)),
  skip,
  sort: creationSort,
  status: statusFilter,
  result: resultFilter,
  branch: str,
  tag: str,
  commit: str,
  sourceRun: str,
  author: str,
});

export const applicationsQuery = query({
  stack: stackFilter,
  limit: v.optional(limit(100), 20),
  skip,
  sort: v.optional(v.pipe(v.string(), oneOf(APPLICATION_SORTS)), 'nameAsc'),
});

/** What the builds and deploys lists of an application both take, after their own filters. */
const classicListFields = {
  result: resultFilter,
  stack: stackFilter,
  status: statusFilter,
  limit: v.optional(limit(20), 10),
  skip,
  sort: creationSort,
};

export const buildsQuery = query({
  branch: str,
  commit: v.optional(v.pipe(v.string(), v.minLength(40), v.maxLength(40))),
  ...classicListFields,
});

export const deploysQuery = query({ buildId: str, ...classicListFields });

export const workflowsQuery = query({
  applicationId: v.pipe(v.string(), v.minLength(1)),
  limit: v.optional(limit(20), 10),
  skip,
  sort: creationSort,
});

export const pipelinesQuery = query({ limit: v.optional(limit(100), 20), skip });

// ---- bodies: nothing is coerced ----

const nonEmpty = v.pipe(v.string(), v.minLength(1));
/** What every trigger may say besides what it triggers: the commit and the variables. */
const triggerFields = {
  branch: v.optional(nonEmpty),
  commitHash: v.optional(nonEmpty),
  message: v.optional(v.string()),
  envVars: v.optional(v.array(closed({ key: nonEmpty, value: v.string() }))),
};

const runTriggerFields = {
  pipelineId: nonEmpty,
  sourceRunId: v.optional(nonEmpty),
  ...triggerFields,
  tag: v.optional(nonEmpty),
};
export const runTriggerBody = closed(runTriggerFields);
/** The keys a POST /runs body may hold (the lenientTriggerBody quirk drops the others). */
export const RUN_TRIGGER_KEYS: readonly string[] = Object.keys(runTriggerFields);

export const buildTriggerBody = closed({ applicationId: nonEmpty, ...triggerFields });

export const patchApplicationBody = closed({
  // valibot checks an array's items before its size; this checks the size first.
  ignoredBranches: v.pipe(v.array(v.unknown()), v.maxLength(10), v.array(v.string())),
});
